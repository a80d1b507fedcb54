import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36 item 4: an approver's edits of a text asset before approving (docs/decisions/approve-with-edits.md).
 * `assets.content` stays the latest text (the listing, the next step); the versions keep every text,
 * version 1 being the original, written at the first edit. Who edited and the diff are in the
 * decision's audit entry.
 */
export class AssetVersions1766800000000 implements MigrationInterface {
  name = 'AssetVersions1766800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE asset_versions (
        id serial PRIMARY KEY,
        asset_id integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
        version integer NOT NULL CHECK (version >= 1),
        content text NOT NULL,
        edited_by text,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (asset_id, version)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE asset_versions`);
  }
}
