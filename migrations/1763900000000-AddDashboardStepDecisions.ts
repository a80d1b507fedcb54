import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Step decisions taken on the dashboard: they have no link, so no `jti` (still unique among the
 * link decisions), and name the signed-in user who took them instead.
 */
export class AddDashboardStepDecisions1763900000000 implements MigrationInterface {
  name = 'AddDashboardStepDecisions1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE approval_decisions ALTER COLUMN jti DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE approval_decisions ADD COLUMN decided_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Decisions without a link cannot be kept once every decision needs one.
    await queryRunner.query(`DELETE FROM approval_decisions WHERE jti IS NULL`);
    await queryRunner.query(`ALTER TABLE approval_decisions DROP COLUMN decided_by_user_id`);
    await queryRunner.query(`ALTER TABLE approval_decisions ALTER COLUMN jti SET NOT NULL`);
  }
}
