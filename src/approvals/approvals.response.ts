import type { RunStatus } from '../workflow-runs/workflow-run.entity.js';
import type { StepDecisionAction } from './dto/step-decision.dto.js';

export interface StepDecisionResponse {
  runId: number;
  stepIndex: number;
  action: StepDecisionAction;
  /** The run's status once the decision is applied: it goes on (or redoes the step). */
  status: RunStatus;
}

/** What a step made, as an approval names it. */
export interface MadeAssetResponse {
  id: number;
  type: string;
  title: string;
}

interface InboxItemBase {
  workflowId: string;
  workflowTitle: string;
  /** When it began to wait. */
  waitingSince: string;
  /** How long it has waited, in seconds. */
  ageSeconds: number;
  /** When the newest mailed link expires (24 h for a plan, 2 h for a step); past it, only the inbox or a fresh mail decides. */
  dueAt: string;
}

/** GET /api/approvals: a draft whose plan approval waits for the caller. */
export interface PlanInboxItem extends InboxItemBase {
  kind: 'plan';
  planVersion: number;
  stepCount: number;
}

/** GET /api/approvals: a step the caller may decide. */
export interface StepInboxItem extends InboxItemBase {
  kind: 'step';
  runId: number;
  runNumber: number;
  stepIndex: number;
  stepDescription: string;
  attempt: number;
  /** The assets this attempt made, oldest first. */
  made: MadeAssetResponse[];
  /** The step's reply, cut to a preview. */
  output: string;
}

export type InboxItem = PlanInboxItem | StepInboxItem;

/** POST /api/approvals/decide: one decision's outcome, in the order asked. */
export interface InboxDecisionResult {
  kind: 'plan' | 'step';
  workflowId: string;
  runId?: number;
  stepIndex?: number;
  action: StepDecisionAction;
  /** 200 applied; otherwise the status (403, 404, 409) the single decision's route would answer, and nothing changed. */
  status: number;
  message: string;
}

/** POST /api/workflows/:id/runs/:runId/approval-mail: a fresh step approval link is on its way. */
export interface StepApprovalMailResponse {
  message: string;
  /** Where the link goes: whoever started the run (the workflow's creator for scheduled runs), as for the first mail. */
  sentTo: string[];
  stepIndex: number;
  attempt: number;
}
