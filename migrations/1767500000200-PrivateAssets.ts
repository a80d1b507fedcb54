import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PrivateAssets1767500000200 implements MigrationInterface {
  name = 'PrivateAssets1767500000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The member whose private conversation made the asset: only they see it (issue 35 item 1).
    // Kept on the asset, not read through its conversation, so that it stays private once the
    // conversation is deleted (its conversation_id is then set null). Null: the team's (a run's
    // assets, or assets made outside a conversation). No foreign key: an asset of a deleted
    // account stays hidden rather than becoming the team's.
    await queryRunner.query(`ALTER TABLE assets ADD COLUMN private_to uuid`);
    await queryRunner.query(`
      UPDATE assets a SET private_to = c.user_id
        FROM conversations c
       WHERE a.conversation_id = c.id AND c.user_id IS NOT NULL AND c.workflow_run IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE assets DROP COLUMN private_to`);
  }
}
