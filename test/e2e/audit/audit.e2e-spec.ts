import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SYSTEM_AUDIT } from '../../../src/audit-events/audit-context.js';
import { AuditRetention } from '../../../src/audit/audit-retention.js';
import { AuditTrailService } from '../../../src/audit/audit-trail.service.js';
import { AuditService } from '../../../src/audit-events/audit.service.js';
import type { AuditEventResponse, AuditPageResponse } from '../../../src/audit/audit.response.js';
import type { CreatedApiTokenResponse } from '../../../src/teams/auth/auth.response.js';
import { TeamsService } from '../../../src/teams/teams.service.js';
import { api, type Caller } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { invitationTokenIn, joinTeam } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const AGENT = 'audit-test-agent/1.0';

/** Issue 31 item 5: the audit trail, recorded through the API and read back through it. */
describe('audit trail', () => {
  let app: INestApplication;
  let db: DataSource;

  beforeAll(async () => {
    app = await createTestApp({ env: { LOGIN_RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    db = app.get(DataSource);
  });
  afterAll(() => app.close());

  const page = async (caller: Caller, teamId: string, query: Record<string, string | number> = {}): Promise<AuditPageResponse> =>
    (await api(app, caller).get(`/api/teams/${teamId}/audit`).query(query).expect(200)).body as AuditPageResponse;
  const actions = async (caller: Caller, teamId: string): Promise<string[]> => (await page(caller, teamId, { limit: 200 })).items.map((event) => event.action).reverse();
  const latestInvitationToken = async (email: string): Promise<string> => {
    const [mail] = await db.query<{ text: string }[]>('SELECT text FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [email.toLowerCase()]);
    return invitationTokenIn(mail.text);
  };

  it('records sign-in, sign-out, registration, password change and API tokens in the team, with who, from where and which request', async () => {
    const owner = await signUp(app);
    await api(app).post('/api/auth/login').set('User-Agent', AGENT).set('x-request-id', 'req-audit-1').send({ email: owner.email, password: owner.password }).expect(200);
    await api(app).post('/api/auth/login').send({ email: owner.email, password: 'wrong password here' }).expect(401);
    const created = (await api(app, owner).post('/api/auth/tokens').send({ name: 'CI' }).expect(201)).body as CreatedApiTokenResponse;
    await api(app, owner).delete(`/api/auth/tokens/${created.id}`).expect(200);
    await api(app, owner).post('/api/auth/password').send({ currentPassword: owner.password, newPassword: 'a brand new passphrase 42' }).expect(200);
    await api(app, owner).post('/api/auth/logout').expect(200);
    const again = await api(app).post('/api/auth/login').send({ email: owner.email, password: 'a brand new passphrase 42' }).expect(200);
    const signedIn: TestUser = { ...owner, token: (again.body as { accessToken: string }).accessToken };

    const { items } = await page(signedIn, owner.teamId);
    expect(items.map((event) => event.action).reverse()).toEqual([
      'user.registered',
      'auth.signed_in',
      'api_token.created',
      'api_token.revoked',
      'user.password_changed',
      'auth.signed_out',
      'auth.signed_in',
    ]);
    const byAction = (action: string) => items.find((event) => event.action === action)!;
    expect(byAction('user.registered')).toMatchObject({ actorType: 'user', actorId: owner.userId, targetType: 'user', targetId: owner.userId, changes: { email: owner.email } });
    const firstSignIn = items.filter((event) => event.action === 'auth.signed_in').at(-1)!;
    expect(firstSignIn).toMatchObject({ actorId: owner.userId, userAgent: AGENT, requestId: 'req-audit-1', targetType: 'session', changes: { method: 'password' } });
    expect(firstSignIn.ip).toMatch(/127\.0\.0\.1/);
    expect(byAction('api_token.created')).toMatchObject({ targetType: 'api_token', targetId: created.id, changes: { name: 'CI', expiresInDays: 90 } });
    expect(byAction('api_token.revoked')).toMatchObject({ targetId: created.id });
    // Never a secret: no password, hash or token anywhere in the trail.
    const text = JSON.stringify(items);
    expect(text).not.toContain(owner.password);
    expect(text).not.toContain('brand new passphrase');
    expect(text).not.toContain(created.token);

    // The failed sign-in names no team: it is deployment-wide, for the operator.
    const deployment = await app.get(AuditTrailService).listDeployment(10);
    expect(deployment.find((event) => event.targetId === owner.userId)).toMatchObject({
      teamId: null,
      actorType: 'anonymous',
      action: 'auth.sign_in_failed',
      changes: { email: owner.email, method: 'password' },
    });
    expect(JSON.stringify(deployment)).not.toContain('wrong password here');
  });

  it('records invitations sent, revoked, declined and accepted, members added, role changes, removals, budgets and plans', async () => {
    const [owner, admin, declining, revoked] = [await signUp(app), await signUp(app), await signUp(app), await signUp(app)];
    await joinTeam(app, owner, owner.teamId, admin, 'admin');
    await api(app, owner).post(`/api/teams/${owner.teamId}/invitations`).send({ email: declining.email, role: 'member' }).expect(201);
    await api(app).post('/api/invitations/decline').send({ token: await latestInvitationToken(declining.email) }).expect(200);
    const pending = (await api(app, owner).post(`/api/teams/${owner.teamId}/invitations`).send({ email: revoked.email, role: 'member' }).expect(201)).body as { id: string };
    await api(app, owner).delete(`/api/teams/${owner.teamId}/invitations/${pending.id}`).expect(200);
    await api(app, owner).patch(`/api/teams/${owner.teamId}/members/${admin.userId}`).send({ role: 'member' }).expect(200);
    await api(app, owner).put(`/api/teams/${owner.teamId}/budget`).send({ monthlyTokens: 1000 }).expect(200);
    await api(app, owner).delete(`/api/teams/${owner.teamId}/members/${admin.userId}`).expect(200);
    await app.get(TeamsService).setPlan(owner.teamId, 'pro');

    expect(await actions(owner, owner.teamId)).toEqual([
      'user.registered',
      'invitation.sent',
      'invitation.accepted',
      'member.added',
      'invitation.sent',
      'invitation.declined',
      'invitation.sent',
      'invitation.revoked',
      'member.role_changed',
      'budget.changed',
      'member.removed',
      'team.plan_changed',
    ]);
    const { items } = await page(owner, owner.teamId);
    const find = (action: string) => items.find((event) => event.action === action)!;
    expect(find('member.added')).toMatchObject({ actorId: admin.userId, targetId: admin.userId, changes: { role: { before: null, after: 'admin' } } });
    expect(find('invitation.declined')).toMatchObject({ actorType: 'anonymous', actorId: null, changes: { email: declining.email } });
    expect(find('invitation.revoked')).toMatchObject({ actorId: owner.userId, targetId: pending.id });
    expect(find('member.role_changed')).toMatchObject({ actorId: owner.userId, targetId: admin.userId, changes: { role: { before: 'admin', after: 'member' } } });
    expect(find('budget.changed')).toMatchObject({ changes: { monthlyTokens: { before: null, after: 1000 } } });
    expect(find('member.removed')).toMatchObject({ targetId: admin.userId, changes: { role: { before: 'member', after: null } } });
    expect(find('team.plan_changed')).toMatchObject({ actorType: 'system', actorId: null, changes: { plan: { before: 'free', after: 'pro' } } });
  });

  it('names an API token as the actor when one acts', async () => {
    const owner = await signUp(app);
    const token = (await api(app, owner).post('/api/auth/tokens').send({ name: 'script' }).expect(201)).body as CreatedApiTokenResponse;
    await api(app, { token: token.token }).put(`/api/teams/${owner.teamId}/budget`).send({ monthlyTokens: 500 }).expect(200);
    const [latest] = (await page(owner, owner.teamId)).items;
    expect(latest).toMatchObject({ action: 'budget.changed', actorType: 'api_token', actorId: owner.userId, actorTokenId: token.id });
  });

  it('is for owners and admins: members are refused, other teams see nothing of it', async () => {
    const [owner, admin, member, stranger] = [await signUp(app), await signUp(app), await signUp(app), await signUp(app)];
    await joinTeam(app, owner, owner.teamId, admin, 'admin');
    await joinTeam(app, owner, owner.teamId, member, 'member');
    expect((await page(admin, owner.teamId)).items.length).toBeGreaterThan(0);
    for (const path of ['audit', 'audit/export', 'audit/export?format=csv']) {
      const refused = await api(app, member).get(`/api/teams/${owner.teamId}/${path}`);
      expectError(refused, 403, "Only the team's owners and admins can read its audit trail");
      const hidden = await api(app, stranger).get(`/api/teams/${owner.teamId}/${path}`);
      expectError(hidden, 404, 'Team not found');
      for (const response of [refused, hidden]) {
        expect(response.text).not.toContain(owner.email);
        expect(response.text).not.toContain('invitation');
      }
    }
    // The stranger's own trail holds only their own events.
    const own = (await page(stranger, stranger.teamId)).items;
    expect(own.map((event) => event.teamId)).toEqual([stranger.teamId]);
    expectError(await api(app).get(`/api/teams/${owner.teamId}/audit`), 401);
  });

  it('pages newest first by cursor and filters by actor, action, target and time', async () => {
    const [owner, colleague] = [await signUp(app), await signUp(app)];
    await joinTeam(app, owner, owner.teamId, colleague);
    for (const monthlyTokens of [100, 200, 300, 400, 500]) await api(app, owner).put(`/api/teams/${owner.teamId}/budget`).send({ monthlyTokens }).expect(200);
    const all = (await page(owner, owner.teamId, { limit: 200 })).items;
    expect(all).toHaveLength(9);
    expect(all.map((event) => Number(event.id))).toEqual([...all.map((event) => Number(event.id))].sort((a, b) => b - a));

    const seen: AuditEventResponse[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const next: AuditPageResponse = await page(owner, owner.teamId, cursor ? { limit: 4, cursor } : { limit: 4 });
      seen.push(...next.items);
      cursor = next.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((event) => event.id)).toEqual(all.map((event) => event.id));

    const budgets = (await page(owner, owner.teamId, { action: 'budget.changed' })).items;
    expect(budgets.map((event) => (event.changes.monthlyTokens as { after: number }).after)).toEqual([500, 400, 300, 200, 100]);
    expect((await page(owner, owner.teamId, { action: 'invitation.' })).items.map((event) => event.action)).toEqual(['invitation.accepted', 'invitation.sent']);
    expect((await page(owner, owner.teamId, { actor: colleague.userId })).items.map((event) => event.action)).toEqual(['member.added', 'invitation.accepted']);
    expect((await page(owner, owner.teamId, { targetType: 'user', target: colleague.userId })).items.map((event) => event.action)).toEqual(['member.added']);
    const third = budgets[2];
    const range = (await page(owner, owner.teamId, { action: 'budget.changed', from: third.occurredAt, to: budgets[0].occurredAt })).items;
    expect(range.map((event) => event.id)).toEqual([budgets[1].id, third.id]);

    expectError(await api(app, owner).get(`/api/teams/${owner.teamId}/audit`).query({ cursor: 'abc' }), 400, [/^cursor must be the nextCursor of a page$/]);
    expectError(await api(app, owner).get(`/api/teams/${owner.teamId}/audit`).query({ action: 'DROP TABLE' }), 400);
    expectError(await api(app, owner).get(`/api/teams/${owner.teamId}/audit`).query({ from: '0000-01-01T00:00:00Z' }), 400);
  });

  it('exports a time range as JSON Lines or CSV, oldest first, streamed', async () => {
    const owner = await signUp(app);
    for (const monthlyTokens of [10, 20, 30]) await api(app, owner).put(`/api/teams/${owner.teamId}/budget`).send({ monthlyTokens }).expect(200);
    const listed = (await page(owner, owner.teamId)).items.reverse();

    const jsonl = await api(app, owner).get(`/api/teams/${owner.teamId}/audit/export`).buffer(true).expect(200);
    expect(jsonl.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(jsonl.headers['content-disposition']).toBe(`attachment; filename="audit-${owner.teamId}.jsonl"`);
    const lines = textOf(jsonl).trimEnd().split('\n').map((line) => JSON.parse(line) as AuditEventResponse);
    expect(lines).toEqual(listed);

    const from = listed[1].occurredAt;
    const to = listed[3].occurredAt;
    const csv = await api(app, owner).get(`/api/teams/${owner.teamId}/audit/export`).query({ format: 'csv', from, to }).buffer(true).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = textOf(csv).trimEnd().split('\n');
    expect(rows[0]).toBe('id,occurredAt,teamId,actorType,actorId,actorTokenId,action,targetType,targetId,ip,userAgent,requestId,changes,prevHash,hash');
    expect(rows.slice(1).map((row) => row.split(',')[0])).toEqual([`"${listed[1].id}"`, `"${listed[2].id}"`]);
    expect(rows[1]).toContain('"{""monthlyTokens"":{""after"":10,""before"":null}}"');
    expectError(await api(app, owner).get(`/api/teams/${owner.teamId}/audit/export`).query({ format: 'xml' }), 400);
  });

  describe('tamper evidence', () => {
    it('refuses UPDATE, DELETE and TRUNCATE in the database', async () => {
      const owner = await signUp(app);
      for (const sql of [
        `UPDATE audit_events SET action = 'user.nothing' WHERE team_id = $1`,
        `DELETE FROM audit_events WHERE team_id = $1`,
      ]) {
        await expect(db.query(sql, [owner.teamId])).rejects.toThrow(/audit_events is append-only: (UPDATE|DELETE) refused/);
      }
      await expect(db.query('TRUNCATE audit_events')).rejects.toThrow(/append-only: TRUNCATE refused/);
      expect((await page(owner, owner.teamId)).items).toHaveLength(1);
    });

    it('chains concurrent appends without a fork', async () => {
      const owner = await signUp(app);
      const audit = app.get(AuditService);
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          db.transaction((manager) => audit.record(manager, SYSTEM_AUDIT, { teamId: owner.teamId, action: 'test.concurrent', changes: { index } })),
        ),
      );
      const report = await app.get(AuditTrailService).verify(owner.teamId);
      expect(report).toMatchObject({ teamId: owner.teamId, checked: 21, broken: null });
      const [{ distinct }] = await db.query<{ distinct: number }[]>('SELECT count(DISTINCT prev_hash)::int AS distinct FROM audit_events WHERE team_id = $1', [owner.teamId]);
      expect(distinct).toBe(20);
    });

    it('finds the first broken link: a row edited or removed behind the trigger', async () => {
      const owner = await signUp(app);
      for (const monthlyTokens of [1, 2, 3, 4]) await api(app, owner).put(`/api/teams/${owner.teamId}/budget`).send({ monthlyTokens }).expect(200);
      const trail = app.get(AuditTrailService);
      expect(await trail.verify(owner.teamId)).toMatchObject({ checked: 5, broken: null, headHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const ids = (await page(owner, owner.teamId)).items.map((event) => event.id).reverse();

      // As a superuser could: the trigger switched off, a row changed, the trigger back on.
      await behindTheTrigger(`UPDATE audit_events SET changes = '{"monthlyTokens":{"before":1,"after":999}}' WHERE id = $1`, [ids[2]]);
      expect(await trail.verify(owner.teamId)).toMatchObject({ checked: 3, broken: { id: ids[2], reason: expect.stringMatching(/edited/) } });
      // Its hash recomputed as well: the next row's link no longer holds.
      await behindTheTrigger(`UPDATE audit_events e SET hash = audit_event_hash(e) WHERE id = $1`, [ids[2]]);
      expect(await trail.verify(owner.teamId)).toMatchObject({ checked: 4, broken: { id: ids[3], reason: expect.stringMatching(/removed or rewritten/) } });
      await behindTheTrigger(`DELETE FROM audit_events WHERE id = $1`, [ids[2]]);
      expect(await trail.verify(owner.teamId)).toMatchObject({ broken: { id: ids[3] } });
    });
  });

  it('deletes events past AUDIT_RETENTION_DAYS from the head of each chain on its daily job; what stays still verifies', async () => {
    const owner = await signUp(app);
    for (const monthlyTokens of [7, 8, 9]) await api(app, owner).put(`/api/teams/${owner.teamId}/budget`).send({ monthlyTokens }).expect(200);
    const ids = (await page(owner, owner.teamId)).items.map((event) => event.id).reverse();
    // The two oldest made 400 days old (the default keeps 365).
    await behindTheTrigger(`UPDATE audit_events SET occurred_at = occurred_at - interval '400 days' WHERE id = ANY($1::bigint[])`, [ids.slice(0, 2)]);

    await app.get(AuditRetention).run();
    expect((await page(owner, owner.teamId)).items.map((event) => event.id).reverse()).toEqual(ids.slice(2));
    expect(await app.get(AuditTrailService).verify(owner.teamId)).toMatchObject({ checked: 2, broken: null });
    // The retention switch lasted only for its own transaction.
    await expect(db.query('DELETE FROM audit_events WHERE team_id = $1', [owner.teamId])).rejects.toThrow(/append-only/);
    // A run queues the next at the start of the next UTC day (the job queue's daily slot).
    const now = new Date();
    const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    const next = await waitFor(async () => {
      const [job] = await db.query<{ start_after: Date }[]>(`SELECT start_after FROM pgboss.job WHERE name = 'audit-retention' AND start_after > now() + interval '1 minute'`);
      return job;
    }, 'the next retention job');
    expect(Math.abs(next.start_after.getTime() - tomorrow)).toBeLessThan(10_000);
  });

  async function behindTheTrigger(sql: string, params: unknown[]): Promise<void> {
    await db.transaction(async (manager) => {
      await manager.query('ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only');
      await manager.query(sql, params);
      await manager.query('ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only');
    });
  }
});

/** A response's body as text: supertest keeps text/* as text, and other types, buffered, as bytes. */
function textOf(response: { text?: string; body: unknown }): string {
  return Buffer.isBuffer(response.body) ? response.body.toString('utf8') : (response.text ?? '');
}
