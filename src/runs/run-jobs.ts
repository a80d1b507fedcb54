import type { EntityManager } from 'typeorm';
import type { QueueService } from '../queue/queue.service.js';
import type { Plan } from '../config/plans.js';

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
}
