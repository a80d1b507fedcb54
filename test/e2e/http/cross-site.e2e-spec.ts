import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, startSmtpServer, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const PUBLIC_URL = 'http://api.example.test:8080';
const FRONTEND_URL = 'https://app.example.test';
const FOREIGN = 'http://api.example.test:9999';

describe('cross-site requests', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let victim: TestUser;
  let attacker: TestUser;
  const cookie = () => `session=${victim.token}`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { PUBLIC_URL, FRONTEND_URL, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    [victim, attacker] = [await signUp(app), await signUp(app)];
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const members = async (teamId: string): Promise<string[]> =>
    (await app.get(DataSource).query<{ user_id: string }[]>(`SELECT user_id FROM memberships WHERE team_id = $1 ORDER BY user_id`, [teamId])).map(
      (row) => row.user_id,
    );
  const teamsNamed = async (name: string): Promise<number> =>
    (await app.get(DataSource).query<{ count: number }[]>(`SELECT count(*)::int AS count FROM teams WHERE name = $1`, [name]))[0].count;
  const usersWithEmail = async (email: string): Promise<number> =>
    (await app.get(DataSource).query<{ count: number }[]>(`SELECT count(*)::int AS count FROM users WHERE email = $1`, [email]))[0].count;

  describe('only JSON bodies on session routes', () => {
    it('refuses an HTML form post with 415, from any origin and with any credential, and adds nobody', async () => {
      const form = { email: attacker.email, role: 'admin' };
      const path = `/api/teams/${victim.teamId}/members`;
      // The attack as found: a form on another origin posting with the victim's cookie.
      expectError(await api(app).post(path).set('Cookie', cookie()).set('Origin', PUBLIC_URL).type('form').send(form), 415, /application\/json/);
      expectError(await api(app, victim).post(path).type('form').send(form), 415, /application\/json/);
      expect(await members(victim.teamId)).toEqual([victim.userId]);
    });

    it('refuses text, multipart and untyped bodies with 415, signed in or not', async () => {
      const json = JSON.stringify({ name: 'Typed wrong' });
      expectError(await api(app, victim).post('/api/teams').set('Content-Type', 'text/plain').send(json), 415);
      expectError(await api(app, victim).post('/api/teams').field('name', 'Typed wrong'), 415);
      expectError(await api(app, victim).post('/api/teams').set('Content-Type', 'application/merge-patch+json').send(json), 415);
      expectError(await api(app, victim).post('/api/teams').set('Content-Type', '').send(Buffer.from(json)), 415);
      expectError(
        await api(app).post('/api/auth/login').type('form').send({ email: victim.email, password: victim.password }),
        415,
        'Request bodies must be application/json',
      );
      expect(await teamsNamed('Typed wrong')).toBe(0);
    });

    it('accepts JSON (with a charset) and unsafe requests without a body', async () => {
      await api(app, victim).post('/api/teams').set('Content-Type', 'application/json; charset=utf-8').send(JSON.stringify({ name: 'Charset' })).expect(201);
      const session = await api(app).post('/api/auth/login').send({ email: victim.email, password: victim.password }).expect(200);
      await api(app, { token: session.body.accessToken as string }).post('/api/auth/logout').expect(200);
    });
  });

  describe('a request signed in with the session cookie', () => {
    it('is accepted from PUBLIC_URL and FRONTEND_URL, by Origin or else by Referer', async () => {
      await api(app).post('/api/teams').set('Cookie', cookie()).set('Origin', PUBLIC_URL).send({ name: 'From the API origin' }).expect(201);
      await api(app).post('/api/teams').set('Cookie', cookie()).set('Origin', FRONTEND_URL).send({ name: 'From the dashboard' }).expect(201);
      await api(app).post('/api/teams').set('Cookie', cookie()).set('Referer', `${FRONTEND_URL}/dashboard/teams?x=1`).send({ name: 'By referer' }).expect(201);
      expect(await teamsNamed('From the API origin')).toBe(1);
      expect(await teamsNamed('By referer')).toBe(1);
    });

    it('is refused with 403 from another origin, by Origin or by Referer, and changes nothing', async () => {
      const path = `/api/teams/${victim.teamId}/members`;
      const body = { email: attacker.email, role: 'admin' };
      const refused = /^Cross-site request refused/;
      expectError(await api(app).post(path).set('Cookie', cookie()).set('Origin', FOREIGN).send(body), 403, refused);
      expectError(await api(app).post(path).set('Cookie', cookie()).set('Origin', 'null').send(body), 403, refused);
      expectError(await api(app).post(path).set('Cookie', cookie()).set('Referer', `${FOREIGN}/attack.html`).send(body), 403, refused);
      // Origin is what the browser vouches for; a Referer cannot overrule it.
      expectError(await api(app).post(path).set('Cookie', cookie()).set('Origin', FOREIGN).set('Referer', `${PUBLIC_URL}/`).send(body), 403, refused);
      // Same host, other scheme: another origin.
      expectError(await api(app).post(path).set('Cookie', cookie()).set('Origin', 'http://app.example.test').send(body), 403, refused);
      expectError(await api(app).delete(`/api/auth/tokens/${victim.teamId}`).set('Cookie', cookie()).set('Origin', FOREIGN), 403, refused);
      expectError(await api(app).post('/api/auth/logout').set('Cookie', cookie()).set('Origin', FOREIGN), 403, refused);
      expect(await members(victim.teamId)).toEqual([victim.userId]);
      await api(app).get('/api/auth/me').set('Cookie', cookie()).expect(200);
    });

    it('is refused with 403 when it names no origin at all', async () => {
      const response = await api(app).post('/api/teams').set('Cookie', cookie()).send({ name: 'No origin' });
      expectError(response, 403, /Origin or Referer.*Authorization: Bearer/);
      expect(await teamsNamed('No origin')).toBe(0);
    });

    it('is refused before the session is read: a foreign origin with a dead cookie is 403, not 401', async () => {
      expectError(await api(app).post('/api/teams').set('Cookie', 'session=not-a-jwt').set('Origin', FOREIGN).send({ name: 'x' }), 403);
    });

    it('may read from anywhere: safe methods are not checked (CORS keeps the answer from foreign pages)', async () => {
      await api(app).get('/api/auth/me').set('Cookie', cookie()).set('Origin', FOREIGN).expect(200);
    });
  });

  describe('a request with a Bearer token', () => {
    it('is unaffected by its origin or by a cookie beside it: no page can make a browser send the header', async () => {
      await api(app, victim).post('/api/teams').set('Origin', FOREIGN).send({ name: 'Bearer from afar' }).expect(201);
      const other = await signUp(app);
      const created = await api(app, victim).post('/api/teams').set('Cookie', `session=${other.token}`).send({ name: 'Bearer and cookie' }).expect(201);
      expect(created.body).toMatchObject({ role: 'owner' });
      expect((await api(app, victim).get('/api/teams').expect(200)).body.map((team: { name: string }) => team.name)).toContain('Bearer and cookie');
    });
  });

  describe('a request without a session (sign-in, sign-up)', () => {
    it('is refused from a foreign page, so no page can sign a visitor into its own account', async () => {
      const email = `csrf-${Date.now()}@example.com`;
      expectError(
        await api(app).post('/api/auth/register').set('Origin', FOREIGN).send({ email, password: 'correct horse battery', name: 'Planted' }),
        403,
        /^Cross-site request refused/,
      );
      expect(await usersWithEmail(email)).toBe(0);
      const login = await api(app).post('/api/auth/login').set('Referer', `${FOREIGN}/`).send({ email: attacker.email, password: attacker.password });
      expectError(login, 403, /^Cross-site request refused/);
      expect(login.headers['set-cookie']).toBeUndefined();
    });

    it("is accepted from the service's own pages and from clients that send neither Origin nor Referer", async () => {
      await api(app).post('/api/auth/login').set('Origin', FRONTEND_URL).send({ email: victim.email, password: victim.password }).expect(200);
      await api(app).post('/api/auth/login').send({ email: victim.email, password: victim.password }).expect(200);
    });
  });

  describe('approval links (the token in the request is the credential)', () => {
    it("take the confirmation page's form post from any page, with a session cookie beside it or not", async () => {
      const { workflowId } = await createWorkflow(app, victim, { goal: 'Write a LinkedIn post about our launch' });
      const link = new URL((await mailTo(smtp, victim.email, /^Approve the plan/)).links.find((candidate) => candidate.includes('/approve?token='))!);
      // As a webmail page's button would post it, in a browser also signed in to the dashboard.
      await api(app)
        .post(link.pathname)
        .set('User-Agent', BROWSER)
        .set('Cookie', cookie())
        .set('Origin', 'https://mail.example.test')
        .type('form')
        .send({ token: link.searchParams.get('token')! })
        .expect(303)
        .expect('Location', `${FRONTEND_URL}/dashboard/workflows/${workflowId}`);
      expect((await api(app, victim).get(`/api/workflows/${workflowId}`).expect(200)).body).toMatchObject({ status: 'active' });
    });

    it('refuse other body types with 415 and oversized forms with 413', async () => {
      expectError(
        await api(app).post('/api/workflows/resume').set('Content-Type', 'text/plain').send('token=x&action=approve'),
        415,
        'Request bodies must be application/json or application/x-www-form-urlencoded',
      );
      expectError(await api(app).post('/api/workflows/resume').type('form').send({ note: 'x'.repeat(100_000) }), 413, 'Request body too large');
    });
  });
});
