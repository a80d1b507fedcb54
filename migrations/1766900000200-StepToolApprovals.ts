import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 34 item 2 in runs: a step paused on its agent's call of a tool that needs approval keeps
 * the calls it asks for, and, once decided, whether they were approved (docs/decisions/run-tool-approvals.md).
 */
export class StepToolApprovals1766900000200 implements MigrationInterface {
  name = 'StepToolApprovals1766900000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE run_steps ADD COLUMN tool_approval jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE run_steps DROP COLUMN tool_approval`);
  }
}
