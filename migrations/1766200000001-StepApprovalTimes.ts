import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StepApprovalTimes1766200000001 implements MigrationInterface {
  name = 'StepApprovalTimes1766200000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    // When the current attempt began to wait for a decision (the inbox's age; its first mail went
    // then), and when a fresh mail was last asked for by hand (a second request within a minute is
    // refused). The newest link's 2 h run from the later of the two. Steps waiting now take their start.
    await queryRunner.query(`ALTER TABLE run_steps ADD COLUMN approval_requested_at timestamptz, ADD COLUMN approval_mail_requested_at timestamptz`);
    await queryRunner.query(`UPDATE run_steps SET approval_requested_at = started_at WHERE status = 'awaiting_approval'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE run_steps DROP COLUMN approval_requested_at, DROP COLUMN approval_mail_requested_at`);
  }
}
