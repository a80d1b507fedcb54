import type { MigrationInterface, QueryRunner } from 'typeorm';

export class McpServers1766000000000 implements MigrationInterface {
  name = 'McpServers1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A team's remote MCP servers. Header values (a bearer token among them) are sealed with
    // SECRETS_ENCRYPTION_KEY (AES-256-GCM); only their names are stored in the clear, to mask them.
    await queryRunner.query(`
      CREATE TABLE mcp_servers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        name text NOT NULL,
        url text NOT NULL,
        header_names text[] NOT NULL DEFAULT '{}',
        sealed_headers text,
        allowed_tools text[],
        agent_ids text[],
        approval_tools text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT mcp_servers_team_name UNIQUE (team_id, name)
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE mcp_servers`);
  }
}
