import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SchedulePolicies1764500000000 implements MigrationInterface {
  name = 'SchedulePolicies1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // `schedule_since`: when the schedule as it stands began to count (set, changed, resumed).
    // Slots before it are not missed ones. Existing schedules start counting now.
    await queryRunner.query(`
      ALTER TABLE workflows
        ADD COLUMN schedule_paused_at timestamptz,
        ADD COLUMN schedule_since timestamptz,
        ADD COLUMN overlap_policy text NOT NULL DEFAULT 'skip' CHECK (overlap_policy IN ('skip', 'queue_one', 'cancel_running')),
        ADD COLUMN missed_run_policy text NOT NULL DEFAULT 'skip' CHECK (missed_run_policy IN ('skip', 'run_once')),
        ADD COLUMN catch_up_window_minutes integer NOT NULL DEFAULT 60 CHECK (catch_up_window_minutes BETWEEN 1 AND 10080)`);
    await queryRunner.query(`UPDATE workflows SET schedule_since = now() WHERE schedule IS NOT NULL`);
    // One row per schedule slot a workflow reached, whatever became of it. The primary key is what
    // makes a slot fire once across instances: the instance whose insert wins decides the slot.
    await queryRunner.query(`
      CREATE TABLE schedule_ticks (
        workflow_id uuid NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
        slot timestamptz NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('started', 'skipped', 'queued', 'missed')),
        run_id integer REFERENCES workflow_runs (id) ON DELETE SET NULL,
        caught_up boolean NOT NULL DEFAULT false,
        missed_before integer NOT NULL DEFAULT 0,
        detail text,
        decided_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (workflow_id, slot)
      )`);
    await queryRunner.query(`CREATE INDEX schedule_ticks_queued_idx ON schedule_ticks (slot) WHERE outcome = 'queued'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE schedule_ticks`);
    await queryRunner.query(`
      ALTER TABLE workflows
        DROP COLUMN schedule_paused_at, DROP COLUMN schedule_since, DROP COLUMN overlap_policy,
        DROP COLUMN missed_run_policy, DROP COLUMN catch_up_window_minutes`);
  }
}
