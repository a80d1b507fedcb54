import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MessageBranches1766600000000 implements MigrationInterface {
  name = 'MessageBranches1766600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The branches of a conversation not shown now: a reply generated again, or a user message
    // edited and resent, moves what followed the fork here instead of deleting it. `messages` keeps
    // only the branch shown (so every query of the history stays as it was); a row keeps its seq,
    // so a branch brought back reads in its order. `fork_seq`: the seq of the message the branch
    // follows (0: from the start); `branch_seq`: the seq of the branch's first message, which names it.
    await queryRunner.query(`
      CREATE TABLE archived_messages (
        seq bigint PRIMARY KEY,
        conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        fork_seq bigint NOT NULL,
        branch_seq bigint NOT NULL,
        message_id text NOT NULL,
        role text NOT NULL CHECK (role IN ('system', 'user', 'assistant')),
        parts jsonb NOT NULL,
        metadata jsonb,
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX archived_messages_fork_idx ON archived_messages (conversation_id, fork_seq, branch_seq)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE archived_messages`);
  }
}
