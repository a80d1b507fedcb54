import type { ApprovalTimer } from '../workflows/approval-policy.js';
import type { AssetResponse } from '../assets/asset.response.js';
import type { PricedFigures } from '../usage/usage-cost.js';
import type { WorkflowRunResponse } from '../workflows/workflows.response.js';
import type { RunStatus } from '../workflow-runs/workflow-run.entity.js';
import type { StepStatus } from './run-step-state.service.js';

export interface StartedRunResponse {
  runId: number;
  conversationId: string;
  message: 'Workflow run started';
}

export interface RetriedRunResponse extends StartedRunResponse {
  /** The run this one retries. */
  retryOf: number;
  startStepIndex: number;
}

export interface StoppedRunResponse {
  runId: number;
  status: RunStatus;
  reason: string;
}

export interface RunStepResponse {
  stepIndex: number;
  /** `cancelled`: it was awaiting approval when the run was stopped. */
  status: StepStatus;
  /** 1, plus one for each rejection. */
  attempt: number;
  /** Model calls the current attempt made (transient errors are tried again); 0 for a reused step. */
  modelAttempts: number;
  /** The run whose output the step took instead of calling a model; null when it ran here. */
  reusedFrom: number | null;
  startedAt: string;
  finishedAt: string | null;
}

/** An approval decision on one attempt of a paused step. */
export interface RunDecisionResponse {
  stepIndex: number;
  attempt: number;
  /** A person's approve or reject; a timer's remind, escalate or expire (channel `system`, its note says what it did). */
  action: 'approve' | 'reject' | ApprovalTimer;
  note: string | null;
  channel: 'dashboard' | 'email' | 'system';
  /** The user's email on the dashboard, the mailed address for a link; null for a timer, or when the user's account is gone. */
  decidedBy: string | null;
  decidedAt: string;
}

/** GET /api/workflows/:id/runs/:runId: the run with its steps and the runs that retry it. */
export interface RunDetailResponse extends WorkflowRunResponse {
  /** A retry's replacement instruction for its first step. */
  instructionOverride: string | null;
  /** The JSON payload a triggered run was started with; null for other runs. */
  input: unknown;
  steps: RunStepResponse[];
  /** Ids of the runs that retry this one, oldest first. */
  retriedBy: number[];
  /** The tokens, calls, images and (where prices are known) cost of the run's model calls. */
  usage: PricedFigures;
  /** The step approval decisions taken on the run, oldest first. */
  decisions: RunDecisionResponse[];
}

/** What a run's live channel carries, as SSE `data:` JSON. */
export type RunEvent =
  | { type: 'state'; run: WorkflowRunResponse; steps: { stepIndex: number; description: string; requiresApproval: boolean }[] }
  | { type: 'status'; status: RunStatus; reason?: string | null }
  | { type: 'step-started'; stepIndex: number; description: string; attempt: number }
  | { type: 'step-finished'; stepIndex: number; description: string; awaitingApproval: boolean }
  | { type: 'asset'; asset: AssetResponse }
  | { type: 'completed' }
  | { type: 'failed'; reason: string | null }
  /** The last event of a stream this instance closes while the run goes on (it is shutting down): follow again, elsewhere. */
  | { type: 'end'; reason: 'shutdown' };

