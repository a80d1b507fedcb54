import { ForbiddenException } from '@nestjs/common';
import type { Role } from '../entities/membership.entity.js';
// The callers' shapes are spelled out (not TeamContext's, which augments Express): the dashboard compiles this file for its types.
import type { SessionKind, TokenScope } from '../entities/session.entity.js';

/**
 * The permission table: what each role may do, in one place. The guard (PermissionGuard) reads an
 * action from @Permission() on every route and checks it here; docs/permissions.md is rendered
 * from this file and ROUTE_PERMISSIONS (a spec compares them), so the two cannot drift.
 */
interface Rule {
  /** Roles that may take the action at all. */
  roles: readonly Role[];
  /** Of those, the roles that may take it only on what they created (the service checks, by `requireMayActOn`). */
  ownOnly: readonly Role[];
  /** Whether an API token may take it (a `read` token also only on GET routes). */
  tokens: boolean;
  doc: string;
  /** The 403's message for a role the action is not for. */
  refused?: string;
  /** Whether a `read` token may use it with any method: the route checks each operation's own action (POST /mcp). */
  readTokensAnyMethod?: boolean;
}

const EVERYONE: readonly Role[] = ['owner', 'admin', 'member', 'viewer'];
const WRITERS: readonly Role[] = ['owner', 'admin', 'member'];
const MANAGERS: readonly Role[] = ['owner', 'admin'];

const rule = (roles: readonly Role[], doc: string, extra: Partial<Pick<Rule, 'ownOnly' | 'tokens' | 'refused' | 'readTokensAnyMethod'>> = {}): Rule => ({
  roles,
  ownOnly: extra.ownOnly ?? [],
  tokens: extra.tokens ?? true,
  doc,
  refused: extra.refused,
  readTokensAnyMethod: extra.readTokensAnyMethod,
});

/** Members act only on the workflows they created; owners and admins on all of the team's. */
const onOwnWorkflows = { ownOnly: ['member'] as const };
/** Conversations are private to their author, for every role (admins do not read others'). */
const onOwnConversations = { ownOnly: EVERYONE };
/** Owners and admins delete any of the team's conversations without reading it (offboarding, retention); the others only their own. */
const deletingAnyConversation = { ownOnly: ['member'] as const };

export const PERMISSIONS = {
  'account.read': rule(EVERYONE, 'the caller themselves: profile, sign-out'),
  'account.credentials': rule(EVERYONE, 'API tokens and the password: sessions only, never a token', { tokens: false }),
  'account.teams': rule(EVERYONE, 'create, switch, leave teams, answer invitations: sessions only (a token stays in its team)', { tokens: false }),
  'team.read': rule(EVERYONE, "the team's plan, members, usage, the assistant's catalog"),
  'team.members.invite': rule(MANAGERS, 'invite or add a member (only owners invite owners)', { tokens: false, refused: 'Only owners and admins can invite members' }),
  'team.members.role': rule(MANAGERS, "change a member's role (only owners make or unmake owners)", { tokens: false, refused: 'Only owners and admins can change roles' }),
  'team.members.remove': rule(EVERYONE, 'remove a member (only owners remove owners); members and viewers only themselves, which is leaving', {
    ownOnly: ['member', 'viewer'],
    tokens: false,
    refused: 'Only owners and admins can remove members',
  }),
  'team.invitations.read': rule(MANAGERS, 'pending invitations', { refused: 'Only owners and admins can see invitations' }),
  'team.invitations.revoke': rule(MANAGERS, 'revoke an invitation', { tokens: false, refused: 'Only owners and admins can revoke invitations' }),
  'team.budget.read': rule(EVERYONE, "the team's token budget"),
  'team.budget.edit': rule(['owner'], 'set the budget', { refused: "Only the team's owners set its budget" }),
  'team.group_mappings.read': rule(MANAGERS, "the team's identity-provider group mappings", { refused: "Only the team's owners and admins can see its group mappings" }),
  'team.group_mappings.edit': rule(['owner'], 'map an identity-provider group to a role, or remove the mapping (a mapping can make owners)', {
    tokens: false,
    refused: "Only the team's owners can change its group mappings",
  }),
  'team.audit': rule(MANAGERS, 'read and export the audit trail', { refused: "Only the team's owners and admins can read its audit trail" }),
  'team.webhooks.read': rule(MANAGERS, 'webhook endpoints and their deliveries', { refused: "Only the team's owners and admins can see its webhooks" }),
  'team.webhooks.manage': rule(MANAGERS, 'add, change, delete webhook endpoints, rotate their secrets, redeliver', {
    refused: "Only the team's owners and admins can manage its webhooks",
  }),
  'team.mcp_servers': rule(MANAGERS, "register, change, test and remove the team's MCP servers: sessions only (they hold secrets)", {
    tokens: false,
    refused: "Only the team's owners and admins manage its MCP servers",
  }),
  'team.tool_approvals': rule(MANAGERS, "choose which of the agents' built-in tools need a person's approval before each call", {
    refused: "Only the team's owners and admins choose which tools need approval",
  }),
  'workflow.read': rule(EVERYONE, 'workflows, their runs, run events, schedules'),
  'workflow.create': rule(WRITERS, 'create a workflow'),
  'workflow.edit': rule(WRITERS, 'replace the plan', onOwnWorkflows),
  'workflow.delete': rule(WRITERS, 'delete a workflow', onOwnWorkflows),
  'workflow.approve': rule(WRITERS, "approve the plan, resend its approval mail, decide a run's step", onOwnWorkflows),
  'workflow.run': rule(WRITERS, 'start, stop, retry a run', onOwnWorkflows),
  'workflow.schedule': rule(WRITERS, 'change, pause, resume the schedule', onOwnWorkflows),
  'conversation.read': rule(EVERYONE, "list and read one's conversations", onOwnConversations),
  'conversation.write': rule(WRITERS, 'chat (also /v1/chat/completions), stop, rename, branch, share a conversation', onOwnConversations),
  'conversation.delete': rule(WRITERS, "delete a conversation: members their own; owners and admins any of the team's, unread (offboarding, retention)", deletingAnyConversation),
  'asset.read': rule(EVERYONE, "the team's shared, run and own assets"),
  'asset.delete': rule(WRITERS, 'delete an asset (its conversation decides whose)'),
  'mcp.use': rule(EVERYONE, "the MCP server; each tool then needs its own action, and a read token sees only the read tools", { readTokensAnyMethod: true }),
} satisfies Record<string, Rule>;

export type Action = keyof typeof PERMISSIONS;

export type Access = 'yes' | 'own' | 'no';

export function accessOf(role: Role, action: Action): Access {
  const { roles, ownOnly } = PERMISSIONS[action];
  if (!roles.includes(role)) return 'no';
  return ownOnly.includes(role) ? 'own' : 'yes';
}

/** Every action of the table with what `role` may do of it: the dashboard's one source for which buttons to show. */
export function permissionsOf(role: Role): Record<Action, Access> {
  return Object.fromEntries((Object.keys(PERMISSIONS) as Action[]).map((action) => [action, accessOf(role, action)])) as Record<Action, Access>;
}

/** Why a credential may not take the action at all (the guard's 403), or null. */
export function refusal(context: { role: Role; sessionKind: SessionKind; scope: TokenScope }, action: Action, method: string): string | null {
  if (context.sessionKind === 'api_token') {
    if (!(PERMISSIONS[action]).tokens) return 'API tokens cannot do this; sign in to do it';
    if (context.scope === 'read' && !PERMISSIONS[action].readTokensAnyMethod && method !== 'GET' && method !== 'HEAD') return 'This API token is read-only';
  }
  if (accessOf(context.role, action) === 'no') return (PERMISSIONS[action]).refused ?? `Your role (${context.role}) does not allow this`;
  return null;
}

/**
 * For own-only actions, called by the service with the resource's creator: a role that may act only
 * on its own gets a 403 for another's (who the resource is visible to is the service's business).
 */
export function requireMayActOn(context: { role: Role; userId: string }, action: Action, creatorId: string | null): void {
  if (accessOf(context.role, action) === 'own' && creatorId !== context.userId) {
    throw new ForbiddenException((PERMISSIONS[action]).refused ?? `Your role (${context.role}) may do this only on what you created`);
  }
}


/** One route of the table: its action, or null for a public route (no session: sign-in, mailed links, health, pages). */
export interface RoutePermission {
  method: string;
  path: string;
  action: Action | null;
}

const ROLE_COLUMNS: readonly Role[] = ['owner', 'admin', 'member', 'viewer'];

/** The permission table as docs/permissions.md shows it (the permissions e2e spec renders it from the running app's routes and compares). */
export function renderPermissionTable(routes: readonly RoutePermission[]): string {
  const cell = (route: RoutePermission, role: Role): string => (route.action ? accessOf(role, route.action) : 'public');
  const tokenCell = (route: RoutePermission): string => {
    if (!route.action) return 'public';
    if (!(PERMISSIONS[route.action]).tokens) return 'no';
    const anyMethod = PERMISSIONS[route.action].readTokensAnyMethod === true;
    return anyMethod || route.method === 'GET' || route.method === 'HEAD' ? 'read, read-write' : 'read-write';
  };
  const rows = [...routes]
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
    .map((route) => `| ${route.method} | \`${route.path}\` | ${route.action ? `\`${route.action}\`` : '—'} | ${ROLE_COLUMNS.map((role) => cell(route, role)).join(' | ')} | ${tokenCell(route)} |`);
  const actions = (Object.entries(PERMISSIONS) as [Action, Rule][]).map(
    ([action, { doc }]) => `| \`${action}\` | ${doc} | ${ROLE_COLUMNS.map((role) => accessOf(role, action)).join(' | ')} |`,
  );
  return [
    '| Action | What | owner | admin | member | viewer |',
    '| --- | --- | --- | --- | --- | --- |',
    ...actions,
    '',
    '| Method | Path | Action | owner | admin | member | viewer | API token scopes |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
