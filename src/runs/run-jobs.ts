import type { EntityManager } from 'typeorm';
import type { QueueService } from '../queue/queue.service.js';
import type { Plan } from '../config/plans.js';
import { type ApprovalPolicy, type ApprovalTimer, timerDelays } from '../workflows/approval-policy.js';

/** Executes (or goes on with) a run; any instance may take it. */
export const RUN_EXECUTE = 'run.execute';

export interface RunExecuteJob {
  runId: number;
}

/**
 * Queues the run's execution in `transaction` (see QueueService.send), in its team's group with
 * the team's plan as tier: the executor runs a team's jobs up to its plan's concurrency at once.
 */
export async function queueRunExecution(queue: QueueService, runId: number, transaction: EntityManager): Promise<void> {
  const [team] = await transaction.query<{ id: string; plan: Plan }[]>('SELECT t.id, t.plan FROM workflow_runs r JOIN teams t ON t.id = r.team_id WHERE r.id = $1', [
    runId,
  ]);
  const job: RunExecuteJob = { runId };
  // A run whose team is gone is queued ungrouped; the executor finds nothing to do for it.
  await queue.send(RUN_EXECUTE, job, team ? { group: { id: team.id, tier: team.plan } } : {}, transaction);
}

/** Asks the approvals module to mail a step approval request (a call up the module graph). */
export const STEP_APPROVAL_REQUESTED = 'approval.step-requested';

export interface StepApprovalRequest {
  runId: number;
  stepIndex: number;
  attempt: number;
  /** Why the mail goes: the step began to wait (absent), a reminder to its approvers, or an escalation to the team's admins and owners. */
  reason?: 'remind' | 'escalate';
}

/** A waiting step's timer falling due: the approvals module reminds, escalates or applies the expiry (a call up the module graph). */
export const APPROVAL_TIMER = 'approval.step-timer';

export interface ApprovalTimerJob extends StepApprovalRequest {
  timer: ApprovalTimer;
}

/**
 * The timer queue's policy: `exclusive` keeps one job queued or active per singleton key, the
 * (run, step, attempt, timer) it is for. Retries back off to a minute; the sweeper re-checks each
 * timer anyway (ApprovalTimersService), so a job lost or failed for good loses no timer.
 */
export const APPROVAL_TIMER_QUEUE = { policy: 'exclusive', retryLimit: 20, retryDelay: 5, retryBackoff: true, retryDelayMax: 60, expireInSeconds: 300 } as const;

/** The key of one timer of one attempt: its job's singleton key, as its decision is unique per the same four. */
export function timerKey({ runId, stepIndex, attempt, timer }: ApprovalTimerJob): string {
  return `${runId}:${stepIndex}:${attempt}:${timer}`;
}

/**
 * Queues the timers of the step's approval policy in `transaction` (the one that pauses the run on
 * it), each to start when it falls due: minutes after now, by the database's clock, as the step's
 * `approval_requested_at` is set in the same transaction.
 */
export async function queueApprovalTimers(queue: QueueService, request: StepApprovalRequest, policy: ApprovalPolicy, transaction: EntityManager): Promise<void> {
  await queue.declare(APPROVAL_TIMER, APPROVAL_TIMER_QUEUE);
  for (const { timer, minutes } of timerDelays(policy)) {
    const job: ApprovalTimerJob = { ...request, timer };
    await queue.send(APPROVAL_TIMER, job, { startAfter: minutes * 60, singletonKey: timerKey(job) }, transaction);
  }
}
