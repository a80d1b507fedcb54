import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TeamsService } from '../../../src/teams/teams.service.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { joinTeam } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

describe('teams', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApp();
    await resetDatabase(app);
  });
  afterAll(() => app.close());

  async function createTeam(user: TestUser, name: string): Promise<string> {
    const response = await api(app, user).post('/api/teams').send({ name }).expect(201);
    return response.body.id as string;
  }

  it('lists the personal team, creates another, and lists both with roles', async () => {
    const user = await signUp(app, { name: 'Grace' });
    const created = await api(app, user).post('/api/teams').send({ name: '  Marketing  ' }).expect(201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'Marketing', plan: 'free', role: 'owner', createdAt: expect.any(String) });
    const list = await api(app, user).get('/api/teams').expect(200);
    expect(list.body.map((team: { name: string; role: string }) => [team.name, team.role])).toEqual([
      ["Grace's team", 'owner'],
      ['Marketing', 'owner'],
    ]);
  });

  it('keeps the active team on the session: activating switches it for that session only', async () => {
    const user = await signUp(app);
    const teamId = await createTeam(user, 'Second');
    const otherLogin = await api(app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    const otherSession = { token: otherLogin.body.accessToken as string };

    const activated = await api(app, user).post(`/api/teams/${teamId}/activate`).expect(200);
    expect(activated.body).toMatchObject({ id: teamId, name: 'Second', role: 'owner' });
    expect((await api(app, user).get('/api/auth/me').expect(200)).body.activeTeam.id).toBe(teamId);
    expect((await api(app, otherSession).get('/api/auth/me').expect(200)).body.activeTeam.id).toBe(user.teamId);
  });

  it("answers 404 for another team's id, and 400 for a malformed one", async () => {
    const [alice, bob] = [await signUp(app), await signUp(app)];
    expectError(await api(app, bob).post(`/api/teams/${alice.teamId}/activate`), 404, 'Team not found');
    expectError(await api(app, bob).get(`/api/teams/${alice.teamId}/members`), 404, 'Team not found');
    expectError(await api(app, bob).post(`/api/teams/${alice.teamId}/members`).send({ email: bob.email, role: 'member' }), 404);
    expectError(await api(app, bob).post('/api/teams/not-a-uuid/activate'), 400);
    expect((await api(app, bob).get('/api/auth/me').expect(200)).body.activeTeam.id).toBe(bob.teamId);
  });

  it('owners and admins invite members by email, who join by accepting; a user can then work in several teams', async () => {
    const [owner, admin, member, outsider] = [await signUp(app), await signUp(app), await signUp(app), await signUp(app)];
    const teamId = await createTeam(owner, 'Shared');

    const invited = await api(app, owner).post(`/api/teams/${teamId}/members`).send({ email: admin.email.toUpperCase(), role: 'admin' }).expect(201);
    expect(invited.body).toMatchObject({ teamId, email: admin.email, role: 'admin', status: 'pending' });
    expect((await api(app, owner).get(`/api/teams/${teamId}/members`).expect(200)).body).toHaveLength(1);
    await joinTeam(app, owner, teamId, admin, 'admin');
    await joinTeam(app, admin, teamId, member, 'member');

    const members = await api(app, member).get(`/api/teams/${teamId}/members`).expect(200);
    expect(members.body.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [owner.userId, 'owner'],
      [admin.userId, 'admin'],
      [member.userId, 'member'],
    ]);

    const memberTeams = await api(app, member).get('/api/teams').expect(200);
    expect(memberTeams.body.map((team: { id: string }) => team.id)).toEqual([member.teamId, teamId]);
    await api(app, member).post(`/api/teams/${teamId}/activate`).expect(200);
    expect((await api(app, member).get('/api/auth/me').expect(200)).body.activeTeam).toMatchObject({ id: teamId, role: 'member' });

    expectError(
      await api(app, member).post(`/api/teams/${teamId}/members`).send({ email: outsider.email, role: 'member' }),
      403,
      'Only owners and admins can invite members',
    );
    expectError(
      await api(app, admin).post(`/api/teams/${teamId}/members`).send({ email: outsider.email, role: 'owner' }),
      403,
      'Only owners can invite owners',
    );
    expectError(
      await api(app, owner).post(`/api/teams/${teamId}/members`).send({ email: member.email, role: 'member' }),
      409,
      'This user is already a member of the team',
    );
    // An address without an account can be invited: the invitation waits for a sign-up.
    await api(app, owner).post(`/api/teams/${teamId}/members`).send({ email: 'nobody@example.com', role: 'member' }).expect(201);
    const [{ count }] = await app.get(DataSource).query('SELECT count(*)::int AS count FROM memberships WHERE team_id = $1', [teamId]);
    expect(count).toBe(3);
  });

  it('validates team and member bodies', async () => {
    const user = await signUp(app);
    expectError(await api(app, user).post('/api/teams').send({}), 400, [/^name/]);
    expectError(await api(app, user).post('/api/teams').send({ name: '  ' }), 400, [/^name should not be empty$/]);
    expectError(await api(app, user).post('/api/teams').send({ name: 'x', plan: 'enterprise' }), 400, [/^plan: property plan should not exist$/]);
    expectError(
      await api(app, user).post(`/api/teams/${user.teamId}/members`).send({ email: 'x', role: 'boss' }),
      400,
      [/^email must be a valid email address$/, /^role must be one of: owner, admin, member, viewer$/],
    );
  });

  it('changes a plan only through the operator service, never through the API', async () => {
    const [owner, member] = [await signUp(app), await signUp(app)];
    const plans = async (): Promise<string[]> =>
      (await api(app, owner).get('/api/teams').expect(200)).body.map((team: { plan: string }) => team.plan);

    // Every team route the app has (read from its router, so a route added later is tried too),
    // and the item routes a plan change would conventionally use, with each write method.
    const paths = new Set([...registeredPaths(app).filter((path) => path.startsWith('/api/teams')), '/api/teams/:id', '/api/auth/me']);
    const attempts: string[] = [];
    for (const path of paths) {
      for (const method of ['post', 'put', 'patch'] as const) {
        const body = { ...VALID_BODIES[`${method} ${path}`]?.(member.email), plan: 'enterprise' };
        // Any other id in the path (a webhook's, a mapping's) names nothing: a well-formed id of no row.
        const url = path.replace(':id', owner.teamId).replace(':userId', owner.userId).replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
        const response = await api(app, owner)[method](url).send(body);
        attempts.push(`${method} ${path} -> ${response.status}`);
        if (BODILESS_ROUTES.has(`${method} ${path}`)) expect(response.status).toBe(BODILESS_ROUTES.get(`${method} ${path}`));
        else if (response.status === 400) expect(response.body.message).toContain('plan: property plan should not exist');
        else expect(response.status, `${method} ${path}`).toBe(404);
        expect(new Set(await plans()), `${method} ${path}`).toEqual(new Set(['free']));
      }
    }
    expect(attempts).toContain('post /api/teams -> 400');
    expect(attempts).toContain('post /api/teams/:id/members -> 400');
    expect((await api(app, owner).get('/api/auth/me').expect(200)).body.activeTeam.plan).toBe('free');
    const [{ count }] = await app.get(DataSource).query(`SELECT count(*)::int AS count FROM teams WHERE plan <> 'free'`);
    expect(count).toBe(0);

    // The operator's way works, and is seen by the API at once.
    await app.get(TeamsService).setPlan(owner.teamId, 'pro');
    expect((await api(app, owner).get('/api/auth/me').expect(200)).body.activeTeam.plan).toBe('pro');
  });

  it.each([
    ['get', '/api/teams'],
    ['post', '/api/teams'],
    ['post', '/api/teams/6f9619ff-8b86-4d11-b42d-00c04fc964ff/activate'],
    ['get', '/api/teams/6f9619ff-8b86-4d11-b42d-00c04fc964ff/members'],
    ['post', '/api/teams/6f9619ff-8b86-4d11-b42d-00c04fc964ff/members'],
  ] as const)('%s %s answers 401 without credentials', async (method, path) => {
    expectError(await api(app)[method](path), 401, 'Authentication required');
  });
});

/** Bodies that are valid for a route but for the plan field, so the plan is the only thing refused. */
const VALID_BODIES: Record<string, (memberEmail: string) => Record<string, unknown>> = {
  'post /api/teams': () => ({ name: 'Plan probe' }),
  'post /api/teams/:id/members': (email) => ({ email, role: 'member' }),
  'post /api/teams/:id/invitations': (email) => ({ email, role: 'member' }),
  'patch /api/teams/:id/members/:userId': () => ({ role: 'owner' }),
};
/** Team routes that read no body, with what they answer the owner of a personal team: a plan sent to them is ignored. */
const BODILESS_ROUTES = new Map([
  ['post /api/teams/:id/activate', 200],
  ['post /api/teams/:id/leave', 409], // the owner's only team
]);

/** The paths of every route registered on the app's Express router. */
function registeredPaths(app: INestApplication): string[] {
  const router = (app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string } }[] } }).router;
  return router.stack.flatMap((layer) => (layer.route ? [layer.route.path] : []));
}
