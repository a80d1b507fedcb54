import { ApiProperty } from '@nestjs/swagger';
import { APPROVER_KINDS, type ApprovalPolicy, type ApproverKind, EXPIRY_ACTIONS, type ExpiryAction } from './approval-policy.js';
import { RUN_STATUSES, type RunStatus } from '../workflow-runs/workflow-run.entity.js';
import { WORKFLOW_STATUSES, type WorkflowStatus } from './entities/workflow.entity.js';

/** A reviewed step's approval policy as stored, defaults filled in (docs/decisions/approval-policies-and-timers.md). */
export class ApprovalPolicyResponse implements ApprovalPolicy {
  @ApiProperty({ enum: APPROVER_KINDS, description: "The run's starter, the members named, or any admin or owner" })
  approvers: ApproverKind;

  @ApiProperty({ type: [String], description: 'The emails of the members who approve, when approvers is members' })
  members: string[];

  @ApiProperty({ type: 'integer', minimum: 1, description: 'How many distinct approvers must approve' })
  quorum: number;

  @ApiProperty({ type: 'integer', nullable: true })
  remindAfterMinutes: number | null;

  @ApiProperty({ type: 'integer', nullable: true })
  escalateAfterMinutes: number | null;

  @ApiProperty({ type: 'integer', nullable: true })
  expireAfterMinutes: number | null;

  @ApiProperty({ enum: EXPIRY_ACTIONS })
  onExpiry: ExpiryAction;
}

export class WorkflowStepResponse {
  @ApiProperty({ type: 'integer', example: 0 })
  stepIndex: number;

  @ApiProperty({ example: 'Draft the weekly report from last week’s receipts' })
  description: string;

  @ApiProperty({ example: 'general' })
  agentId: string;

  @ApiProperty()
  requiresApproval: boolean;

  /** The step's approval policy, defaults filled in; null for a step that needs no approval. */
  @ApiProperty({ type: () => ApprovalPolicyResponse, nullable: true, description: 'The approval policy, defaults filled in; null for a step that needs no approval' })
  approvalPolicy: ApprovalPolicy | null;
}

export class CreatedWorkflowResponse {
  @ApiProperty({ format: 'uuid' })
  workflowId: string;

  @ApiProperty()
  title: string;

  @ApiProperty({ type: [WorkflowStepResponse] })
  steps: WorkflowStepResponse[];

  @ApiProperty({ enum: ['draft'] })
  status: 'draft';

  /** The draft's schedule: the one given, else the one the goal names ("every Monday at 9"); null runs by hand only. */
  @ApiProperty({ type: String, nullable: true, example: '0 9 * * 1', description: 'The one given, else the one the goal names; null runs by hand only' })
  schedule: string | null;

  @ApiProperty()
  message: string;
}

export class LatestRunResponse {
  @ApiProperty({ type: 'integer' })
  id: number;

  @ApiProperty({ type: 'integer', description: "The run's number within its workflow" })
  runNumber: number;

  @ApiProperty({ enum: RUN_STATUSES })
  status: RunStatus;

  @ApiProperty({ format: 'date-time' })
  startedAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finishedAt: string | null;
}

export class WorkflowRunResponse extends LatestRunResponse {
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed or waits' })
  reason: string | null;

  @ApiProperty({ type: 'integer' })
  currentStepIndex: number;

  @ApiProperty({ type: 'integer' })
  totalSteps: number;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  conversationId: string | null;

  @ApiProperty({ enum: ['manual', 'schedule', 'trigger'] })
  trigger: 'manual' | 'schedule' | 'trigger';

  /** The run this one retries (it reused that run's outputs for the steps before `startStepIndex`). */
  @ApiProperty({ type: 'integer', nullable: true, description: 'The run this one retries (it reused its outputs for the steps before startStepIndex)' })
  retryOf: number | null;

  @ApiProperty({ type: 'integer' })
  startStepIndex: number;
}

class WorkflowBase {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  title: string;

  @ApiProperty({ example: 'Every Monday at 9, summarise last week’s receipts' })
  goal: string;

  @ApiProperty({ enum: WORKFLOW_STATUSES })
  status: WorkflowStatus;

  @ApiProperty({ type: String, nullable: true, example: '0 9 * * 1' })
  schedule: string | null;

  @ApiProperty({ example: 'Europe/Berlin' })
  timezone: string;

  @ApiProperty({ type: 'integer' })
  planVersion: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  approvedAt: string | null;

  @ApiProperty({ type: String, nullable: true })
  approvedBy: string | null;

  /** The id of the user who created it (null for workflows made before creators were kept): `own` permissions judge by it. */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The user who created it (null for workflows made before creators were kept)' })
  createdBy: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

export class WorkflowListItemResponse extends WorkflowBase {
  @ApiProperty({ type: 'integer' })
  stepCount: number;

  @ApiProperty({ type: LatestRunResponse, nullable: true })
  latestRun: LatestRunResponse | null;
}

export class WorkflowDetailResponse extends WorkflowBase {
  @ApiProperty({ type: [WorkflowStepResponse] })
  workflowSteps: WorkflowStepResponse[];

  @ApiProperty({ type: [WorkflowRunResponse] })
  workflowRuns: WorkflowRunResponse[];
}

/** POST /api/workflows/:id/approval-mail: a fresh plan approval link is on its way. */
export class PlanApprovalMailResponse {
  @ApiProperty()
  message: string;

  /** Where the link goes: the workflow's creator, as for the first mail. */
  @ApiProperty({ type: [String], description: "Where the link goes: the workflow's creator, as for the first mail" })
  sentTo: string[];
}
