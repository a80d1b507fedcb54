import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuditContext } from '../../../src/audit-events/audit-context.js';
import { GroupSyncService } from '../../../src/teams/group-mappings/group-sync.service.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { joinTeam } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const SSO: AuditContext = { actor: { type: 'user', id: null }, ip: null, userAgent: null, requestId: null };

describe('group mappings: identity-provider groups become memberships', () => {
  let app: INestApplication;
  let db: DataSource;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000', LOGIN_RATE_LIMIT_PER_IP: '1000' } });
    await resetDatabase(app);
    db = app.get(DataSource);
    owner = await signUp(app, { name: 'Owner' });
    other = await signUp(app, { name: 'Other owner' });
  });
  afterAll(async () => {
    await app.close();
  });

  const mappings = (_caller: TestUser, teamId = owner.teamId) => `/api/teams/${teamId}/group-mappings`;
  const roleIn = async (teamId: string, userId: string): Promise<string | null> =>
    ((await db.query('SELECT role FROM memberships WHERE team_id = $1 AND user_id = $2', [teamId, userId]))[0]?.role as string | undefined) ?? null;

  it('owners create, list and delete mappings, each audited', async () => {
    const created = await api(app, owner).post(mappings(owner)).send({ groupName: 'Sales', role: 'viewer' }).expect(201);
    expect(created.body).toMatchObject({ groupName: 'Sales', role: 'viewer' });
    expect((await api(app, owner).get(mappings(owner)).expect(200)).body.map((m: { groupName: string }) => m.groupName)).toContain('Sales');
    expectError(await api(app, owner).post(mappings(owner)).send({ groupName: 'Sales', role: 'member' }), 409);
    await api(app, owner).delete(`${mappings(owner)}/${created.body.id}`).expect(204);
    await api(app, owner).delete(`${mappings(owner)}/${created.body.id}`).expect(404);
    const actions = await db.query(`SELECT action FROM audit_events WHERE team_id = $1 AND target_id = $2 ORDER BY id`, [owner.teamId, created.body.id]);
    expect(actions.map((row: { action: string }) => row.action)).toEqual(['group_mapping.created', 'group_mapping.deleted']);
  });

  it.each([
    [{}, /groupName/],
    [{ groupName: '', role: 'member' }, /groupName/],
    [{ groupName: ' padded ', role: 'member' }, /groupName/],
    [{ groupName: 'x'.repeat(257), role: 'member' }, /groupName/],
    [{ groupName: 'Ops', role: 'superuser' }, /role must be one of/],
    [{ groupName: 'Ops', role: 'member', extra: 1 }, /extra/],
  ])('refuses a bad body %j with 400 and stores nothing', async (body, message) => {
    const before = (await db.query('SELECT count(*)::int AS n FROM group_mappings'))[0].n;
    const response = await api(app, owner).post(mappings(owner)).send(body);
    expectError(response, 400);
    expect(JSON.stringify(response.body.message)).toMatch(message);
    expect((await db.query('SELECT count(*)::int AS n FROM group_mappings'))[0].n).toBe(before);
  });

  it("another team's owner can neither read nor change the mappings; a member cannot either", async () => {
    const mapping = await api(app, owner).post(mappings(owner)).send({ groupName: 'Private', role: 'member' }).expect(201);
    for (const response of [
      await api(app, other).get(mappings(other)),
      await api(app, other).post(mappings(other)).send({ groupName: 'Mine', role: 'owner' }),
      await api(app, other).delete(`${mappings(other)}/${mapping.body.id}`),
    ]) {
      expect([403, 404]).toContain(response.status);
    }
    const member = await signUp(app);
    await joinTeam(app, owner, owner.teamId, member);
    expect((await api(app, member).get(mappings(owner))).status).toBe(403);
    expect((await api(app, member).post(mappings(owner)).send({ groupName: 'X', role: 'owner' })).status).toBe(403);
    expect((await db.query(`SELECT count(*)::int AS n FROM group_mappings WHERE team_id = $1 AND group_name IN ('Mine', 'X')`, [owner.teamId]))[0].n).toBe(0);
    // The other owner's own team's mappings are theirs alone.
    await api(app, other).get(mappings(other, other.teamId)).expect(200);
  });

  it('applyGroups adds, changes (highest wins) and removes group memberships, leaves manual ones alone, and never removes the last owner', async () => {
    const team = (await api(app, owner).post('/api/teams').send({ name: 'Synced' }).expect(201)).body.id as string;
    await api(app, owner).post(mappings(owner, team)).send({ groupName: 'Staff', role: 'member' }).expect(201);
    await api(app, owner).post(mappings(owner, team)).send({ groupName: 'Founders', role: 'owner' }).expect(201);
    const sync = app.get(GroupSyncService);
    const user = await signUp(app);

    await sync.applyGroups(user.userId, ['Staff'], SSO);
    expect(await roleIn(team, user.userId)).toBe('member');
    await sync.applyGroups(user.userId, ['Staff', 'Founders', 'Unmapped'], SSO);
    expect(await roleIn(team, user.userId)).toBe('owner');
    await sync.applyGroups(user.userId, [], SSO);
    // The owner who created the team is still one: losing the group owner is allowed.
    expect(await roleIn(team, user.userId)).toBeNull();

    // The manual owner is never touched; a group-made sole owner is kept and the refusal recorded.
    await sync.applyGroups(owner.userId, [], SSO);
    expect(await roleIn(team, owner.userId)).toBe('owner');
    const solo = (await api(app, other).post('/api/teams').send({ name: 'Solo' }).expect(201)).body.id as string;
    await api(app, other).post(mappings(other, solo)).send({ groupName: 'Founders', role: 'owner' }).expect(201);
    const founder = await signUp(app);
    await sync.applyGroups(founder.userId, ['Founders'], SSO);
    await db.query(`DELETE FROM memberships WHERE team_id = $1 AND user_id = $2`, [solo, other.userId]);
    const changes = await sync.applyGroups(founder.userId, [], SSO);
    expect(changes).toContainEqual({ teamId: solo, change: 'refused_last_owner', before: 'owner', after: null });
    expect(await roleIn(solo, founder.userId)).toBe('owner');
    const refused = await db.query(`SELECT action, changes FROM audit_events WHERE team_id = $1 AND action = 'member.group_sync_refused'`, [solo]);
    expect(refused).toHaveLength(1);
    expect(refused[0].changes).toMatchObject({ reason: 'last_owner' });
  });
});
