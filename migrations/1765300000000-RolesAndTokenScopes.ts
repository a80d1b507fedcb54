import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RolesAndTokenScopes1765300000000 implements MigrationInterface {
  name = 'RolesAndTokenScopes1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A read-only `viewer` role, for members and invitations alike (docs/permissions.md).
    for (const table of ['memberships', 'team_invitations']) {
      await queryRunner.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_role_check`);
      await queryRunner.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_role_check CHECK (role IN ('owner', 'admin', 'member', 'viewer'))`);
    }
    // An API token's scope: existing tokens keep doing what they did (read-write); logins are read-write.
    await queryRunner.query(
      `ALTER TABLE sessions ADD COLUMN scope text NOT NULL DEFAULT 'read-write' CHECK (scope IN ('read', 'read-write'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sessions DROP COLUMN scope`);
    for (const table of ['memberships', 'team_invitations']) {
      await queryRunner.query(`DELETE FROM ${table} WHERE role = 'viewer'`);
      await queryRunner.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_role_check`);
      await queryRunner.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_role_check CHECK (role IN ('owner', 'admin', 'member'))`);
    }
  }
}
