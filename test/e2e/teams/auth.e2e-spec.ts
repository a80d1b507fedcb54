import type { INestApplication } from '@nestjs/common';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { signUp } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';
import { DataSource } from 'typeorm';

describe('auth', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApp();
    await resetDatabase(app);
  });
  afterAll(() => app.close());

  describe('POST /api/auth/register', () => {
    it('creates the user with a personal team and logs them in', async () => {
      const response = await api(app)
        .post('/api/auth/register')
        .send({ email: '  Ada@Example.com ', password: 'long enough password', name: 'Ada' })
        .expect(201);
      expect(response.body).toEqual({
        accessToken: expect.any(String),
        user: { id: expect.any(String), email: 'ada@example.com', name: 'Ada', emailVerified: false, approvalDigest: true },
        activeTeam: { id: expect.any(String), name: "Ada's team", plan: 'free', role: 'owner', createdAt: expect.any(String) },
      });
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^session=[^;]+;/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
    });

    it('stores the password hashed with argon2id', async () => {
      const user = await signUp(app);
      const [row] = await app.get(DataSource).query('SELECT password_hash FROM users WHERE id = $1', [user.userId]);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(user.password);
    });

    it('hashes at the configured cost, and again at the next sign-in once the cost changed', async () => {
      const passwordHash = async (userId: string) =>
        (await app.get(DataSource).query<{ password_hash: string }[]>('SELECT password_hash FROM users WHERE id = $1', [userId]))[0].password_hash;
      const user = await signUp(app);
      // The suite's cost (test/setup/create-test-app.ts): 19 MiB, 2 passes, 1 lane.
      const before = await passwordHash(user.userId);
      expect(before).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      const raised = await createTestApp({ env: { PASSWORD_HASH_MEMORY_KIB: '20480', PASSWORD_HASH_ITERATIONS: '3' } });
      try {
        await api(raised).post('/api/auth/login').send({ email: user.email, password: 'wrong password' }).expect(401);
        expect(await passwordHash(user.userId)).toBe(before);
        await api(raised).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
        expect(await passwordHash(user.userId)).toMatch(/^\$argon2id\$v=19\$m=20480,p=1,t=3\$/);
        await api(raised).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
      } finally {
        await raised.close();
      }
      // A hash made at another cost still verifies where the cost is the old one.
      await api(app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    });

    it('refuses a second account with the same email, in any case', async () => {
      await signUp(app, { email: 'twice@example.com' });
      const response = await api(app)
        .post('/api/auth/register')
        .send({ email: 'TWICE@example.com', password: 'another password', name: 'Again' })
        .expect(409);
      expectError(response, 409, 'An account with this email already exists');
    });

    it.each([
      [{ password: 'long enough', name: 'No email' }, [/^email must be a valid email address$/]],
      [{ email: 'not-an-email', password: 'long enough', name: 'X' }, [/^email must be a valid email address$/]],
      [{ email: 'short@example.com', password: 'short', name: 'X' }, [/^password must be longer than or equal to 8 characters$/]],
      [{ email: 'blank@example.com', password: 'long enough', name: '   ' }, [/^name should not be empty$/]],
      [{ email: 'long@example.com', password: 'long enough', name: 'x'.repeat(101) }, [/^name must be shorter/]],
      [{ email: 'extra@example.com', password: 'long enough', name: 'X', role: 'admin' }, [/^role: property role should not exist$/]],
      [{ email: 42, password: ['a'], name: {} }, [/^email/, /^password/, /^name/]],
    ])('answers 400 naming each bad field and stores nothing: %j', async (body, messages) => {
      // Every table a registration writes, counted as a whole: a row stored under any email
      // (normalised, defaulted, or none at all) changes a count.
      const before = await accountRowCounts(app);
      const response = await api(app).post('/api/auth/register').send(body).expect(400);
      expectError(response, 400, messages);
      expect(await accountRowCounts(app)).toEqual(before);
    });
  });

  describe('POST /api/auth/login', () => {
    it('returns a token, the user and the active team, and sets the session cookie', async () => {
      const user = await signUp(app);
      const response = await api(app)
        .post('/api/auth/login')
        .send({ email: user.email.toUpperCase(), password: user.password })
        .expect(200);
      expect(response.body).toMatchObject({ accessToken: expect.any(String), user: { id: user.userId }, activeTeam: { id: user.teamId } });
      expect(String(response.headers['set-cookie'])).toMatch(/^session=/);
    });

    it('answers 401 with one message for a wrong password and for an unknown email', async () => {
      const user = await signUp(app);
      const wrongPassword = await api(app).post('/api/auth/login').send({ email: user.email, password: 'wrong password' });
      const unknownEmail = await api(app).post('/api/auth/login').send({ email: 'nobody@example.com', password: 'whatever' });
      expectError(wrongPassword, 401, 'Invalid email or password');
      expectError(unknownEmail, 401, 'Invalid email or password');
    });

    it('answers 400 for a body without credentials', async () => {
      expectError(await api(app).post('/api/auth/login').send({}), 400, [/^email/, /^password/]);
    });
  });

  describe('sessions', () => {
    it('accepts the token as a Bearer header and as the session cookie', async () => {
      const user = await signUp(app);
      await api(app, user).get('/api/auth/me').expect(200);
      const agent = api(app);
      await agent.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
      const me = await agent.get('/api/auth/me').expect(200);
      expect(me.body).toMatchObject({ user: { id: user.userId, email: user.email }, activeTeam: { id: user.teamId, role: 'owner' } });
      expect(me.body.teams).toHaveLength(1);
    });

    it('answers 401 without credentials, with a malformed token and with a forged one', async () => {
      expectError(await api(app).get('/api/auth/me'), 401, 'Authentication required');
      expectError(await api(app, { token: 'not-a-jwt' }).get('/api/auth/me'), 401, 'Authentication required');
      const user = await signUp(app);
      const [header, payload] = user.token.split('.');
      expectError(await api(app, { token: `${header}.${payload}.forged-signature` }).get('/api/auth/me'), 401);
      expectError(await api(app).get('/api/auth/me').set('Authorization', `Basic ${user.token}`), 401);
      expectError(await api(app).get('/api/auth/me').set('Authorization', `Bearer ${user.token} ${user.token}`), 401);
      expectError(await api(app).get('/api/auth/me').set('Authorization', 'Bearer'), 401);
    });

    it('reads the Bearer scheme as HTTP writes it: any case, one or more spaces before the token', async () => {
      const user = await signUp(app);
      for (const header of [`Bearer ${user.token}`, `bearer ${user.token}`, `BEARER ${user.token}`, `Bearer   ${user.token}`, `Bearer ${user.token} `]) {
        await api(app).get('/api/auth/me').set('Authorization', header).expect(200);
      }
    });

    it('logout revokes the session at once, for the cookie and the Bearer form alike', async () => {
      const user = await signUp(app);
      const response = await api(app, user).post('/api/auth/logout').expect(200);
      expect(response.body).toEqual({ success: true });
      expect(String(response.headers['set-cookie'])).toMatch(/^session=;/);
      expectError(await api(app, user).get('/api/auth/me'), 401, 'Authentication required');
      expectError(await api(app).get('/api/auth/me').set('Cookie', `session=${user.token}`), 401);
    });

    it('rejects an expired session', async () => {
      const user = await signUp(app);
      await app.get(DataSource).query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.userId]);
      expectError(await api(app, user).get('/api/auth/me'), 401);
    });
  });

  describe('GET /api/auth/session', () => {
    it('answers 200 with what GET /api/auth/me answers, for the cookie and the Bearer form alike', async () => {
      const user = await signUp(app);
      const me = (await api(app, user).get('/api/auth/me').expect(200)).body as unknown;
      expect((await api(app, user).get('/api/auth/session').expect(200)).body).toEqual({ me });
      expect((await api(app).get('/api/auth/session').set('Cookie', `session=${user.token}`).expect(200)).body).toEqual({ me });
    });

    it('answers 200 with me null, not 401, to a visitor without a live session, and tells them nothing else', async () => {
      const user = await signUp(app);
      const [header, payload] = user.token.split('.');
      const visitors = [
        api(app).get('/api/auth/session'),
        api(app, { token: 'not-a-jwt' }).get('/api/auth/session'),
        api(app, { token: `${header}.${payload}.forged-signature` }).get('/api/auth/session'),
        api(app).get('/api/auth/session').set('Cookie', 'session=not-a-jwt'),
        api(app).get('/api/auth/session').set('Authorization', `Basic ${user.token}`),
      ];
      for (const visitor of visitors) expect((await visitor.expect(200)).body).toEqual({ me: null });

      // A session that ended (signed out, expired) stands for no one either.
      await api(app, user).post('/api/auth/logout').expect(200);
      expect((await api(app, user).get('/api/auth/session').expect(200)).body).toEqual({ me: null });
      const other = await signUp(app);
      await app.get(DataSource).query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [other.userId]);
      expect((await api(app).get('/api/auth/session').set('Cookie', `session=${other.token}`).expect(200)).body).toEqual({ me: null });
    });
  });

  describe('API tokens', () => {
    it('creates a token shown once, stored hashed, usable as Bearer, listed without its secret, and revocable', async () => {
      const user = await signUp(app);
      const created = await api(app, user).post('/api/auth/tokens').send({ name: 'CI' }).expect(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        name: 'CI',
        teamId: user.teamId,
        scope: 'read-write',
        token: expect.any(String),
        createdAt: expect.any(String),
        lastUsedAt: null,
        expiresAt: expect.any(String),
      });
      const apiToken = { token: created.body.token as string };

      const me = await api(app, apiToken).get('/api/auth/me').expect(200);
      expect(me.body.user.id).toBe(user.userId);

      const [row] = await app.get(DataSource).query('SELECT token_hash FROM sessions WHERE id = $1', [created.body.id]);
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_hash).not.toBe(apiToken.token);

      // The use is recorded off the request's path (a write that does not hold the answer back): wait for it.
      const list = await waitFor(async () => {
        const listed = await api(app, user).get('/api/auth/tokens').expect(200);
        return (listed.body as { lastUsedAt: string | null }[])[0]?.lastUsedAt !== null && listed;
      }, 'the token\'s use to be recorded');
      expect(list.body).toEqual([expect.objectContaining({ id: created.body.id, name: 'CI', lastUsedAt: expect.any(String) })]);
      expect(list.body[0]).not.toHaveProperty('token');

      await api(app, user).delete(`/api/auth/tokens/${created.body.id}`).expect(200, { success: true });
      expectError(await api(app, apiToken).get('/api/auth/me'), 401);
      expect((await api(app, user).get('/api/auth/tokens').expect(200)).body).toEqual([]);
    });

    it("refuses a token whose stored hash does not match (a tampered row)", async () => {
      const user = await signUp(app);
      const created = await api(app, user).post('/api/auth/tokens').send({ name: 'x' }).expect(201);
      await app.get(DataSource).query(`UPDATE sessions SET token_hash = repeat('0', 64) WHERE id = $1`, [created.body.id]);
      expectError(await api(app, { token: created.body.token }).get('/api/auth/me'), 401);
    });

    it("cannot revoke another user's token: 404, and the token keeps working", async () => {
      const [alice, bob] = [await signUp(app), await signUp(app)];
      const created = await api(app, alice).post('/api/auth/tokens').send({ name: 'mine' }).expect(201);
      expectError(await api(app, bob).delete(`/api/auth/tokens/${created.body.id}`), 404, 'API token not found');
      await api(app, { token: created.body.token }).get('/api/auth/me').expect(200);
    });

    it('validates the name and the id', async () => {
      const user = await signUp(app);
      expectError(await api(app, user).post('/api/auth/tokens').send({}), 400, [/^name/]);
      expectError(await api(app, user).post('/api/auth/tokens').send({ name: 'x'.repeat(101) }), 400, [/^name must be shorter/]);
      expectError(await api(app, user).delete('/api/auth/tokens/not-a-uuid'), 400);
    });

    it.each([
      ['post', '/api/auth/tokens'],
      ['get', '/api/auth/tokens'],
      ['delete', '/api/auth/tokens/6f9619ff-8b86-4d11-b42d-00c04fc964ff'],
      ['post', '/api/auth/logout'],
    ] as const)('%s %s answers 401 without credentials', async (method, path) => {
      expectError(await api(app)[method](path), 401, 'Authentication required');
    });
  });
});

/** Rows in every table that a registration writes to. */
async function accountRowCounts(app: INestApplication): Promise<Record<string, number>> {
  const [row] = await app.get(DataSource).query(
    `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM teams)::int AS teams,
            (SELECT count(*) FROM memberships)::int AS memberships, (SELECT count(*) FROM sessions)::int AS sessions`,
  );
  return row;
}
