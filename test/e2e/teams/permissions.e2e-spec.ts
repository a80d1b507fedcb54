import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { IS_PUBLIC } from '../../../src/common/public.decorator.js';
import { servedRoutes } from '../../../src/http/route-table.js';
import type { Role } from '../../../src/teams/entities/membership.entity.js';
import { permissionOf } from '../../../src/teams/permissions/permission.decorator.js';
import { accessOf, type Action, renderPermissionTable, type RoutePermission } from '../../../src/teams/permissions/permissions.js';
import { snapshotDatabase } from '../../helpers/database-snapshot.js';
import { api, type Caller } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { joinTeam } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

const PERMISSIONS_DOC = join(import.meta.dirname, '../../../docs/permissions.md');
const TABLE_START = '<!-- permission table: rendered from the code by test/e2e/teams/permissions.e2e-spec.ts -->';
const TABLE_END = '<!-- end of permission table -->';

/** Allowed calls the sweep does not make: they would end the caller's session or move it to another team. */
const NOT_SWEPT = new Set(['POST /api/auth/logout', 'POST /api/teams', 'POST /api/teams/:id/leave', 'POST /api/teams/:id/activate']);

/** The workflow routes a role may take only on its own workflows, each with the action the table gives it. */
const WORKFLOW_ACTIONS: { method: Method; path: (id: string) => string; action: Action; body?: object }[] = [
  { method: 'post', path: (id) => `/api/workflows/${id}/steps`, action: 'workflow.edit', body: { steps: [{ description: 'Write it' }] } },
  { method: 'delete', path: (id) => `/api/workflows/${id}`, action: 'workflow.delete' },
  { method: 'post', path: (id) => `/api/workflows/${id}/approval-mail`, action: 'workflow.approve' },
  { method: 'post', path: (id) => `/api/workflows/${id}/run`, action: 'workflow.run' },
  { method: 'post', path: (id) => `/api/workflows/${id}/runs/1/retry`, action: 'workflow.run', body: {} },
  { method: 'patch', path: (id) => `/api/workflows/${id}/schedule`, action: 'workflow.schedule', body: { schedule: '0 9 * * 1' } },
  { method: 'post', path: (id) => `/api/workflows/${id}/schedule/pause`, action: 'workflow.schedule' },
  { method: 'post', path: (id) => `/api/workflows/${id}/schedule/resume`, action: 'workflow.schedule' },
];

describe('permission table: roles and API tokens, enforced by the guard and the own-only helper', () => {
  let app: INestApplication;
  let db: DataSource;
  let owner: TestUser;
  const members = {} as Record<Exclude<Role, 'owner'> | 'otherMember', TestUser>;
  let ownersWorkflow: string;
  let membersWorkflow: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { LOGIN_RATE_LIMIT_PER_IP: '1000' } });
    await resetDatabase(app);
    db = app.get(DataSource);
    owner = await signUp(app);
    for (const [name, role] of [['admin', 'admin'], ['member', 'member'], ['otherMember', 'member'], ['viewer', 'viewer']] as const) {
      const user = await signUp(app);
      await joinTeam(app, owner, owner.teamId, user, role);
      await api(app, user).post(`/api/teams/${owner.teamId}/activate`).expect(200);
      members[name] = user;
    }
    ownersWorkflow = (await createWorkflow(app, owner, { goal: 'Every Monday at 9, write a LinkedIn post about our product news' })).workflowId;
    membersWorkflow = (await createWorkflow(app, members.member, { goal: 'Every Friday at 9, write a short team update' })).workflowId;
    // Planning is metered after the answer: both plans' usage is in before any snapshot is taken.
    await waitFor(async () => {
      const [{ count }] = await db.query<{ count: number }[]>('SELECT count(*)::int AS count FROM usage_records');
      return count >= 2;
    }, 'both plans metered');
  });
  afterAll(async () => {
    await app.close();
  });

  /** Every route the app serves (the API docs aside), with the action its @Permission names; fails on a route with neither @Permission nor @Public. */
  async function routeTable(): Promise<RoutePermission[]> {
    const routes = await servedRoutes(app as NestExpressApplication, join(import.meta.dirname, '../../../src'));
    return routes.flatMap(({ method, path, handler }) => {
      if (!handler) return [];
      const isPublic = [handler.method, handler.controller].some((target) => Reflect.getMetadata(IS_PUBLIC, target) === true);
      const permission = permissionOf(handler.controller, handler.method);
      if (!isPublic && !permission) throw new Error(`${method} ${path} has no @Permission`);
      return [{ method, path, action: isPublic ? null : (permission?.action ?? null) }];
    });
  }

  /** A path to call: the shared team where a team is named, made-up ids elsewhere (so that an allowed call finds nothing to change). */
  function concrete(path: string): string {
    return path
      .replace(/^\/api\/teams\/:id/, `/api/teams/${owner.teamId}`)
      .replace(/:runId/, '999999')
      .replace(/:[a-zA-Z]+/g, () => randomUUID());
  }

  it('docs/permissions.md shows the table the routes declare', async () => {
    const rendered = renderPermissionTable(await routeTable());
    const doc = readFileSync(PERMISSIONS_DOC, 'utf8');
    const start = doc.indexOf(TABLE_START) + TABLE_START.length;
    const end = doc.indexOf(TABLE_END);
    // WRITE_PERMISSIONS_DOC=1 rewrites the doc's table after a change to the routes or the table.
    if (process.env.WRITE_PERMISSIONS_DOC === '1') writeFileSync(PERMISSIONS_DOC, `${doc.slice(0, start)}\n${rendered}\n${doc.slice(end)}`);
    else expect(doc.slice(start, end).trim()).toBe(rendered);
  });

  /** The route rows of docs/permissions.md, as written: the sweep below holds the app to the document, not to the code that renders it. */
  function documentedRoutes(): { method: string; path: string; cells: Record<Role | 'read token', boolean> }[] {
    return readFileSync(PERMISSIONS_DOC, 'utf8')
      .split('\n')
      .flatMap((line) => {
        const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
        if (cells.length !== 8 || !/^[A-Z]+$/.test(cells[0]) || cells[2] === '—') return [];
        const [method, path, , owner, admin, member, viewer, scopes] = cells;
        const allowed = (cell: string) => cell === 'yes' || cell === 'own';
        return [{
          method,
          path: path.replaceAll('`', ''),
          // The read token is the owner's: allowed where the owner is and its scope is listed.
          cells: { owner: allowed(owner), admin: allowed(admin), member: allowed(member), viewer: allowed(viewer), 'read token': allowed(owner) && scopes.split(', ').includes('read') },
        }];
      });
  }

  it('answers every route, as each role and as a read token, as docs/permissions.md says: 403 when refused (changing nothing), never 403 when allowed', async () => {
    const readToken = (await api(app, owner).post('/api/auth/tokens').send({ name: 'read', scope: 'read' }).expect(201)).body as { token: string };
    const callers: [Role | 'read token', Caller][] = [
      ['owner', owner],
      ['admin', members.admin],
      ['member', members.member],
      ['viewer', members.viewer],
      ['read token', readToken],
    ];
    const routes = documentedRoutes();
    const served = (await routeTable()).filter((route) => route.action !== null).map((route) => `${route.method} ${route.path}`);
    expect(routes.map((route) => `${route.method} ${route.path}`).sort()).toEqual(served.sort());
    const call = (caller: Caller, route: { method: string; path: string }) => api(app, caller)[route.method.toLowerCase() as Method](concrete(route.path)).send({});
    const before = await snapshotDatabase(db);
    const mismatches: string[] = [];
    let refused = 0;
    for (const route of routes) {
      for (const [name, caller] of callers) {
        if (route.cells[name]) continue;
        refused += 1;
        const { status } = await call(caller, route);
        if (status !== 403) mismatches.push(`${name}: ${route.method} ${route.path} -> ${status}, expected 403`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(await snapshotDatabase(db)).toEqual(before);
    expect(refused).toBeGreaterThan(50);
    for (const route of routes) {
      if (NOT_SWEPT.has(`${route.method} ${route.path}`)) continue;
      for (const [name, caller] of callers) {
        if (!route.cells[name]) continue;
        const { status } = await call(caller, route);
        if (status === 401 || status === 403 || status >= 500) mismatches.push(`${name}: ${route.method} ${route.path} -> ${status}, expected allowed`);
      }
    }
    expect(mismatches).toEqual([]);
    // Every route as five callers, one request at a time: more than the default 30 s on a busy machine.
  }, 120_000);

  async function workflowRow(id: string): Promise<unknown> {
    const [row] = await db.query<unknown[]>('SELECT status, plan_version, schedule, schedule_paused_at, approval_mail_requested_at FROM workflows WHERE id = $1', [id]);
    return row;
  }

  it.each(['member', 'otherMember', 'viewer'] as const)("refuses %s every action on the owner's workflow with 403 and changes nothing", async (name) => {
    const before = await workflowRow(ownersWorkflow);
    for (const route of WORKFLOW_ACTIONS) {
      const response = await api(app, members[name])[route.method](route.path(ownersWorkflow)).send(route.body ?? {});
      expect({ route: route.path(':id'), status: response.status }).toEqual({ route: route.path(':id'), status: 403 });
    }
    expect(await workflowRow(ownersWorkflow)).toEqual(before);
    // Reading stays open to every role.
    await api(app, members[name]).get(`/api/workflows/${ownersWorkflow}`).expect(200);
  });

  it('lets a member act on the workflow they created, and admins on any', async () => {
    expect(accessOf('member', 'workflow.schedule')).toBe('own');
    await api(app, members.member).post(`/api/workflows/${membersWorkflow}/schedule/pause`).expect(200);
    await api(app, members.admin).post(`/api/workflows/${ownersWorkflow}/schedule/pause`).expect(200);
    await api(app, members.otherMember).post(`/api/workflows/${membersWorkflow}/schedule/resume`).expect(403);
  });

  it('refuses a viewer every write, with nothing created', async () => {
    await api(app, members.viewer).post('/api/workflows').send({ goal: 'Every day at 9, write a post' }).expect(403);
    await api(app, members.viewer).post('/api/assistant/router').send({ messages: [] }).expect(403);
    await api(app, members.viewer).post('/v1/chat/completions').send({ model: 'x', messages: [] }).expect(403);
    await api(app, members.viewer).post('/v1/responses').send({ model: 'x', input: 'Hi' }).expect(403);
    const [{ count }] = await db.query<{ count: number }[]>('SELECT count(*)::int AS count FROM workflows WHERE created_by = $1', [members.viewer.userId]);
    expect(count).toBe(0);
    await api(app, members.viewer).get('/api/workflows').expect(200);
  });

  it("keeps a chat private to its author: other members and admins can neither list nor read it; only owners and admins may delete it unread", async () => {
    const privateChat = async () =>
      (
        await db.query<{ id: string }[]>(`INSERT INTO conversations (team_id, user_id, chat_id, title) VALUES ($1, $2, $3, 'Private') RETURNING id`, [
          owner.teamId,
          members.member.userId,
          `chat-${randomUUID()}`,
        ])
      )[0].id;
    const exists = async (id: string) => (await db.query('SELECT 1 FROM conversations WHERE id = $1', [id])).length === 1;
    const id = await privateChat();
    for (const reader of [members.otherMember, members.admin, owner]) {
      const list = await api(app, reader).get('/api/assistant/conversations').expect(200);
      expect((list.body as { id: string }[]).map((conversation) => conversation.id)).not.toContain(id);
      await api(app, reader).get(`/api/assistant/history?id=${id}`).expect(404);
    }
    await api(app, members.otherMember).delete(`/api/assistant/conversations?id=${id}`).expect(404);
    expectError(await api(app, members.viewer).delete(`/api/assistant/conversations?id=${id}`), 403);
    expect(await exists(id)).toBe(true);
    const own = await api(app, members.member).get('/api/assistant/conversations').expect(200);
    expect((own.body as { id: string }[]).map((conversation) => conversation.id)).toContain(id);
    await api(app, members.member).get(`/api/assistant/history?id=${id}`).expect(200);

    // Offboarding and retention: an admin or owner deletes it by its id or its client's chat id, and the trail says who.
    await api(app, members.admin).delete(`/api/assistant/conversations?id=${id}`).expect(200, { success: true });
    expect(await exists(id)).toBe(false);
    const [byChatId] = await db.query<{ id: string; chat_id: string }[]>('SELECT id, chat_id FROM conversations WHERE id = $1', [await privateChat()]);
    await api(app, owner).delete(`/api/assistant/conversations?id=${byChatId.chat_id}`).expect(200, { success: true });
    expect(await exists(byChatId.id)).toBe(false);
    const deletions = await db.query<{ actor_id: string; target_id: string }[]>(
      `SELECT actor_id, target_id FROM audit_events WHERE team_id = $1 AND action = 'conversation.deleted' AND target_id = ANY($2) ORDER BY id`,
      [owner.teamId, [id, byChatId.id]],
    );
    expect(deletions).toEqual([
      { actor_id: members.admin.userId, target_id: id },
      { actor_id: owner.userId, target_id: byChatId.id },
    ]);
    // Another team's owner reaches nothing of this team.
    const outsider = await signUp(app);
    const other = await privateChat();
    expectError(await api(app, outsider).delete(`/api/assistant/conversations?id=${other}`), 404, 'Conversation not found');
    expect(await exists(other)).toBe(true);
  });

  describe('API tokens', () => {
    async function tokenOf(user: TestUser, scope?: 'read' | 'read-write'): Promise<Caller & { id: string }> {
      const response = await api(app, user).post('/api/auth/tokens').send({ name: 'script', ...(scope ? { scope } : {}) }).expect(201);
      const body = response.body as { id: string; token: string; scope: string };
      expect(body.scope).toBe(scope ?? 'read-write');
      return { id: body.id, token: body.token };
    }

    it('a read token reads but gets 403 on any write', async () => {
      const token = await tokenOf(owner, 'read');
      await api(app, token).get('/api/workflows').expect(200);
      await api(app, token).post('/api/workflows').send({ goal: 'Every day at 9, write a post' }).expect(403);
      await api(app, token).post(`/api/workflows/${ownersWorkflow}/schedule/pause`).expect(403);
      await api(app, token).put(`/api/teams/${owner.teamId}/budget`).send({ monthlyTokens: 1000 }).expect(403);
    });

    it('a token never makes tokens, invites, changes roles or credentials, revokes tokens, or acts in another team', async () => {
      const token = await tokenOf(owner);
      const other = await tokenOf(owner);
      await api(app, token).post('/api/auth/tokens').send({ name: 'more' }).expect(403);
      await api(app, token).delete(`/api/auth/tokens/${other.id}`).expect(403);
      await api(app, token).post('/api/auth/password').send({ currentPassword: owner.password, newPassword: 'another correct horse' }).expect(403);
      await api(app, token).post(`/api/teams/${owner.teamId}/invitations`).send({ email: 'someone@example.com', role: 'member' }).expect(403);
      await api(app, token).patch(`/api/teams/${owner.teamId}/members/${members.member.userId}`).send({ role: 'admin' }).expect(403);
      const [{ role }] = await db.query<{ role: string }[]>('SELECT role FROM memberships WHERE team_id = $1 AND user_id = $2', [owner.teamId, members.member.userId]);
      expect(role).toBe('member');
      // The admin's personal team: the admin's token made there cannot act in the shared team, by naming it or by switching.
      const adminsToken = await api(app, members.admin).post(`/api/teams/${owner.teamId}/activate`).expect(200);
      expect(adminsToken.status).toBe(200);
      const session = await tokenOf(members.admin);
      const personal = (await api(app, members.admin).get('/api/teams').expect(200)).body as { id: string }[];
      const elsewhere = personal.find((team) => team.id !== owner.teamId);
      if (!elsewhere) throw new Error('the admin has a personal team');
      await api(app, session).get(`/api/teams/${elsewhere.id}/plan`).expect(404);
      await api(app, session).post(`/api/teams/${elsewhere.id}/activate`).expect(403);
      await api(app, session).get(`/api/teams/${owner.teamId}/plan`).expect(200);
      await api(app, token).get('/api/workflows').expect(200);
    });
  });
});
