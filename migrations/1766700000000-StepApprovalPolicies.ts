import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36: an approval policy per plan step, and the timers' decisions (docs/decisions/approval-timers.md).
 * A step's policy is null until one is set: the defaults (the run's starter decides alone, no timer).
 * A timer's decision is a row of approval_decisions whose action names it; at most one per timer of
 * an attempt, whichever instance (job or sweeper) got there first. A person's decisions keep their
 * own index, now one per approver so that a quorum can gather.
 */
export class StepApprovalPolicies1766700000000 implements MigrationInterface {
  name = 'StepApprovalPolicies1766700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE workflow_steps ADD COLUMN approval_policy jsonb`);
    await queryRunner.query(`ALTER TABLE approval_decisions ADD COLUMN approver text`);
    await queryRunner.query(`ALTER TABLE approval_decisions DROP CONSTRAINT approval_decisions_action_check`);
    await queryRunner.query(`ALTER TABLE approval_decisions ADD CONSTRAINT approval_decisions_action_check CHECK (action IN ('approve', 'reject', 'remind', 'escalate', 'expire'))`);
    await queryRunner.query(`
      UPDATE approval_decisions d SET approver = coalesce(d.recipient, (SELECT u.email FROM users u WHERE u.id = d.decided_by_user_id))
       WHERE d.kind = 'step_approval'`);
    await queryRunner.query(`DROP INDEX approval_decisions_step_attempt_idx`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX approval_decisions_step_approver_idx ON approval_decisions (run_id, step_index, attempt, approver)
        WHERE kind = 'step_approval' AND action IN ('approve', 'reject')`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX approval_decisions_step_timer_idx ON approval_decisions (run_id, step_index, attempt, action)
        WHERE kind = 'step_approval' AND action IN ('remind', 'escalate', 'expire')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX approval_decisions_step_timer_idx`);
    await queryRunner.query(`DROP INDEX approval_decisions_step_approver_idx`);
    await queryRunner.query(`DELETE FROM approval_decisions WHERE action NOT IN ('approve', 'reject')`);
    await queryRunner.query(`ALTER TABLE approval_decisions DROP CONSTRAINT approval_decisions_action_check`);
    await queryRunner.query(`ALTER TABLE approval_decisions ADD CONSTRAINT approval_decisions_action_check CHECK (action IN ('approve', 'reject'))`);
    await queryRunner.query(`
      DELETE FROM approval_decisions d USING approval_decisions e
       WHERE d.kind = 'step_approval' AND e.kind = 'step_approval' AND d.run_id = e.run_id AND d.step_index = e.step_index AND d.attempt = e.attempt AND d.id > e.id`);
    await queryRunner.query(`CREATE UNIQUE INDEX approval_decisions_step_attempt_idx ON approval_decisions (run_id, step_index, attempt) WHERE kind = 'step_approval'`);
    await queryRunner.query(`ALTER TABLE approval_decisions DROP COLUMN approver`);
    await queryRunner.query(`ALTER TABLE workflow_steps DROP COLUMN approval_policy`);
  }
}
