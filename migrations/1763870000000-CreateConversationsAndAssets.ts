import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateConversationsAndAssets1763870000000 implements MigrationInterface {
  name = 'CreateConversationsAndAssets1763870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE conversations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        title text NOT NULL,
        niche text NOT NULL DEFAULT 'general',
        last_agent_id text,
        workflow_run jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX conversations_team_recent_idx ON conversations (team_id, updated_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE messages (
        seq bigserial PRIMARY KEY,
        conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        message_id text NOT NULL,
        role text NOT NULL CHECK (role IN ('system', 'user', 'assistant')),
        parts jsonb NOT NULL,
        metadata jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (conversation_id, message_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE assets (
        id serial PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        conversation_id uuid REFERENCES conversations (id) ON DELETE SET NULL,
        run_id integer,
        type text NOT NULL CHECK (type IN ('social_post', 'post_outline', 'image', 'reel_script', 'script',
                                           'thumbnail', 'receipt', 'legal_analysis')),
        title varchar(100) NOT NULL,
        content text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        storage_key text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The listing's access paths (GET /api/assets): newest first per team, optionally by type,
    // and the conversation and run filters.
    await queryRunner.query(`CREATE INDEX assets_team_created_idx ON assets (team_id, created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX assets_team_type_created_idx ON assets (team_id, type, created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX assets_conversation_created_idx ON assets (conversation_id, created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX assets_run_created_idx ON assets (run_id, created_at DESC, id DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE assets`);
    await queryRunner.query(`DROP TABLE messages`);
    await queryRunner.query(`DROP TABLE conversations`);
  }
}
