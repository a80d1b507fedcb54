import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTeamsAndAuth1763856000000 implements MigrationInterface {
  name = 'CreateTeamsAndAuth1763856000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        name text NOT NULL,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
    await queryRunner.query(`
      CREATE TABLE teams (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro', 'enterprise')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE memberships (
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (team_id, user_id)
      )`);
    await queryRunner.query(`CREATE INDEX memberships_user_id_idx ON memberships (user_id)`);
    await queryRunner.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        active_team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('browser', 'api_token')),
        name text,
        token_hash text,
        user_agent text,
        ip text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        last_used_at timestamptz,
        revoked_at timestamptz,
        CHECK ((kind = 'api_token') = (token_hash IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX sessions_user_id_kind_idx ON sessions (user_id, kind)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sessions`);
    await queryRunner.query(`DROP TABLE memberships`);
    await queryRunner.query(`DROP TABLE teams`);
    await queryRunner.query(`DROP TABLE users`);
  }
}
