import type { Schema } from './client';

// The service's response shapes: the generated document's where it describes them, else read from
// the server's own sources so the two cannot drift apart.
export type MeResponse = Schema<'MeResponse'>;
export type { AssetResponse } from '../../../src/assets/asset.response.js';
export type { AssetType } from '../../../src/assets/asset-types.js';
export type {
  ApiTokenResponse,
  AuthOptionsResponse,
  CreatedApiTokenResponse,
  LoginResponse,
  LogoutResponse,
  PasswordResetRequestedResponse,
  PasswordResetResponse,
  UserResponse,
} from '../../../src/teams/auth/auth.response.js';
export type { LeaveTeamResponse, MemberResponse, TeamPlanResponse, TeamResponse } from '../../../src/teams/teams.response.js';
export type { Role } from '../../../src/teams/entities/membership.entity.js';
export type { Action } from '../../../src/teams/permissions/permissions.js';
export type { InvitationLinkResponse, InvitationResponse } from '../../../src/teams/invitations/invitations.response.js';
export type { ConversationResponse, HistoryResponse } from '../../../src/conversations/conversations.response.js';
export type {
  CreatedWorkflowResponse,
  LatestRunResponse,
  PlanApprovalMailResponse,
  WorkflowDetailResponse,
  WorkflowListItemResponse,
  WorkflowRunResponse,
  WorkflowStepResponse,
} from '../../../src/workflows/workflows.response.js';
export type { RetriedRunResponse, RunDetailResponse, RunEvent, RunStepResponse, StartedRunResponse, StoppedRunResponse } from '../../../src/runs/runs.response.js';
export type { RunDecisionResponse } from '../../../src/runs/runs.response.js';
export type { ScheduleResponse, ScheduleSlotResponse } from '../../../src/schedules/schedules.response.js';
export type { UsageReportResponse, UsageRow } from '../../../src/usage/usage.response.js';
export type { TeamBudgetResponse } from '../../../src/usage/budget.response.js';
export type { PricedFigures } from '../../../src/usage/usage-cost.js';
export type { AgentResponse, ModelsResponse } from '../../../src/assistant/assistant-catalog.response.js';
export type { ReplyMetadata } from '../../../src/assistant/reply-metadata.js';
export type { AuditEventResponse, AuditPageResponse } from '../../../src/audit/audit.response.js';
export type { McpConnectionTestResponse, McpServerResponse, McpToolListing } from '../../../src/assistant/mcp/mcp-server.response.js';
export type { InboxDecisionResult, InboxItem, StepDecisionResponse } from '../../../src/approvals/approvals.response.js';
export type { GroupMappingResponse } from '../../../src/teams/group-mappings/group-mapping.dto.js';
export type { ForkResponse } from '../../../src/conversations/branches.response.js';
export type { MessageFeedbackResponse } from '../../../src/conversations/feedback.response.js';
export type { SearchHitResponse } from '../../../src/conversations/search.response.js';
