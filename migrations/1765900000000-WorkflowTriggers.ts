import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WorkflowTriggers1765900000000 implements MigrationInterface {
  name = 'WorkflowTriggers1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A trigger token starts runs of its one workflow; only its sha256 is kept.
    await queryRunner.query(`
      CREATE TABLE workflow_trigger_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workflow_id uuid NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
        team_id uuid NOT NULL,
        name text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX workflow_trigger_tokens_workflow_idx ON workflow_trigger_tokens (workflow_id)`);
    // What a triggered run was started with; null for manual, scheduled and retried runs.
    await queryRunner.query(`ALTER TABLE workflow_runs ADD COLUMN input jsonb`);
    await queryRunner.query(`ALTER TABLE workflow_runs DROP CONSTRAINT workflow_runs_trigger_check`);
    await queryRunner.query(`ALTER TABLE workflow_runs ADD CONSTRAINT workflow_runs_trigger_check CHECK (trigger IN ('manual', 'schedule', 'trigger'))`);
    await queryRunner.query(`ALTER TABLE audit_events DROP CONSTRAINT audit_events_actor_type_check`);
    await queryRunner.query(
      `ALTER TABLE audit_events ADD CONSTRAINT audit_events_actor_type_check CHECK (actor_type IN ('user', 'api_token', 'scim', 'system', 'anonymous', 'trigger_token'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE audit_events DROP CONSTRAINT audit_events_actor_type_check`);
    await queryRunner.query(`ALTER TABLE audit_events ADD CONSTRAINT audit_events_actor_type_check CHECK (actor_type IN ('user', 'api_token', 'scim', 'system', 'anonymous')) NOT VALID`);
    await queryRunner.query(`ALTER TABLE workflow_runs DROP CONSTRAINT workflow_runs_trigger_check`);
    await queryRunner.query(`UPDATE workflow_runs SET trigger = 'manual' WHERE trigger = 'trigger'`);
    await queryRunner.query(`ALTER TABLE workflow_runs ADD CONSTRAINT workflow_runs_trigger_check CHECK (trigger IN ('manual', 'schedule'))`);
    await queryRunner.query(`ALTER TABLE workflow_runs DROP COLUMN input`);
    await queryRunner.query(`DROP TABLE workflow_trigger_tokens`);
  }
}
