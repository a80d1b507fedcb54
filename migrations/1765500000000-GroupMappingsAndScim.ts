import type { MigrationInterface, QueryRunner } from 'typeorm';

export class GroupMappingsAndScim1765500000000 implements MigrationInterface {
  name = 'GroupMappingsAndScim1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Where a membership came from: group sync removes only what it added (docs/decisions/group-mappings.md).
    await queryRunner.query(`ALTER TABLE memberships ADD COLUMN source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'group'))`);
    await queryRunner.query(`ALTER TABLE users ADD COLUMN deactivated_at timestamptz`);
    await queryRunner.query(`ALTER TABLE users ADD COLUMN scim_external_id text`);
    await queryRunner.query(`
      CREATE TABLE group_mappings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        group_name text NOT NULL CHECK (length(group_name) BETWEEN 1 AND 256),
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (team_id, group_name)
      )`);
    await queryRunner.query(`CREATE INDEX group_mappings_group_name ON group_mappings (group_name)`);
    await queryRunner.query(`
      CREATE TABLE scim_groups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        display_name text NOT NULL UNIQUE CHECK (length(display_name) BETWEEN 1 AND 256),
        external_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE scim_group_members (
        group_id uuid NOT NULL REFERENCES scim_groups (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        PRIMARY KEY (group_id, user_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE scim_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE scim_tokens`);
    await queryRunner.query(`DROP TABLE scim_group_members`);
    await queryRunner.query(`DROP TABLE scim_groups`);
    await queryRunner.query(`DROP TABLE group_mappings`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN scim_external_id`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN deactivated_at`);
    await queryRunner.query(`ALTER TABLE memberships DROP COLUMN source`);
  }
}
