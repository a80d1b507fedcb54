import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SharedConversations1767600000000 implements MigrationInterface {
  name = 'SharedConversations1767600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // When the author shared the chat with the team (read-only for the others; issue 35 item 1);
    // null: private. The assets it made are the team's while it is shared (assets.private_to null).
    await queryRunner.query(`ALTER TABLE conversations ADD COLUMN shared_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE conversations DROP COLUMN shared_at`);
  }
}
