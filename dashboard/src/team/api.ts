import { client, send } from '../api/client';
import type { ApiTokenResponse, CreatedApiTokenResponse, Role, UsageReportResponse } from '../api/types';

export const createTeam = (name: string) => send(client.POST('/api/teams', { body: { name } }));

export const activateTeam = (id: string) => send(client.POST('/api/teams/{id}/activate', { params: { path: { id } } }));

export const teamPlan = (id: string) => send(client.GET('/api/teams/{id}/plan', { params: { path: { id } } }));

export const listMembers = (id: string) => send(client.GET('/api/teams/{id}/members', { params: { path: { id } } }));

export const inviteMember = (id: string, email: string, role: Role) =>
  send(client.POST('/api/teams/{id}/members', { params: { path: { id } }, body: { email, role } }));

export const changeRole = (id: string, userId: string, role: Role) =>
  send(client.PATCH('/api/teams/{id}/members/{userId}', { params: { path: { id, userId } }, body: { role } }));

export const removeMember = (id: string, userId: string) => send(client.DELETE('/api/teams/{id}/members/{userId}', { params: { path: { id, userId } } }));

export const leaveTeam = (id: string) => send(client.POST('/api/teams/{id}/leave', { params: { path: { id } } }));

export const listInvitations = (id: string) => send(client.GET('/api/teams/{id}/invitations', { params: { path: { id } } }));

export const revokeInvitation = (id: string, invitationId: string) =>
  send(client.DELETE('/api/teams/{id}/invitations/{invitationId}', { params: { path: { id, invitationId } } }));

/** What the link invites to (team, inviter, address, role); the token is the key, no session needed. */
export const lookUpInvitation = (token: string) => send(client.POST('/api/invitations/lookup', { body: { token } }));

export const acceptInvitation = (token: string) => send(client.POST('/api/invitations/accept', { body: { token } }));

export const declineInvitation = (token: string) => send(client.POST('/api/invitations/decline', { body: { token } }));

export const listGroupMappings = (id: string) => send(client.GET('/api/teams/{id}/group-mappings', { params: { path: { id } } }));

export const addGroupMapping = (id: string, groupName: string, role: Role) =>
  send(client.POST('/api/teams/{id}/group-mappings', { params: { path: { id } }, body: { groupName, role } }));

export const removeGroupMapping = (id: string, mappingId: string) =>
  send(client.DELETE('/api/teams/{id}/group-mappings/{mappingId}', { params: { path: { id, mappingId } } }));

export interface AuditFilters {
  action: string;
  actor: string;
}

export const auditPage = (id: string, filters: AuditFilters, limit: number, cursor: string | undefined) =>
  send(client.GET('/api/teams/{id}/audit', { params: { path: { id }, query: { ...filters, limit, cursor } } }));

/** A link (not a call): the browser downloads the export with the session cookie. */
export function auditExportUrl(id: string, format: 'jsonl' | 'csv'): string {
  return `/api/teams/${encodeURIComponent(id)}/audit/export?${new URLSearchParams({ format }).toString()}`;
}

export const teamBudget = (id: string) => send(client.GET('/api/teams/{id}/budget', { params: { path: { id } } }));

export const setTeamBudget = (id: string, monthlyTokens: number | null) =>
  send(client.PUT('/api/teams/{id}/budget', { params: { path: { id } }, body: { monthlyTokens } }));

export const usageReport = (query: { from: string; to: string; groupBy: UsageReportResponse['groupBy'] }) =>
  send(client.GET('/api/usage', { params: { query } }));

/** Thumbs up and down on replies, per agent and model. */
export const feedbackReport = (query: { from: string; to: string }) => send(client.GET('/api/usage/feedback', { params: { query } }));

export const listMcpServers = (id: string) => send(client.GET('/api/teams/{id}/mcp-servers', { params: { path: { id } } }));

export const addMcpServer = (id: string, server: { name: string; url: string; bearerToken?: string }) =>
  send(client.POST('/api/teams/{id}/mcp-servers', { params: { path: { id } }, body: server }));

export const testMcpServer = (id: string, serverId: string) =>
  send(client.POST('/api/teams/{id}/mcp-servers/{serverId}/test', { params: { path: { id, serverId } } }));

export const removeMcpServer = (id: string, serverId: string) =>
  send(client.DELETE('/api/teams/{id}/mcp-servers/{serverId}', { params: { path: { id, serverId } } }));

export const listApiTokens = (): Promise<ApiTokenResponse[]> => send(client.GET('/api/auth/tokens'));

export const createApiToken = (name: string, expiresInDays: number): Promise<CreatedApiTokenResponse> =>
  send(client.POST('/api/auth/tokens', { body: { name, expiresInDays } }));

export const revokeApiToken = (id: string) => send(client.DELETE('/api/auth/tokens/{id}', { params: { path: { id } } }));

export const listAgentToolApprovals = (id: string) => send(client.GET('/api/teams/{id}/agents/tool-approvals', { params: { path: { id } } }));

export const setAgentToolApprovals = (id: string, agentId: string, approvalTools: string[]) =>
  send(client.PUT('/api/teams/{id}/agents/{agentId}/tool-approvals', { params: { path: { id, agentId } }, body: { approvalTools } }));
