import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MessageFeedbackAndTitles1766600000001 implements MigrationInterface {
  name = 'MessageFeedbackAndTitles1766600000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One rating per member per reply, changed in place. The agent and model are copied from the
    // reply's metadata when it is rated, so the counts per agent and model need no read of messages
    // (a reply generated again moves to archived_messages; its rating stays counted).
    await queryRunner.query(`
      CREATE TABLE message_feedback (
        conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        message_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        rating text NOT NULL CHECK (rating IN ('up', 'down')),
        note text,
        agent_id text,
        model_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (conversation_id, message_id, user_id)
      )`);
    await queryRunner.query(`CREATE INDEX message_feedback_team_idx ON message_feedback (team_id, updated_at)`);
    // A title the model wrote or a person chose: the one cut from the first message is replaced
    // once, after the first reply, and a rename is never overwritten.
    await queryRunner.query(`ALTER TABLE conversations ADD COLUMN title_final boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`UPDATE conversations SET title_final = true`);
    // The call that writes a title is recorded in the ledger under a kind of its own.
    await queryRunner.query(`ALTER TABLE usage_records DROP CONSTRAINT usage_records_kind_check`);
    await queryRunner.query(`ALTER TABLE usage_records ADD CONSTRAINT usage_records_kind_check CHECK (kind IN ('chat', 'routing', 'planning', 'run-step', 'tool', 'image', 'title'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM usage_records WHERE kind = 'title'`);
    await queryRunner.query(`ALTER TABLE usage_records DROP CONSTRAINT usage_records_kind_check`);
    await queryRunner.query(`ALTER TABLE usage_records ADD CONSTRAINT usage_records_kind_check CHECK (kind IN ('chat', 'routing', 'planning', 'run-step', 'tool', 'image'))`);
    await queryRunner.query(`ALTER TABLE conversations DROP COLUMN title_final`);
    await queryRunner.query(`DROP TABLE message_feedback`);
  }
}
