import { ApiProperty } from '@nestjs/swagger';
import { APPROVAL_TIMERS, type ApprovalTimer } from '../workflows/approval-policy.js';
import type { AssetResponse } from '../assets/asset.response.js';
import { PricedFigures } from '../usage/usage-cost.js';
import { WorkflowRunResponse } from '../workflows/workflows.response.js';
import { RUN_STATUSES, type RunStatus } from '../workflow-runs/workflow-run.entity.js';
import { STEP_STATUSES, type StepStatus } from './run-step-state.service.js';

export class StartedRunResponse {
  @ApiProperty({ type: 'integer' })
  runId: number;

  @ApiProperty({ format: 'uuid', description: "The run's conversation, where its steps' replies are kept" })
  conversationId: string;

  @ApiProperty({ enum: ['Workflow run started'] })
  message: 'Workflow run started';
}

export class RetriedRunResponse extends StartedRunResponse {
  /** The run this one retries. */
  @ApiProperty({ type: 'integer', description: 'The run this one retries' })
  retryOf: number;

  @ApiProperty({ type: 'integer' })
  startStepIndex: number;
}

export class StoppedRunResponse {
  @ApiProperty({ type: 'integer' })
  runId: number;

  @ApiProperty({ enum: RUN_STATUSES })
  status: RunStatus;

  @ApiProperty()
  reason: string;
}

export class RunStepResponse {
  @ApiProperty({ type: 'integer' })
  stepIndex: number;

  /** `cancelled`: it was awaiting approval when the run was stopped. */
  @ApiProperty({ enum: STEP_STATUSES, description: 'cancelled: it was awaiting approval when the run was stopped' })
  status: StepStatus;

  /** 1, plus one for each rejection. */
  @ApiProperty({ type: 'integer', description: '1, plus one for each rejection' })
  attempt: number;

  /** Model calls the current attempt made (transient errors are tried again); 0 for a reused step. */
  @ApiProperty({ type: 'integer', description: 'Model calls the current attempt made; 0 for a reused step' })
  modelAttempts: number;

  /** The run whose output the step took instead of calling a model; null when it ran here. */
  @ApiProperty({ type: 'integer', nullable: true, description: 'The run whose output the step took instead of calling a model; null when it ran here' })
  reusedFrom: number | null;

  @ApiProperty({ format: 'date-time' })
  startedAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finishedAt: string | null;
}

/** An approval decision on one attempt of a paused step. */
export class RunDecisionResponse {
  @ApiProperty({ type: 'integer' })
  stepIndex: number;

  @ApiProperty({ type: 'integer' })
  attempt: number;

  /** A person's approve or reject; a timer's remind, escalate or expire (channel `system`, its note says what it did). */
  @ApiProperty({ enum: ['approve', 'reject', ...APPROVAL_TIMERS], description: "A person's approve or reject; a timer's remind, escalate or expire (channel system)" })
  action: 'approve' | 'reject' | ApprovalTimer;

  @ApiProperty({ type: String, nullable: true })
  note: string | null;

  @ApiProperty({ enum: ['dashboard', 'email', 'system'] })
  channel: 'dashboard' | 'email' | 'system';

  /** The user's email on the dashboard, the mailed address for a link; null for a timer, or when the user's account is gone. */
  @ApiProperty({ type: String, nullable: true, description: "The user's email on the dashboard, the mailed address for a link; null for a timer, or when the account is gone" })
  decidedBy: string | null;

  @ApiProperty({ format: 'date-time' })
  decidedAt: string;
}

/** GET /api/workflows/:id/runs/:runId: the run with its steps and the runs that retry it. */
export class RunDetailResponse extends WorkflowRunResponse {
  /** A retry's replacement instruction for its first step. */
  @ApiProperty({ type: String, nullable: true, description: "A retry's replacement instruction for its first step" })
  instructionOverride: string | null;

  /** The JSON payload a triggered run was started with; null for other runs. */
  @ApiProperty({
    description: 'The JSON payload a triggered run was started with; null for other runs',
    anyOf: [{ type: 'object', additionalProperties: true, nullable: true }, { type: 'array', items: {} }],
  })
  input: unknown;

  @ApiProperty({ type: [RunStepResponse] })
  steps: RunStepResponse[];

  /** Ids of the runs that retry this one, oldest first. */
  @ApiProperty({ type: 'integer', isArray: true, description: 'Ids of the runs that retry this one, oldest first' })
  retriedBy: number[];

  /** The tokens, calls, images and (where prices are known) cost of the run's model calls. */
  @ApiProperty({ type: PricedFigures, description: "The tokens, calls, images and (where prices are known) cost of the run's model calls" })
  usage: PricedFigures;

  /** The step approval decisions taken on the run, oldest first. */
  @ApiProperty({ type: [RunDecisionResponse], description: 'The step approval decisions taken on the run, oldest first' })
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

