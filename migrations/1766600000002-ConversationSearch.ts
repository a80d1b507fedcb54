import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ConversationSearch1766600000002 implements MigrationInterface {
  name = 'ConversationSearch1766600000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Full-text search over what was said: the text parts of each message (files, tool calls and
    // data parts are not words anyone typed or read as prose), kept by PostgreSQL as a generated
    // column, and over titles by an expression index. 'english' stems ("bakeries" finds "bakery").
    await queryRunner.query(`
      ALTER TABLE messages ADD COLUMN search tsvector GENERATED ALWAYS AS
        (to_tsvector('english', jsonb_path_query_array(parts, '$[*] ? (@.type == "text").text')::text)) STORED`);
    await queryRunner.query(`CREATE INDEX messages_search_idx ON messages USING gin (search)`);
    await queryRunner.query(`CREATE INDEX conversations_title_search_idx ON conversations USING gin (to_tsvector('english', title))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX conversations_title_search_idx`);
    await queryRunner.query(`DROP INDEX messages_search_idx`);
    await queryRunner.query(`ALTER TABLE messages DROP COLUMN search`);
  }
}
