import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AgentToolApprovals1766500000000 implements MigrationInterface {
  name = 'AgentToolApprovals1766500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Per team and agent, the built-in tools that need a person's approval; no row: none does.
    await queryRunner.query(`
      CREATE TABLE agent_tool_approvals (
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        agent_id text NOT NULL,
        tools text[] NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (team_id, agent_id)
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE agent_tool_approvals`);
  }
}
