import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PlanApprovalMailResends1764800000000 implements MigrationInterface {
  name = 'PlanApprovalMailResends1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // When a fresh plan approval link was last asked for (POST /api/workflows/:id/approval-mail):
    // on the row, so every instance refuses a second request within a minute.
    await queryRunner.query(`ALTER TABLE workflows ADD COLUMN approval_mail_requested_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE workflows DROP COLUMN approval_mail_requested_at`);
  }
}
