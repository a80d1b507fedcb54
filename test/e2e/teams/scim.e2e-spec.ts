import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ApprovalTokensService } from '../../../src/approvals/approval-tokens.service.js';
import { ScimTokensService } from '../../../src/teams/scim/scim-tokens.service.js';
import { api } from '../../helpers/api.js';
import { BROWSER, startSmtpServer, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { openStream } from '../../helpers/open-stream.js';
import { pausedRun } from '../../helpers/paused-run.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const SCIM = 'application/scim+json';
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

describe('SCIM 2.0 provisioning (/scim/v2), as Okta and Microsoft Entra ID call it', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let db: DataSource;
  let token: string;
  let base: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SESSION_CACHE_SECONDS: '30', RATE_LIMIT_FREE: '1000', LOGIN_RATE_LIMIT_PER_IP: '1000' } });
    await resetDatabase(app);
    db = app.get(DataSource);
    token = (await app.get(ScimTokensService).create('Okta')).token;
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const scim = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, credential: string | null = token) => {
    const call = request(app.getHttpServer())[method](`/scim/v2${path}`).set('Content-Type', SCIM).set('Accept', SCIM);
    return credential === null ? call : call.set('Authorization', `Bearer ${credential}`);
  };

  const count = async (table: string): Promise<number> => Number((await db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

  /** Okta's documented create-user body. */
  const oktaUser = (email: string) => ({
    schemas: [USER_SCHEMA],
    userName: email,
    name: { givenName: 'Ada', familyName: 'Lovelace' },
    emails: [{ primary: true, value: email, type: 'work' }],
    displayName: 'Ada Lovelace',
    locale: 'en-US',
    externalId: '00u1esetpqhxxuEzs0h7',
    groups: [],
    password: 'never-stored-1A!',
    active: true,
  });

  async function provision(email: string): Promise<string> {
    const response = await scim('post', '/Users').send(oktaUser(email)).expect(201);
    return response.body.id as string;
  }

  it('refuses a missing or wrong token with 401 in SCIM shape, and answers the discovery endpoints', async () => {
    for (const credential of [null, 'wrong', 'scim_nope', `${token}x`]) {
      const response = await scim('get', '/Users', credential).expect(401);
      expect(response.body).toEqual({ schemas: [ERROR_SCHEMA], status: '401', detail: 'A valid SCIM bearer token is required' });
    }
    const config = await scim('get', '/ServiceProviderConfig').expect(200);
    expect(config.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(config.body.patch.supported).toBe(true);
    const types = await scim('get', '/ResourceTypes').expect(200);
    expect(types.body.Resources.map((type: { name: string }) => type.name).sort()).toEqual(['Group', 'User']);
    const schemas = await scim('get', '/Schemas').expect(200);
    expect(schemas.body.Resources.map((schema: { id: string }) => schema.id)).toEqual(expect.arrayContaining([USER_SCHEMA, GROUP_SCHEMA]));
  });

  it('a revoked token is refused', async () => {
    const service = app.get(ScimTokensService);
    const other = await service.create('to revoke');
    await scim('get', '/Users', other.token).expect(200);
    await service.revoke(other.id);
    await scim('get', '/Users', other.token).expect(401);
  });

  it('creates, finds by userName, reads, replaces and lists users (Okta)', async () => {
    const email = 'ada@example.com';
    expect((await scim('get', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`).expect(200)).body.totalResults).toBe(0);
    const created = await scim('post', '/Users').send(oktaUser(email)).expect(201);
    expect(created.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(created.body).toMatchObject({ userName: email, active: true, displayName: 'Ada Lovelace', externalId: '00u1esetpqhxxuEzs0h7' });
    expect(created.body).not.toHaveProperty('password');
    const found = await scim('get', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`).expect(200);
    expect(found.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 1 });
    expect(found.body.Resources[0].id).toBe(created.body.id);
    await scim('get', `/Users/${created.body.id}`).expect(200);
    const replaced = await scim('put', `/Users/${created.body.id}`).send({ ...oktaUser(email), displayName: 'Ada King' }).expect(200);
    expect(replaced.body.displayName).toBe('Ada King');
    const [row] = await db.query('SELECT name, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1', [created.body.id]);
    expect(row).toEqual({ name: 'Ada King', verified: true });
    // The same userName again: 409 uniqueness, nothing stored.
    const users = await count('users');
    const duplicate = await scim('post', '/Users').send(oktaUser(email)).expect(409);
    expect(duplicate.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '409', scimType: 'uniqueness' });
    expect(await count('users')).toBe(users);
  });

  it.each([
    ['no userName', { schemas: [USER_SCHEMA], name: { givenName: 'A' } }],
    ['userName not an address, no email', { schemas: [USER_SCHEMA], userName: 'ada' }],
    ['active not a boolean', { schemas: [USER_SCHEMA], userName: 'x@example.com', active: 'maybe' }],
    ['wrong schema', { schemas: ['urn:nope'], userName: 'x@example.com' }],
    ['not an object', ['x']],
  ])('refuses a bad user body (%s) with 400 in SCIM shape and stores nothing', async (_case, body) => {
    const users = await count('users');
    const response = await scim('post', '/Users').send(body as object).expect(400);
    expect(response.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '400' });
    expect(typeof response.body.detail).toBe('string');
    expect(await count('users')).toBe(users);
  });

  it('filters users in the database by the attributes it stores, and refuses others with 400 invalidFilter', async () => {
    const [grace, alan] = [`grace-${Date.now()}@filter.example.com`, `alan-${Date.now()}@filter.example.com`];
    const graceId = (await scim('post', '/Users').send({ ...oktaUser(grace), externalId: 'okta-grace', displayName: 'Grace Hopper' }).expect(201)).body.id as string;
    await scim('post', '/Users').send({ ...oktaUser(alan), externalId: 'okta-alan', displayName: 'Alan Turing', active: false }).expect(201);
    const ids = async (filter: string): Promise<string[]> =>
      ((await scim('get', `/Users?filter=${encodeURIComponent(filter)}`).expect(200)).body.Resources ?? []).map((user: { userName: string }) => user.userName);

    expect(await ids(`userName eq "${grace.toUpperCase()}"`)).toEqual([grace]);
    expect(await ids('externalId eq "okta-grace"')).toEqual([grace]);
    expect(await ids('externalId eq "OKTA-GRACE"')).toEqual([]);
    expect(await ids('userName ew "@filter.example.com" and active eq false')).toEqual([alan]);
    expect(await ids('emails[value co "FILTER.example"] and not (displayName sw "alan")')).toEqual([grace]);
    expect(await ids('displayName eq "Alan Turing" or id eq "' + graceId + '"')).toEqual([grace, alan]);
    // LIKE's own wildcards are matched literally.
    expect(await ids('userName co "%"')).toEqual([]);
    expect(await ids('userName sw "_race"')).toEqual([]);

    for (const filter of ['name.givenName eq "Grace"', 'title pr', 'active gt true', 'meta.created gt "not a date"', 'userName eq 3']) {
      const refused = await scim('get', `/Users?filter=${encodeURIComponent(filter)}`).expect(400);
      expect(refused.body, filter).toMatchObject({ schemas: [ERROR_SCHEMA], status: '400', scimType: 'invalidFilter' });
    }
  });

  it('an unknown user is 404 in SCIM shape', async () => {
    const response = await scim('get', '/Users/4f3c3c1e-0000-4000-8000-000000000000').expect(404);
    expect(response.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '404' });
    await scim('get', '/Users/not-an-id').expect(404);
  });

  it("Okta's PATCH active:false deactivates: sessions, API tokens, the live run-event stream end within a second; sign-in refused; mailed approval links act no more; active:true lets them sign in again with no old session", async () => {
    const user = await signUp(app);
    const tokenResponse = await api(app, user).post('/api/auth/tokens').send({ name: 'ci', expiresInDays: 30 }).expect(201);
    const apiToken = tokenResponse.body.token as string;
    await api(app, { token: apiToken }).get('/api/auth/me').expect(200);
    const run = await pausedRun(app, smtp, user);
    const stream = await openStream(`${base}/api/workflows/${run.workflowId}/runs/${run.runId}/events`, user.token);

    const startedAt = Date.now();
    await scim('patch', `/Users/${user.userId}`)
      .send({ schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', value: { active: false } }] })
      .expect(200)
      .expect((response) => expect(response.body.active).toBe(false));
    await stream.ended;
    expect(Date.now() - startedAt).toBeLessThan(1000);

    await api(app, user).get('/api/auth/me').expect(401);
    await api(app, { token: apiToken }).get('/api/auth/me').expect(401);
    const refused = await api(app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(401);
    expect(refused.body.message).toBe('This account is deactivated');
    const link = await app.get(ApprovalTokensService).signPlanApproval(run.workflowId, 1, user.email);
    const approval = await api(app).get(`/api/workflows/${run.workflowId}/approve?token=${link}`).set('User-Agent', BROWSER).set('Accept', 'application/json').expect(400);
    expect(approval.body.message).toBe('This approval link has expired');
    const [{ live }] = await db.query(`SELECT count(*)::int AS live FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`, [user.userId]);
    expect(live).toBe(0);
    const actions = await db.query(`SELECT action, actor_type FROM audit_events WHERE target_id = $1 AND action = 'user.deactivated'`, [user.userId]);
    expect(actions).toEqual([{ action: 'user.deactivated', actor_type: 'scim' }]);

    await scim('patch', `/Users/${user.userId}`)
      .send({ schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', value: { active: true } }] })
      .expect(200);
    await api(app, user).get('/api/auth/me').expect(401);
    await api(app, { token: apiToken }).get('/api/auth/me').expect(401);
    const again = await api(app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    await api(app, { token: again.body.accessToken as string }).get('/api/auth/me').expect(200);
   }, 120_000);

  it('Entra ID\'s PATCH (op "Replace", path "active", value "False") deactivates, and DELETE deactivates too', async () => {
    const entra = await signUp(app);
    await scim('patch', `/Users/${entra.userId}`)
      .send({ schemas: [PATCH_SCHEMA], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] })
      .expect(200)
      .expect((response) => expect(response.body.active).toBe(false));
    await api(app, entra).get('/api/auth/me').expect(401);
    await scim('patch', `/Users/${entra.userId}`).send({ schemas: [PATCH_SCHEMA], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] }).expect(200);

    const deleted = await signUp(app);
    await scim('delete', `/Users/${deleted.userId}`).expect(204);
    await api(app, deleted).get('/api/auth/me').expect(401);
    expect((await scim('get', `/Users/${deleted.userId}`).expect(200)).body.active).toBe(false);
  });

  it('a bad PATCH is 400 in SCIM shape and changes nothing', async () => {
    const user = await signUp(app);
    for (const body of [
      { schemas: [PATCH_SCHEMA], Operations: [{ op: 'explode', path: 'active', value: false }] },
      { schemas: [PATCH_SCHEMA] },
      { schemas: ['urn:nope'], Operations: [{ op: 'replace', value: { active: false } }] },
    ]) {
      const response = await scim('patch', `/Users/${user.userId}`).send(body).expect(400);
      expect(response.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '400' });
    }
    await api(app, user).get('/api/auth/me').expect(200);
  });

  describe('groups feed memberships through the group mappings', () => {
    let owner: TestUser;

    beforeAll(async () => {
      owner = await signUp(app, { name: 'Owner' });
      await api(app, owner).post(`/api/teams/${owner.teamId}/group-mappings`).send({ groupName: 'Engineering', role: 'member' }).expect(201);
      await api(app, owner).post(`/api/teams/${owner.teamId}/group-mappings`).send({ groupName: 'Eng Leads', role: 'admin' }).expect(201);
    });

    const roleIn = async (teamId: string, userId: string): Promise<string | null> =>
      ((await db.query('SELECT role FROM memberships WHERE team_id = $1 AND user_id = $2', [teamId, userId]))[0]?.role as string | undefined) ?? null;

    it('create, PATCH add/remove members (Okta and Entra), PUT, DELETE: memberships follow, the highest role wins', async () => {
      const ada = await provision('ada.groups@example.com');
      const bob = await provision('bob.groups@example.com');
      const group = await scim('post', '/Groups').send({ schemas: [GROUP_SCHEMA], displayName: 'Engineering', members: [] }).expect(201);
      const id = group.body.id as string;
      expect(await roleIn(owner.teamId, ada)).toBeNull();

      await scim('patch', `/Groups/${id}`).send({ schemas: [PATCH_SCHEMA], Operations: [{ op: 'add', path: 'members', value: [{ value: ada }, { value: bob }] }] }).expect(200);
      expect(await roleIn(owner.teamId, ada)).toBe('member');
      expect(await roleIn(owner.teamId, bob)).toBe('member');

      const leads = await scim('post', '/Groups').send({ schemas: [GROUP_SCHEMA], displayName: 'Eng Leads', members: [{ value: ada }] }).expect(201);
      expect(await roleIn(owner.teamId, ada)).toBe('admin');

      // Entra removes a member with a filter on the path.
      await scim('patch', `/Groups/${id}`).send({ schemas: [PATCH_SCHEMA], Operations: [{ op: 'Remove', path: `members[value eq "${bob}"]` }] }).expect(200);
      expect(await roleIn(owner.teamId, bob)).toBeNull();

      await scim('delete', `/Groups/${leads.body.id}`).expect(204);
      expect(await roleIn(owner.teamId, ada)).toBe('member');
      await scim('put', `/Groups/${id}`).send({ schemas: [GROUP_SCHEMA], displayName: 'Engineering', members: [] }).expect(200);
      expect(await roleIn(owner.teamId, ada)).toBeNull();
      const listed = await scim('get', '/Groups').expect(200);
      expect(listed.body.Resources.map((g: { displayName: string }) => g.displayName)).toContain('Engineering');

      const audited = await db.query(`SELECT action FROM audit_events WHERE team_id = $1 AND target_id = $2 AND actor_type = 'scim' ORDER BY id`, [owner.teamId, ada]);
      expect(audited.map((row: { action: string }) => row.action)).toEqual(['member.added', 'member.role_changed', 'member.role_changed', 'member.removed']);
    });

    it('a group with an unknown member is refused and stores nothing', async () => {
      const groups = await count('scim_groups');
      const response = await scim('post', '/Groups').send({ schemas: [GROUP_SCHEMA], displayName: 'Ghosts', members: [{ value: 'not-a-user' }] }).expect(400);
      expect(response.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '400' });
      expect(await count('scim_groups')).toBe(groups);
    });
  });
});
