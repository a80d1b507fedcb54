import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ConversationChatIds1764300000000 implements MigrationInterface {
  name = 'ConversationChatIds1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The id a chat client made for a conversation (useChat's `id`), kept per team: two teams may
    // use the same one, and each gets its own conversation. The index also serves the lookup.
    await queryRunner.query(`ALTER TABLE conversations ADD COLUMN chat_id text CHECK (chat_id ~ '^[A-Za-z0-9_-]{1,64}$')`);
    await queryRunner.query(`CREATE UNIQUE INDEX conversations_team_chat_id_idx ON conversations (team_id, chat_id) WHERE chat_id IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX conversations_team_chat_id_idx`);
    await queryRunner.query(`ALTER TABLE conversations DROP COLUMN chat_id`);
  }
}
