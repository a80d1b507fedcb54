import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OidcIdentities1765400000000 implements MigrationInterface {
  name = 'OidcIdentities1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One account per (issuer, subject): the provider's stable id, never the email, which can change or be reassigned.
    await queryRunner.query(`
      CREATE TABLE oidc_identities (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        issuer text NOT NULL,
        subject text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_sign_in_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT oidc_identities_issuer_subject_key UNIQUE (issuer, subject)
      )`);
    await queryRunner.query(`CREATE INDEX oidc_identities_user_idx ON oidc_identities (user_id)`);
    // Accounts made by single sign-on have no password.
    await queryRunner.query(`ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL`);
    // The ID token of a session that single sign-on started, kept server-side as the logout's id_token_hint.
    await queryRunner.query(`ALTER TABLE sessions ADD COLUMN oidc_id_token text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sessions DROP COLUMN oidc_id_token`);
    await queryRunner.query(`DELETE FROM users WHERE password_hash IS NULL`);
    await queryRunner.query(`ALTER TABLE users ALTER COLUMN password_hash SET NOT NULL`);
    await queryRunner.query(`DROP TABLE oidc_identities`);
  }
}
