import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { CookieJar, TEST_CLIENT, TestOidcProvider, browse, signInThroughProvider } from '../../helpers/oidc-provider.js';
import { freePort } from '../../helpers/ports.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';
import { signUp } from '../../helpers/users.js';

const PASSWORD = 'correct horse battery';
const fresh = (label: string) => `${label}-${randomUUID()}@example.com`;

interface RunningApp {
  app: NestExpressApplication;
  url: string;
}

async function startApp(url: string, issuer: string, env: Record<string, string> = {}): Promise<RunningApp> {
  const app = await createTestApp({
    env: {
      PUBLIC_URL: url,
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_DISPLAY_NAME: 'Test IdP',
      ...env,
    },
  });
  await app.listen(Number(new URL(url).port), '127.0.0.1');
  return { app, url };
}

/** Signs in at `app` as the provider's account `login`: the redirect the callback answered with and the browser's cookies. */
async function ssoSignIn(target: RunningApp, login: string, returnTo?: string) {
  const jar = new CookieJar();
  const start = new URL('/api/auth/oidc/login', target.url);
  if (returnTo !== undefined) start.searchParams.set('returnTo', returnTo);
  const landed = await signInThroughProvider(jar, start, login);
  return { landed, jar, session: jar.get(target.url, 'session') };
}

const count = async (app: NestExpressApplication, sql: string, params: unknown[] = []) =>
  Number((await app.get(DataSource).query<{ n: string }[]>(`SELECT count(*) AS n FROM (${sql}) rows`, params))[0].n);

/** Rows a refused sign-in must not leave behind (the audit entry of the refusal aside). */
const stored = async (app: NestExpressApplication) => ({
  users: await count(app, 'SELECT 1 FROM users'),
  identities: await count(app, 'SELECT 1 FROM oidc_identities'),
  sessions: await count(app, 'SELECT 1 FROM sessions'),
  teams: await count(app, 'SELECT 1 FROM teams'),
});

/** OpenID Connect sign-in (#31 item 1) against oidc-provider started here, through its login and consent pages. */
describe('OpenID Connect sign-in', () => {
  const provider = new TestOidcProvider();
  let open: RunningApp;
  let closed: RunningApp;

  beforeAll(async () => {
    const [openUrl, closedUrl] = [`http://127.0.0.1:${await freePort()}`, `http://127.0.0.1:${await freePort()}`];
    const issuer = await provider.start([openUrl, closedUrl]);
    open = await startApp(openUrl, issuer);
    await resetDatabase(open.app);
    closed = await startApp(closedUrl, issuer, { SIGNUP: 'closed', PASSWORD_LOGIN: 'disabled' });
  });
  afterAll(async () => {
    await open?.app.close();
    await closed?.app.close();
    await provider.stop();
  });

  it('names the provider in the sign-in options', async () => {
    const { body } = await api(open.app).get('/api/auth/options').expect(200);
    expect(body.sso).toEqual({ displayName: 'Test IdP', loginUrl: '/api/auth/oidc/login' });
  });

  it('redirects to the provider with PKCE (S256), state and nonce, kept in an HttpOnly cookie', async () => {
    const jar = new CookieJar();
    const response = await browse(jar, new URL('/api/auth/oidc/login', open.url));
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get('location')!);
    expect(target.origin).toBe(provider.issuer);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      client_id: TEST_CLIENT.id,
      response_type: 'code',
      redirect_uri: `${open.url}/api/auth/oidc/callback`,
      code_challenge_method: 'S256',
      scope: 'openid email profile groups',
      state: expect.any(String),
      nonce: expect.any(String),
      code_challenge: expect.any(String),
    });
    expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith('oidc_flow='))).toMatch(/HttpOnly/i);
  });

  it('creates a verified, password-less user at the first sign-in and starts a session that works on /api/auth/me', async () => {
    const email = fresh('ada');
    provider.setAccount('ada', { email, email_verified: true, name: 'Ada Lovelace', groups: ['engineering'] });
    const { landed, session } = await ssoSignIn(open, 'ada');
    expect(landed.href).toBe(`${open.url}/dashboard`);
    expect(session).toEqual(expect.any(String));
    const me = await api(open.app).get('/api/auth/me').set('Cookie', `session=${session}`).expect(200);
    expect(me.body.user).toMatchObject({ email, name: 'Ada Lovelace', emailVerified: true });
    expect(me.body.activeTeam).toMatchObject({ name: "Ada Lovelace's team", role: 'owner' });
    const db = open.app.get(DataSource);
    const [user] = await db.query<{ id: string; password_hash: string | null }[]>('SELECT id, password_hash FROM users WHERE email = $1', [email]);
    expect(user.password_hash).toBeNull();
    expect(await count(open.app, 'SELECT 1 FROM oidc_identities WHERE user_id = $1 AND issuer = $2 AND subject = $3', [user.id, provider.issuer, 'ada'])).toBe(1);
    const actions = await db.query<{ action: string; changes: Record<string, unknown> }[]>(
      'SELECT action, changes FROM audit_events WHERE actor_id = $1 ORDER BY id',
      [user.id],
    );
    expect(actions).toEqual([
      { action: 'user.registered', changes: expect.objectContaining({ method: 'oidc', email }) },
      { action: 'auth.sso_sign_in', changes: expect.objectContaining({ outcome: 'success' }) },
    ]);
    // A password sign-in finds no password to match.
    await api(open.app).post('/api/auth/login').send({ email, password: PASSWORD }).expect(401);
  });

  it('finds the user again by (issuer, subject), whatever their email has become', async () => {
    provider.setAccount('grace', { email: fresh('grace'), email_verified: true, name: 'Grace' });
    const first = await ssoSignIn(open, 'grace');
    const before = await stored(open.app);
    provider.setAccount('grace', { email: fresh('grace-renamed'), email_verified: true, name: 'Grace' });
    const second = await ssoSignIn(open, 'grace');
    const whoFirst = await api(open.app).get('/api/auth/me').set('Cookie', `session=${first.session}`).expect(200);
    const whoSecond = await api(open.app).get('/api/auth/me').set('Cookie', `session=${second.session}`).expect(200);
    expect(whoSecond.body.user.id).toBe(whoFirst.body.user.id);
    expect(await stored(open.app)).toEqual({ ...before, sessions: before.sessions + 1 });
  });

  it('links an existing password account when the provider says the email is verified', async () => {
    const email = fresh('linus');
    const registered = await api(open.app).post('/api/auth/register').send({ email, password: PASSWORD, name: 'Linus' }).expect(201);
    provider.setAccount('linus', { email: email.toUpperCase(), email_verified: true, name: 'Linus at the IdP' });
    const { session } = await ssoSignIn(open, 'linus');
    const me = await api(open.app).get('/api/auth/me').set('Cookie', `session=${session}`).expect(200);
    expect(me.body.user).toMatchObject({ id: registered.body.user.id, name: 'Linus', emailVerified: true });
    expect(await count(open.app, "SELECT 1 FROM audit_events WHERE action = 'user.sso_linked' AND target_id = $1", [registered.body.user.id])).toBe(1);
    // The password still works.
    await api(open.app).post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
  });

  it('refuses to link when the provider does not say the email is verified, storing nothing', async () => {
    const email = fresh('mallory');
    await api(open.app).post('/api/auth/register').send({ email, password: PASSWORD, name: 'Victim' }).expect(201);
    provider.setAccount('mallory', { email, email_verified: false, name: 'Mallory' });
    const before = await stored(open.app);
    const { landed, session } = await ssoSignIn(open, 'mallory');
    expect(landed.href).toBe(`${open.url}/dashboard/login?sso_error=sso_email_unverified`);
    expect(session).toBeUndefined();
    expect(await stored(open.app)).toEqual(before);
    const [failure] = await open.app
      .get(DataSource)
      .query<{ changes: Record<string, unknown> }[]>("SELECT changes FROM audit_events WHERE action = 'auth.sso_sign_in' ORDER BY id DESC LIMIT 1");
    expect(failure.changes).toEqual({ outcome: 'failure', reason: 'sso_email_unverified' });
  });

  it('refuses a new user whose email is not verified, and one with no email', async () => {
    provider.setAccount('unverified', { email: fresh('new'), email_verified: false });
    provider.setAccount('no-email', { name: 'Nobody' });
    const before = await stored(open.app);
    expect((await ssoSignIn(open, 'unverified')).landed.search).toBe('?sso_error=sso_email_unverified');
    expect((await ssoSignIn(open, 'no-email')).landed.search).toBe('?sso_error=sso_email_missing');
    expect(await stored(open.app)).toEqual(before);
  });

  it('refuses a callback whose state is not the one it sent, or that comes without the flow cookie', async () => {
    provider.setAccount('eve', { email: fresh('eve'), email_verified: true });
    const jar = new CookieJar();
    const started = await browse(jar, new URL('/api/auth/oidc/login', open.url));
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const before = await stored(open.app);
    const forged = await browse(jar, new URL(`/api/auth/oidc/callback?code=forged&state=${state}x`, open.url));
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toBe(`${open.url}/dashboard/login?sso_error=sso_state_mismatch`);
    const cookieless = await browse(new CookieJar(), new URL(`/api/auth/oidc/callback?code=forged&state=${state}`, open.url));
    expect(cookieless.headers.get('location')).toBe(`${open.url}/dashboard/login?sso_error=sso_state_mismatch`);
    expect(await stored(open.app)).toEqual(before);
  });

  it("turns the provider's error and a bad code into a sign-in page error, never a 500", async () => {
    for (const [query, code] of [
      ['error=access_denied', 'sso_provider_error'],
      ['code=not-a-code', 'sso_failed'],
    ]) {
      const jar = new CookieJar();
      const started = await browse(jar, new URL('/api/auth/oidc/login', open.url));
      const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
      const answered = await browse(jar, new URL(`/api/auth/oidc/callback?${query}&state=${state}&iss=${encodeURIComponent(provider.issuer)}`, open.url));
      expect(answered.status).toBe(302);
      expect(answered.headers.get('location')).toBe(`${open.url}/dashboard/login?sso_error=${code}`);
    }
  });

  it('returns to a same-site path only', async () => {
    provider.setAccount('rita', { email: fresh('rita'), email_verified: true });
    expect((await ssoSignIn(open, 'rita', '/dashboard/workflows?tab=all')).landed.href).toBe(`${open.url}/dashboard/workflows?tab=all`);
    for (const hostile of ['//evil.example/dashboard', 'https://evil.example/dashboard', '/\\evil.example']) {
      expect((await ssoSignIn(open, 'rita', hostile)).landed.href).toBe(`${open.url}/dashboard`);
    }
  });

  it("ends the session at logout and answers the provider's end-session URL with the ID token as hint", async () => {
    provider.setAccount('otto', { email: fresh('otto'), email_verified: true });
    const { session } = await ssoSignIn(open, 'otto');
    const caller = { token: session! };
    const { body } = await api(open.app, caller).post('/api/auth/logout').expect(200);
    const endSession = new URL(body.endSessionUrl as string);
    expect(endSession.origin).toBe(provider.issuer);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${open.url}/dashboard/login`);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await api(open.app, caller).get('/api/auth/me').expect(401);
    // The provider accepts the hint: its logout page, not an error.
    const atProvider = await browse(new CookieJar(), endSession);
    expect(atProvider.status).toBe(200);
    expect(await atProvider.text()).not.toMatch(/invalid_request|id_token_hint/i);
  });

  it('answers a password session’s logout without an end-session URL', async () => {
    const email = fresh('plain');
    const registered = await api(open.app).post('/api/auth/register').send({ email, password: PASSWORD, name: 'Plain' }).expect(201);
    const { body } = await api(open.app, { token: registered.body.accessToken as string }).post('/api/auth/logout').expect(200);
    expect(body).toEqual({ success: true });
  });

  describe('with SIGNUP=closed and PASSWORD_LOGIN=disabled', () => {
    it('refuses an unknown user, storing nothing', async () => {
      provider.setAccount('stranger', { email: fresh('stranger'), email_verified: true });
      const before = await stored(closed.app);
      const { landed } = await ssoSignIn(closed, 'stranger');
      expect(landed.href).toBe(`${closed.url}/dashboard/login?sso_error=sso_signup_closed`);
      expect(await stored(closed.app)).toEqual(before);
    });

    it('signs in a known user by single sign-on while password sign-in is off', async () => {
      provider.setAccount('known', { email: fresh('known'), email_verified: true, name: 'Known' });
      await ssoSignIn(open, 'known');
      const { landed, session } = await ssoSignIn(closed, 'known');
      expect(landed.href).toBe(`${closed.url}/dashboard`);
      await api(closed.app).get('/api/auth/me').set('Cookie', `session=${session}`).expect(200);
      const { body } = await api(closed.app).get('/api/auth/options').expect(200);
      expect(body).toMatchObject({ passwordLogin: 'disabled', signup: 'closed', sso: { displayName: 'Test IdP' } });
    });
  });

  describe("the provider's groups at each sign-in", () => {
    it('move memberships: a mapped group adds the team with its role, a changed group changes it, a dropped one removes it', async () => {
      const owner = await signUp(open.app);
      await api(open.app, owner).post(`/api/teams/${owner.teamId}/group-mappings`).send({ groupName: 'writers', role: 'member' }).expect(201);
      await api(open.app, owner).post(`/api/teams/${owner.teamId}/group-mappings`).send({ groupName: 'editors', role: 'admin' }).expect(201);
      const roleIn = async (login: string) => {
        const rows = await open.app
          .get(DataSource)
          .query<{ role: string }[]>('SELECT m.role FROM memberships m JOIN oidc_identities i ON i.user_id = m.user_id WHERE i.subject = $1 AND m.team_id = $2', [login, owner.teamId]);
        return rows[0]?.role ?? null;
      };

      const grace = { email: fresh('grace'), email_verified: true, name: 'Grace Hopper' };
      provider.setAccount('grace', { ...grace, groups: ['writers'] });
      await ssoSignIn(open, 'grace');
      expect(await roleIn('grace')).toBe('member');

      provider.setAccount('grace', { ...grace, groups: ['writers', 'editors'] });
      await ssoSignIn(open, 'grace');
      expect(await roleIn('grace')).toBe('admin');

      provider.setAccount('grace', { ...grace, groups: [] });
      await ssoSignIn(open, 'grace');
      expect(await roleIn('grace')).toBeNull();
    });

    it('a provider that sends no groups claim leaves the memberships group sync made alone', async () => {
      const owner = await signUp(open.app);
      await api(open.app, owner).post(`/api/teams/${owner.teamId}/group-mappings`).send({ groupName: 'reviewers', role: 'viewer' }).expect(201);
      const alan = { email: fresh('alan'), email_verified: true, name: 'Alan Turing' };
      provider.setAccount('alan', { ...alan, groups: ['reviewers'] });
      await ssoSignIn(open, 'alan');
      provider.setAccount('alan', alan);
      await ssoSignIn(open, 'alan');
      const [row] = await open.app
        .get(DataSource)
        .query<{ role: string }[]>('SELECT m.role FROM memberships m JOIN oidc_identities i ON i.user_id = m.user_id WHERE i.subject = $1 AND m.team_id = $2', ['alan', owner.teamId]);
      expect(row?.role).toBe('viewer');
    });

    it('refuses a deactivated account, starting no session', async () => {
      provider.setAccount('edsger', { email: fresh('edsger'), email_verified: true, name: 'Edsger Dijkstra' });
      await ssoSignIn(open, 'edsger');
      await open.app.get(DataSource).query(`UPDATE users SET deactivated_at = now() WHERE id = (SELECT user_id FROM oidc_identities WHERE subject = 'edsger')`);
      const sessions = await count(open.app, "SELECT 1 FROM sessions s JOIN oidc_identities i ON i.user_id = s.user_id WHERE i.subject = 'edsger'");
      const { landed, session } = await ssoSignIn(open, 'edsger');
      expect(landed.searchParams.get('sso_error')).toBe('sso_deactivated');
      expect(session).toBeUndefined();
      expect(await count(open.app, "SELECT 1 FROM sessions s JOIN oidc_identities i ON i.user_id = s.user_id WHERE i.subject = 'edsger'")).toBe(sessions);
    });
  });
});
