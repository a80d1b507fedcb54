import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EmailVerification1765100000000 implements MigrationInterface {
  name = 'EmailVerification1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One outstanding verification link per account: a resend replaces it, a use clears it. Only
    // the link's SHA-256 is kept. `email_verification_sent_at` throttles resends; `signup_notice_sent_at`
    // throttles the "someone tried to register with your address" mail.
    await queryRunner.query(`
      ALTER TABLE users
        ADD COLUMN email_verified_at timestamptz,
        ADD COLUMN email_verification_token_hash text,
        ADD COLUMN email_verification_expires_at timestamptz,
        ADD COLUMN email_verification_sent_at timestamptz,
        ADD COLUMN signup_notice_sent_at timestamptz`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX users_email_verification_token_idx ON users (email_verification_token_hash) WHERE email_verification_token_hash IS NOT NULL`,
    );
    // Accounts made before verification existed count as verified (docs/decisions/): they were
    // admitted under the old rules, and many joined teams through invitations already.
    await queryRunner.query(`UPDATE users SET email_verified_at = created_at`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX users_email_verification_token_idx`);
    await queryRunner.query(`
      ALTER TABLE users
        DROP COLUMN email_verified_at,
        DROP COLUMN email_verification_token_hash,
        DROP COLUMN email_verification_expires_at,
        DROP COLUMN email_verification_sent_at,
        DROP COLUMN signup_notice_sent_at`);
  }
}
