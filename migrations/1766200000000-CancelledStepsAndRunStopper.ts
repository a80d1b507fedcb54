import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CancelledStepsAndRunStopper1766200000000 implements MigrationInterface {
  name = 'CancelledStepsAndRunStopper1766200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A step awaiting approval when its run is stopped is closed as `cancelled` (nobody decided it);
    // `failed` was never written and goes.
    await queryRunner.query(`ALTER TABLE run_steps DROP CONSTRAINT run_steps_status_check`);
    await queryRunner.query(`ALTER TABLE run_steps ADD CONSTRAINT run_steps_status_check CHECK (status IN ('running', 'awaiting_approval', 'completed', 'cancelled'))`);
    // Who stopped a run: its stale approval links say so. Kept when the user is deleted (the audit trail has the rest).
    await queryRunner.query(`ALTER TABLE workflow_runs ADD COLUMN stopped_by uuid`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE workflow_runs DROP COLUMN stopped_by`);
    await queryRunner.query(`UPDATE run_steps SET status = 'failed' WHERE status = 'cancelled'`);
    await queryRunner.query(`ALTER TABLE run_steps DROP CONSTRAINT run_steps_status_check`);
    await queryRunner.query(`ALTER TABLE run_steps ADD CONSTRAINT run_steps_status_check CHECK (status IN ('running', 'awaiting_approval', 'completed', 'failed'))`);
  }
}
