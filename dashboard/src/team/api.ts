import { client, send, sendUntyped } from '../api/client';
import type {
  ApiTokenResponse,
  AuditPageResponse,
  CreatedApiTokenResponse,
  GroupMappingResponse,
  InvitationResponse,
  LeaveTeamResponse,
  McpConnectionTestResponse,
  McpServerResponse,
  MemberResponse,
  Role,
  TeamBudgetResponse,
  TeamPlanResponse,
  TeamResponse,
  UsageReportResponse,
} from '../api/types';

// The team page's calls. `sendUntyped<T>`: the document has no success schema for that answer yet,
// so T is the server's own type, named here until it does.

export const createTeam = (name: string) => sendUntyped<TeamResponse>(client.POST('/api/teams', { body: { name } }));

export const activateTeam = (id: string) => sendUntyped<unknown>(client.POST('/api/teams/{id}/activate', { params: { path: { id } } }));

export const teamPlan = (id: string) => sendUntyped<TeamPlanResponse>(client.GET('/api/teams/{id}/plan', { params: { path: { id } } }));

export const listMembers = (id: string) => sendUntyped<MemberResponse[]>(client.GET('/api/teams/{id}/members', { params: { path: { id } } }));

export const inviteMember = (id: string, email: string, role: Role) =>
  sendUntyped<InvitationResponse>(client.POST('/api/teams/{id}/members', { params: { path: { id } }, body: { email, role } }));

export const changeRole = (id: string, userId: string, role: Role) =>
  sendUntyped<unknown>(client.PATCH('/api/teams/{id}/members/{userId}', { params: { path: { id, userId } }, body: { role } }));

export const removeMember = (id: string, userId: string) => sendUntyped<unknown>(client.DELETE('/api/teams/{id}/members/{userId}', { params: { path: { id, userId } } }));

export const leaveTeam = (id: string) => sendUntyped<LeaveTeamResponse>(client.POST('/api/teams/{id}/leave', { params: { path: { id } } }));

export const listInvitations = (id: string) => sendUntyped<InvitationResponse[]>(client.GET('/api/teams/{id}/invitations', { params: { path: { id } } }));

export const revokeInvitation = (id: string, invitationId: string) =>
  sendUntyped<unknown>(client.DELETE('/api/teams/{id}/invitations/{invitationId}', { params: { path: { id, invitationId } } }));

export const acceptInvitation = (token: string) => sendUntyped<TeamResponse>(client.POST('/api/invitations/accept', { body: { token } }));

export const declineInvitation = (token: string) => sendUntyped<unknown>(client.POST('/api/invitations/decline', { body: { token } }));

export const listGroupMappings = (id: string) => sendUntyped<GroupMappingResponse[]>(client.GET('/api/teams/{id}/group-mappings', { params: { path: { id } } }));

export const addGroupMapping = (id: string, groupName: string, role: Role) =>
  sendUntyped<GroupMappingResponse>(client.POST('/api/teams/{id}/group-mappings', { params: { path: { id } }, body: { groupName, role } }));

export const removeGroupMapping = (id: string, mappingId: string) =>
  send(client.DELETE('/api/teams/{id}/group-mappings/{mappingId}', { params: { path: { id, mappingId } } }));

export interface AuditFilters {
  action: string;
  actor: string;
}

export const auditPage = (id: string, filters: AuditFilters, limit: number, cursor: string | undefined) =>
  sendUntyped<AuditPageResponse>(client.GET('/api/teams/{id}/audit', { params: { path: { id }, query: { ...filters, limit, cursor } } }));

/** A link (not a call): the browser downloads the export with the session cookie. */
export function auditExportUrl(id: string, format: 'jsonl' | 'csv'): string {
  return `/api/teams/${encodeURIComponent(id)}/audit/export?${new URLSearchParams({ format }).toString()}`;
}

export const teamBudget = (id: string) => sendUntyped<TeamBudgetResponse>(client.GET('/api/teams/{id}/budget', { params: { path: { id } } }));

export const setTeamBudget = (id: string, monthlyTokens: number | null) =>
  sendUntyped<TeamBudgetResponse>(client.PUT('/api/teams/{id}/budget', { params: { path: { id } }, body: { monthlyTokens } }));

export const usageReport = (query: { from: string; to: string; groupBy: UsageReportResponse['groupBy'] }) =>
  sendUntyped<UsageReportResponse>(client.GET('/api/usage', { params: { query } }));

export const listMcpServers = (id: string) => sendUntyped<McpServerResponse[]>(client.GET('/api/teams/{id}/mcp-servers', { params: { path: { id } } }));

export const addMcpServer = (id: string, server: { name: string; url: string; bearerToken?: string }) =>
  sendUntyped<McpServerResponse>(client.POST('/api/teams/{id}/mcp-servers', { params: { path: { id } }, body: server }));

export const testMcpServer = (id: string, serverId: string) =>
  sendUntyped<McpConnectionTestResponse>(client.POST('/api/teams/{id}/mcp-servers/{serverId}/test', { params: { path: { id, serverId } } }));

export const removeMcpServer = (id: string, serverId: string) =>
  sendUntyped<unknown>(client.DELETE('/api/teams/{id}/mcp-servers/{serverId}', { params: { path: { id, serverId } } }));

export const listApiTokens = (): Promise<ApiTokenResponse[]> => send(client.GET('/api/auth/tokens'));

export const createApiToken = (name: string, expiresInDays: number): Promise<CreatedApiTokenResponse> =>
  send(client.POST('/api/auth/tokens', { body: { name, expiresInDays } }));

export const revokeApiToken = (id: string) => send(client.DELETE('/api/auth/tokens/{id}', { params: { path: { id } } }));
