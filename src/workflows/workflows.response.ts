import type { ApprovalPolicy } from './approval-policy.js';
import type { RunStatus } from '../workflow-runs/workflow-run.entity.js';
import type { WorkflowStatus } from './entities/workflow.entity.js';

export interface WorkflowStepResponse {
  stepIndex: number;
  description: string;
  agentId: string;
  requiresApproval: boolean;
  /** The step's approval policy, defaults filled in; null for a step that needs no approval. */
  approvalPolicy: ApprovalPolicy | null;
}

export interface CreatedWorkflowResponse {
  workflowId: string;
  title: string;
  steps: WorkflowStepResponse[];
  status: 'draft';
  /** The draft's schedule: the one given, else the one the goal names ("every Monday at 9"); null runs by hand only. */
  schedule: string | null;
  message: string;
}

export interface LatestRunResponse {
  id: number;
  runNumber: number;
  status: RunStatus;
  startedAt: string;
  finishedAt: string | null;
}

export interface WorkflowRunResponse extends LatestRunResponse {
  reason: string | null;
  currentStepIndex: number;
  totalSteps: number;
  conversationId: string | null;
  trigger: 'manual' | 'schedule' | 'trigger';
  /** The run this one retries (it reused that run's outputs for the steps before `startStepIndex`). */
  retryOf: number | null;
  startStepIndex: number;
}

interface WorkflowBase {
  id: string;
  title: string;
  goal: string;
  status: WorkflowStatus;
  schedule: string | null;
  timezone: string;
  planVersion: number;
  approvedAt: string | null;
  approvedBy: string | null;
  /** The id of the user who created it (null for workflows made before creators were kept): `own` permissions judge by it. */
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WorkflowListItemResponse extends WorkflowBase {
  stepCount: number;
  latestRun: LatestRunResponse | null;
}

export interface WorkflowDetailResponse extends WorkflowBase {
  workflowSteps: WorkflowStepResponse[];
  workflowRuns: WorkflowRunResponse[];
}

/** POST /api/workflows/:id/approval-mail: a fresh plan approval link is on its way. */
export interface PlanApprovalMailResponse {
  message: string;
  /** Where the link goes: the workflow's creator, as for the first mail. */
  sentTo: string[];
}
