/** Executes (or goes on with) a run; any instance may take it. */
export const RUN_EXECUTE = 'run.execute';

export interface RunExecuteJob {
  runId: number;
}

/** Asks the approvals module to mail a step approval request (a call up the module graph). */
export const STEP_APPROVAL_REQUESTED = 'approval.step-requested';

export interface StepApprovalRequest {
  runId: number;
  stepIndex: number;
  attempt: number;
}
