import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RunRetries1764600000000 implements MigrationInterface {
  name = 'RunRetries1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A retry is a run of its own linked to the run it repairs; it starts at `start_step_index`,
    // with that step's instruction replaced when `instruction_override` is set. `plan_version`:
    // the plan a run ran, so outputs are reused only under the plan that made them (null: a run
    // from before this column, whose plan is unknown).
    await queryRunner.query(`
      ALTER TABLE workflow_runs
        ADD COLUMN retry_of integer REFERENCES workflow_runs (id) ON DELETE SET NULL,
        ADD COLUMN start_step_index integer NOT NULL DEFAULT 0,
        ADD COLUMN instruction_override text,
        ADD COLUMN plan_version integer`);
    await queryRunner.query(`CREATE INDEX workflow_runs_retry_of_idx ON workflow_runs (retry_of) WHERE retry_of IS NOT NULL`);
    // `model_attempts`: the model calls the step's current attempt made (transient errors are
    // tried again); `reused_from`: the run whose output this step took instead of calling a model.
    await queryRunner.query(`
      ALTER TABLE run_steps
        ADD COLUMN model_attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN reused_from integer REFERENCES workflow_runs (id) ON DELETE SET NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE run_steps DROP COLUMN reused_from, DROP COLUMN model_attempts`);
    await queryRunner.query(`DROP INDEX workflow_runs_retry_of_idx`);
    await queryRunner.query(`
      ALTER TABLE workflow_runs DROP COLUMN plan_version, DROP COLUMN instruction_override, DROP COLUMN start_step_index, DROP COLUMN retry_of`);
  }
}
