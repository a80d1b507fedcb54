import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * At most one decision per attempt of a step, whether a link or the dashboard took it. Also what a
 * link clicked after the step moved on looks up, to answer by the decision that stands.
 */
export class OneDecisionPerStepAttempt1764000000000 implements MigrationInterface {
  name = 'OneDecisionPerStepAttempt1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE UNIQUE INDEX approval_decisions_step_attempt_idx ON approval_decisions (run_id, step_index, attempt)
        WHERE kind = 'step_approval'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX approval_decisions_step_attempt_idx`);
  }
}
