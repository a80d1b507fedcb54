import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every session expires, API tokens included: tokens made before expiries existed get 90 days
 * from now (the default lifetime), so that none lasts forever and none stops without warning.
 */
export class ApiTokenExpiry1764100000000 implements MigrationInterface {
  name = 'ApiTokenExpiry1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE sessions SET expires_at = now() + interval '90 days' WHERE expires_at IS NULL`);
    await queryRunner.query(`ALTER TABLE sessions ALTER COLUMN expires_at SET NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sessions ALTER COLUMN expires_at DROP NOT NULL`);
  }
}
