import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UsageLedger1764400000000 implements MigrationInterface {
  name = 'UsageLedger1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row per model call. Only the team is a foreign key: the ledger outlives the users,
    // conversations, workflows and runs it names (what was spent stays spent), and a batch must
    // never fail because one of them was deleted before it was written.
    await queryRunner.query(`
      CREATE TABLE usage_records (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        user_id uuid,
        conversation_id uuid,
        workflow_id uuid,
        run_id integer,
        step_index integer,
        kind text NOT NULL CHECK (kind IN ('chat', 'routing', 'planning', 'run-step', 'tool', 'image')),
        model_id text NOT NULL,
        input_tokens integer NOT NULL CHECK (input_tokens >= 0),
        output_tokens integer NOT NULL CHECK (output_tokens >= 0),
        images integer NOT NULL DEFAULT 0 CHECK (images >= 0),
        created_at timestamptz NOT NULL
      )`);
    // The usage API reads a team's rows (an admin) or a member's own in a time range; a run's record its run's.
    await queryRunner.query(`CREATE INDEX usage_records_team_time_idx ON usage_records (team_id, created_at)`);
    await queryRunner.query(`CREATE INDEX usage_records_team_user_time_idx ON usage_records (team_id, user_id, created_at)`);
    await queryRunner.query(`CREATE INDEX usage_records_run_idx ON usage_records (run_id) WHERE run_id IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE usage_records`);
  }
}
