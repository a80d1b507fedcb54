import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36 item 4: the assets of a rejected step attempt are marked (`rejected_at`, the rejection's
 * time), so the listing can show which of a step's outputs was turned down, or leave them out.
 */
export class RejectedAssets1766900000100 implements MigrationInterface {
  name = 'RejectedAssets1766900000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE assets ADD COLUMN rejected_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE assets DROP COLUMN rejected_at`);
  }
}
