import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TeamBudgets1764700000000 implements MigrationInterface {
  name = 'TeamBudgets1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // `monthly_token_budget`: the owner's own limit below the plan's (null: the plan's);
    // `budget_alert_month`: the month (its first day) whose 80% mail went out, so each instance
    // that sees the team cross 80% sends it at most once.
    await queryRunner.query(`
      ALTER TABLE teams
        ADD COLUMN monthly_token_budget bigint CHECK (monthly_token_budget > 0),
        ADD COLUMN budget_alert_month date`);
    // A run whose team's budget is used up waits in `awaiting_budget`: in progress, like a run
    // awaiting approval, so it still holds the workflow's one active slot.
    await queryRunner.query(`
      ALTER TABLE workflow_runs DROP CONSTRAINT workflow_runs_status_check,
        ADD CONSTRAINT workflow_runs_status_check CHECK (status IN ('running', 'awaiting_approval', 'awaiting_budget', 'completed', 'failed'))`);
    await queryRunner.query(`DROP INDEX workflow_runs_one_active_idx`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX workflow_runs_one_active_idx ON workflow_runs (workflow_id)
        WHERE status IN ('running', 'awaiting_approval', 'awaiting_budget')`);
    await queryRunner.query(`CREATE INDEX workflow_runs_awaiting_budget_idx ON workflow_runs (team_id) WHERE status = 'awaiting_budget'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE workflow_runs SET status = 'failed', reason = 'The team''s monthly token budget was used up', finished_at = now() WHERE status = 'awaiting_budget'`);
    await queryRunner.query(`DROP INDEX workflow_runs_awaiting_budget_idx`);
    await queryRunner.query(`DROP INDEX workflow_runs_one_active_idx`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX workflow_runs_one_active_idx ON workflow_runs (workflow_id)
        WHERE status IN ('running', 'awaiting_approval')`);
    await queryRunner.query(`
      ALTER TABLE workflow_runs DROP CONSTRAINT workflow_runs_status_check,
        ADD CONSTRAINT workflow_runs_status_check CHECK (status IN ('running', 'awaiting_approval', 'completed', 'failed'))`);
    await queryRunner.query(`ALTER TABLE teams DROP COLUMN budget_alert_month, DROP COLUMN monthly_token_budget`);
  }
}
