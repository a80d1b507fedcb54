/**
 * Jobs the workflows module hands to modules above it (approvals), through the queue rather
 * than a call up the module graph.
 */
export const PLAN_APPROVAL_REQUESTED = 'approval.plan-requested';

export interface PlanApprovalRequest {
  workflowId: string;
  teamId: string;
  planVersion: number;
}
