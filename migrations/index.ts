import { CreateTeamsAndAuth1763856000000 } from './1763856000000-CreateTeamsAndAuth.js';
import { CreateConversationsAndAssets1763870000000 } from './1763870000000-CreateConversationsAndAssets.js';
import { CreateMailOutbox1763880000000 } from './1763880000000-CreateMailOutbox.js';
import { CreateWorkflowsAndRuns1763890000000 } from './1763890000000-CreateWorkflowsAndRuns.js';
import { AddDashboardStepDecisions1763900000000 } from './1763900000000-AddDashboardStepDecisions.js';
import { OneDecisionPerStepAttempt1764000000000 } from './1764000000000-OneDecisionPerStepAttempt.js';
import { ApiTokenExpiry1764100000000 } from './1764100000000-ApiTokenExpiry.js';
import { TeamInvitations1764200000000 } from './1764200000000-TeamInvitations.js';
import { ConversationChatIds1764300000000 } from './1764300000000-ConversationChatIds.js';
import { UsageLedger1764400000000 } from './1764400000000-UsageLedger.js';
import { SchedulePolicies1764500000000 } from './1764500000000-SchedulePolicies.js';
import { RunRetries1764600000000 } from './1764600000000-RunRetries.js';
import { TeamBudgets1764700000000 } from './1764700000000-TeamBudgets.js';
import { PlanApprovalMailResends1764800000000 } from './1764800000000-PlanApprovalMailResends.js';
import { TokenReservations1764910000000 } from './1764910000000-TokenReservations.js';
import { MailOutboxMessageIdIndex1765000000000 } from './1765000000000-MailOutboxMessageIdIndex.js';
import { EmailVerification1765100000000 } from './1765100000000-EmailVerification.js';
import { AuditEvents1765200000000 } from './1765200000000-AuditEvents.js';
import { RolesAndTokenScopes1765300000000 } from './1765300000000-RolesAndTokenScopes.js';
import { OidcIdentities1765400000000 } from './1765400000000-OidcIdentities.js';
import { GroupMappingsAndScim1765500000000 } from './1765500000000-GroupMappingsAndScim.js';
import { Webhooks1765800000000 } from './1765800000000-Webhooks.js';
import { WorkflowTriggers1765900000000 } from './1765900000000-WorkflowTriggers.js';
import { McpServers1766000000000 } from './1766000000000-McpServers.js';
import { CancelledStepsAndRunStopper1766200000000 } from './1766200000000-CancelledStepsAndRunStopper.js';
import { StepApprovalTimes1766200000001 } from './1766200000001-StepApprovalTimes.js';
import { PasswordReset1766400000000 } from './1766400000000-PasswordReset.js';
import { AgentToolApprovals1766500000000 } from './1766500000000-AgentToolApprovals.js';
import { MessageBranches1766600000000 } from './1766600000000-MessageBranches.js';
import { MessageFeedbackAndTitles1766600000001 } from './1766600000001-MessageFeedbackAndTitles.js';
import { ConversationSearch1766600000002 } from './1766600000002-ConversationSearch.js';
import { StepApprovalPolicies1766700000000 } from './1766700000000-StepApprovalPolicies.js';
import { AssetVersions1766800000000 } from './1766800000000-AssetVersions.js';
import { RejectedAssets1766900000100 } from './1766900000100-RejectedAssets.js';
import { StepToolApprovals1766900000200 } from './1766900000200-StepToolApprovals.js';
import { ApprovalDigests1767000000100 } from './1767000000100-ApprovalDigests.js';
import { SearchSnippets1767000000200 } from './1767000000200-SearchSnippets.js';
import { PrivateAssets1767500000200 } from './1767500000200-PrivateAssets.js';
import { SharedConversations1767600000000 } from './1767600000000-SharedConversations.js';
import { AssetSearch1767600000200 } from './1767600000200-AssetSearch.js';

/** Every migration, oldest first. Listed explicitly so the built app needs no file globbing. */
export const MIGRATIONS = [
  CreateTeamsAndAuth1763856000000,
  CreateConversationsAndAssets1763870000000,
  CreateMailOutbox1763880000000,
  CreateWorkflowsAndRuns1763890000000,
  AddDashboardStepDecisions1763900000000,
  OneDecisionPerStepAttempt1764000000000,
  ApiTokenExpiry1764100000000,
  TeamInvitations1764200000000,
  ConversationChatIds1764300000000,
  UsageLedger1764400000000,
  SchedulePolicies1764500000000,
  RunRetries1764600000000,
  TeamBudgets1764700000000,
  PlanApprovalMailResends1764800000000,
  TokenReservations1764910000000,
  MailOutboxMessageIdIndex1765000000000,
  EmailVerification1765100000000,
  AuditEvents1765200000000,
  RolesAndTokenScopes1765300000000,
  OidcIdentities1765400000000,
  GroupMappingsAndScim1765500000000,
  Webhooks1765800000000,
  WorkflowTriggers1765900000000,
  McpServers1766000000000,
  CancelledStepsAndRunStopper1766200000000,
  StepApprovalTimes1766200000001,
  PasswordReset1766400000000,
  AgentToolApprovals1766500000000,
  MessageBranches1766600000000,
  MessageFeedbackAndTitles1766600000001,
  ConversationSearch1766600000002,
  StepApprovalPolicies1766700000000,
  AssetVersions1766800000000,
  RejectedAssets1766900000100,
  StepToolApprovals1766900000200,
  ApprovalDigests1767000000100,
  SearchSnippets1767000000200,
  PrivateAssets1767500000200,
  SharedConversations1767600000000,
  AssetSearch1767600000200,
];
