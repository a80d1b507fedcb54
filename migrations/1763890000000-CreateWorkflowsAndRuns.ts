import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateWorkflowsAndRuns1763890000000 implements MigrationInterface {
  name = 'CreateWorkflowsAndRuns1763890000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE workflows (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        title text NOT NULL,
        goal text NOT NULL,
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'active')),
        schedule text,
        timezone text NOT NULL DEFAULT 'UTC',
        plan_version integer NOT NULL DEFAULT 1,
        approved_at timestamptz,
        approved_by text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX workflows_team_created_idx ON workflows (team_id, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX workflows_scheduled_idx ON workflows (id) WHERE status = 'active' AND schedule IS NOT NULL`);
    await queryRunner.query(`
      CREATE TABLE workflow_steps (
        workflow_id uuid NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
        step_index integer NOT NULL CHECK (step_index >= 0),
        description text NOT NULL,
        agent_id text NOT NULL,
        requires_approval boolean NOT NULL DEFAULT false,
        PRIMARY KEY (workflow_id, step_index)
      )`);
    await queryRunner.query(`
      CREATE TABLE workflow_runs (
        id serial PRIMARY KEY,
        workflow_id uuid NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        run_number integer NOT NULL,
        status text NOT NULL CHECK (status IN ('running', 'awaiting_approval', 'completed', 'failed')),
        reason text,
        current_step_index integer NOT NULL DEFAULT 0,
        total_steps integer NOT NULL,
        conversation_id uuid REFERENCES conversations (id) ON DELETE SET NULL,
        trigger text NOT NULL DEFAULT 'manual' CHECK (trigger IN ('manual', 'schedule')),
        scheduled_for timestamptz,
        started_by uuid REFERENCES users (id) ON DELETE SET NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        UNIQUE (workflow_id, run_number)
      )`);
    // SPEC §8: one run per workflow in progress, enforced by the database so concurrent
    // requests cannot both start one.
    await queryRunner.query(`
      CREATE UNIQUE INDEX workflow_runs_one_active_idx ON workflow_runs (workflow_id)
        WHERE status IN ('running', 'awaiting_approval')`);
    // A cron tick makes one run, however many instances fire it.
    await queryRunner.query(`
      CREATE UNIQUE INDEX workflow_runs_scheduled_tick_idx ON workflow_runs (workflow_id, scheduled_for)
        WHERE scheduled_for IS NOT NULL`);
    await queryRunner.query(`
      CREATE TABLE run_steps (
        run_id integer NOT NULL REFERENCES workflow_runs (id) ON DELETE CASCADE,
        step_index integer NOT NULL,
        status text NOT NULL CHECK (status IN ('running', 'awaiting_approval', 'completed', 'failed')),
        attempt integer NOT NULL DEFAULT 1,
        feedback text,
        output_text text,
        output_message_id text,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        PRIMARY KEY (run_id, step_index)
      )`);
    await queryRunner.query(`
      CREATE TABLE approval_decisions (
        id serial PRIMARY KEY,
        jti text NOT NULL UNIQUE,
        kind text NOT NULL CHECK (kind IN ('plan_approval', 'step_approval')),
        workflow_id uuid NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
        plan_version integer,
        run_id integer REFERENCES workflow_runs (id) ON DELETE CASCADE,
        step_index integer,
        attempt integer,
        action text NOT NULL CHECK (action IN ('approve', 'reject')),
        note text,
        recipient text,
        ip text,
        user_agent text,
        decided_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX approval_decisions_workflow_idx ON approval_decisions (workflow_id, decided_at)`);
    await queryRunner.query(`
      ALTER TABLE assets ADD CONSTRAINT assets_run_id_fkey
        FOREIGN KEY (run_id) REFERENCES workflow_runs (id) ON DELETE SET NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE assets DROP CONSTRAINT assets_run_id_fkey`);
    await queryRunner.query(`DROP TABLE approval_decisions`);
    await queryRunner.query(`DROP TABLE run_steps`);
    await queryRunner.query(`DROP TABLE workflow_runs`);
    await queryRunner.query(`DROP TABLE workflow_steps`);
    await queryRunner.query(`DROP TABLE workflows`);
  }
}
