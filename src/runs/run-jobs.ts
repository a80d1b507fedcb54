import type { EntityManager } from 'typeorm';
import type { QueueService } from '../queue/queue.service.js';

/** Executes (or goes on with) a run; any instance may take it. */
export const RUN_EXECUTE = 'run.execute';

export interface RunExecuteJob {
  runId: number;
}

/** Queues the run's execution; in `transaction` when given (see QueueService.send). */
export async function queueRunExecution(queue: QueueService, runId: number, transaction?: EntityManager): Promise<void> {
  const job: RunExecuteJob = { runId };
  await queue.send(RUN_EXECUTE, job, {}, transaction);
}

/** Asks the approvals module to mail a step approval request (a call up the module graph). */
export const STEP_APPROVAL_REQUESTED = 'approval.step-requested';

export interface StepApprovalRequest {
  runId: number;
  stepIndex: number;
  attempt: number;
}
