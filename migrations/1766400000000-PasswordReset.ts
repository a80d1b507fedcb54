import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PasswordReset1766400000000 implements MigrationInterface {
  name = 'PasswordReset1766400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One outstanding password reset link per account, as for email verification: a new request
    // replaces it, a use or a password change clears it. Only the link's SHA-256 is kept.
    // `password_reset_sent_at` holds mails to one address to one per interval.
    await queryRunner.query(`
      ALTER TABLE users
        ADD COLUMN password_reset_token_hash text,
        ADD COLUMN password_reset_expires_at timestamptz,
        ADD COLUMN password_reset_sent_at timestamptz`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_password_reset_token_idx ON users (password_reset_token_hash) WHERE password_reset_token_hash IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX users_password_reset_token_idx`);
    await queryRunner.query(`
      ALTER TABLE users
        DROP COLUMN password_reset_token_hash,
        DROP COLUMN password_reset_expires_at,
        DROP COLUMN password_reset_sent_at`);
  }
}
