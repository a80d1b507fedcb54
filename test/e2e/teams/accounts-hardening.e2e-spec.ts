import type { INestApplication } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { loadConfiguration } from '../../../src/config/configuration.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';
import { TEST_ENV } from '../../setup/test-env.js';

describe('accounts hardening', () => {
  describe('password policy', () => {
    let app: INestApplication;

    beforeAll(async () => {
      app = await createTestApp();
      await resetDatabase(app);
    });
    afterAll(() => app.close());

    it.each([
      ['12345678', /^password is too easy to guess: This is a heavily used password\./],
      ['password', /^password is too easy to guess: This is a heavily used password\./],
      ['password1', /^password is too easy to guess: This is a commonly used password\./],
      ['Password123!', /^password is too easy to guess: This is similar to a commonly used password\./],
      ['qwertyuiop', /^password is too easy to guess: /],
      ['abcdefghijk', /^password is too easy to guess: Common character sequences like "abc" are easy to guess\./],
      ['aaaaaaaaaaaa', /^password is too easy to guess: Repeated characters like "aaa" are easy to guess\./],
      ['iloveyou2024', /^password is too easy to guess: /],
      ['grace.hopper1906', /^password is too easy to guess: There should not be any personal or page related data\./],
    ])('refuses %j with 400 saying why, and stores nothing', async (password, message) => {
      const before = await accountRowCounts(app);
      const response = await api(app).post('/api/auth/register').send({ email: 'grace.hopper@example.com', password, name: 'Grace Hopper' });
      expectError(response, 400, [message]);
      expect(await accountRowCounts(app)).toEqual(before);
    });

    it('refuses a password shorter than 8 characters before judging it', async () => {
      const response = await api(app).post('/api/auth/register').send({ email: 'short@example.com', password: 'x7#kQ2!', name: 'Short' });
      expectError(response, 400, [/^password must be longer than or equal to 8 characters$/]);
    });

    it.each(['correct horse battery', 'x7#kQ2!mZ', 'Ada writes notes on Bernoulli numbers'])('accepts %j', async (password) => {
      await api(app).post('/api/auth/register').send({ email: `strong-${password.length}@example.com`, password, name: 'Ada' }).expect(201);
    });
  });

  describe.each([
    ['in memory', {}],
    ['in Redis, shared by instances', { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }],
  ])('sign-in throttling %s', (_store, storeEnv: Record<string, string>) => {
    let app: INestApplication;
    /** A second instance: with Redis it sees the first one's counts. */
    let other: INestApplication;
    const LIMITS = { LOGIN_FREE_ATTEMPTS: '3', LOGIN_DELAY_SECONDS: '3', LOGIN_MAX_DELAY_SECONDS: '12', LOGIN_FAILURES_PER_IP: '6' };

    beforeAll(async () => {
      // One proxy hop: the client address comes from X-Forwarded-For, so tests can sign in from several.
      const env = { ...LIMITS, ...storeEnv, TRUST_PROXY_HOPS: '1' };
      app = await createTestApp({ env });
      other = 'REDIS_URL' in storeEnv ? await createTestApp({ env }) : app;
      await resetDatabase(app);
    });
    afterAll(async () => {
      await app.close();
      if (other !== app) await other.close();
    });

    /**
     * A fresh address per test (Redis keeps counts across runs), each in a /64 of its own (the
     * throttle counts IPv6 by its /64): 2001:db8::/32 is for documentation.
     */
    const address = () => `2001:db8:${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}::1`;
    const signIn = (target: INestApplication, from: string, email: string, password: string) =>
      api(target).post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password });

    it('makes an attacker wait, doubling, while the owner signs in from their own address at once', async () => {
      const owner: TestUser = await signUp(app);
      const [attacker, home] = [address(), address()];
      for (let i = 0; i < 3; i++) expectError(await signIn(app, attacker, owner.email, `guess ${i}`), 401, 'Invalid email or password');

      // The third attempt set a wait of 3 s (counted from its start): refused before the password is
      // looked at, the right one too, with the time left in the message and in Retry-After.
      const waiting = await signIn(other, attacker, owner.email.toUpperCase(), owner.password);
      expectError(waiting, 429, /^Too many failed sign-ins for this account from your address; try again in [1-3] s$/);
      expect(waiting.body.message).toContain(`in ${waiting.headers['retry-after']} s`);

      // The owner, from home, is not delayed by any of it.
      await signIn(other, home, owner.email, owner.password).expect(200);

      // Once the wait is over the next guess is heard, and the wait after it is twice as long (6 s).
      const heard = await waitFor(async () => {
        const response = await signIn(app, attacker, owner.email, 'guess 3');
        return response.status === 429 ? undefined : response;
      }, 'the first wait to end');
      expectError(heard, 401, 'Invalid email or password');
      const longer = await signIn(app, attacker, owner.email, 'guess 4');
      expectError(longer, 429, /try again in [4-6] s$/);
      expect(longer.body.message).toContain(`in ${longer.headers['retry-after']} s`);
    });

    it('counts concurrent guesses: a burst gets the free attempts and no more', async () => {
      const owner = await signUp(app);
      const from = address();
      const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(i % 2 ? other : app, from, owner.email, `burst ${i}`)));
      expect(burst.map((response) => response.status).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
    });

    it('starts a pair afresh after the right password', async () => {
      const owner = await signUp(app);
      const from = address();
      for (let i = 0; i < 2; i++) await signIn(app, from, owner.email, `typo ${i}`).expect(401);
      await signIn(other, from, owner.email, owner.password).expect(200);
      for (let i = 0; i < 2; i++) await signIn(app, from, owner.email, `typo ${i}`).expect(401);
      await signIn(other, from, owner.email, owner.password).expect(200);
    });

    it('limits failed sign-ins per address across emails, leaving other addresses alone', async () => {
      const [victim, bystander] = [await signUp(app), await signUp(app)];
      const sprayer = address();
      for (let i = 0; i < 6; i++) await signIn(app, sprayer, `user-${i}-${sprayer}@example.com`, 'Summer2024!').expect(401);
      const limited = await signIn(other, sprayer, victim.email, victim.password);
      expectError(limited, 429, /^Too many failed sign-ins from your address; try again in \d+ s$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      await signIn(app, address(), victim.email, victim.password).expect(200);
      await signIn(app, address(), bystander.email, bystander.password).expect(200);
    });
  });

  describe('API tokens and credentials', () => {
    let app: INestApplication;
    const DAY_MS = 24 * 3600 * 1000;

    beforeAll(async () => {
      app = await createTestApp({ env: { API_TOKEN_DEFAULT_DAYS: '30', API_TOKEN_MAX_DAYS: '60' } });
      await resetDatabase(app);
    });
    afterAll(() => app.close());

    const sessionRows = async () =>
      (await app.get(DataSource).query<{ count: number }[]>('SELECT count(*)::int AS count FROM sessions'))[0].count;

    function expectExpiry(expiresAt: string, days: number): void {
      expect(Math.abs(Date.parse(expiresAt) - (Date.now() + days * DAY_MS))).toBeLessThan(60_000);
    }

    it('gives a token the default expiry, or the one asked for up to the maximum, shown on create and list', async () => {
      const user = await signUp(app);
      const byDefault = await api(app, user).post('/api/auth/tokens').send({ name: 'CI' }).expect(201);
      expectExpiry(byDefault.body.expiresAt, 30);
      const week = await api(app, user).post('/api/auth/tokens').send({ name: 'Script', expiresInDays: 7 }).expect(201);
      expectExpiry(week.body.expiresAt, 7);
      const longest = await api(app, user).post('/api/auth/tokens').send({ name: 'Long', expiresInDays: 60 }).expect(201);
      expectExpiry(longest.body.expiresAt, 60);

      // The token itself carries the same expiry.
      const claims = JSON.parse(Buffer.from(week.body.token.split('.')[1], 'base64url').toString()) as { exp: number };
      expect(claims.exp * 1000).toBe(Date.parse(week.body.expiresAt));

      const list = (await api(app, user).get('/api/auth/tokens').expect(200)).body as { id: string; expiresAt: string }[];
      expect(Object.fromEntries(list.map((token) => [token.id, token.expiresAt]))).toEqual({
        [byDefault.body.id]: byDefault.body.expiresAt,
        [week.body.id]: week.body.expiresAt,
        [longest.body.id]: longest.body.expiresAt,
      });
    });

    it.each([
      [{ expiresInDays: 61 }, [/^expiresInDays must not be greater than 60$/]],
      [{ expiresInDays: 0 }, [/^expiresInDays must not be less than 1$/]],
      [{ expiresInDays: 1.5 }, [/^expiresInDays must be an integer number$/]],
      [{ expiresInDays: '30' }, [/^expiresInDays must be an integer number$/]],
    ])('refuses %j with 400, storing nothing', async (fields, message) => {
      const user = await signUp(app);
      const before = await sessionRows();
      expectError(await api(app, user).post('/api/auth/tokens').send({ name: 'x', ...fields }), 400, message);
      expect(await sessionRows()).toBe(before);
    });

    it('answers 401 for an expired token', async () => {
      const user = await signUp(app);
      const created = await api(app, user).post('/api/auth/tokens').send({ name: 'Short-lived', expiresInDays: 1 }).expect(201);
      await app.get(DataSource).query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [created.body.id]);
      expectError(await api(app, { token: created.body.token }).get('/api/auth/me'), 401, 'Authentication required');
    });

    it('lets an API token neither create tokens nor change the password: 403, nothing changed', async () => {
      const user = await signUp(app);
      const apiToken = { token: (await api(app, user).post('/api/auth/tokens').send({ name: 'CI' }).expect(201)).body.token as string };
      const before = await sessionRows();
      expectError(
        await api(app, apiToken).post('/api/auth/tokens').send({ name: 'Minted' }),
        403,
        'API tokens cannot do this; sign in to do it',
      );
      expectError(
        await api(app, apiToken).post('/api/auth/password').send({ currentPassword: user.password, newPassword: 'a new passphrase of mine' }),
        403,
        'API tokens cannot do this; sign in to do it',
      );
      expect(await sessionRows()).toBe(before);
      await api(app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
      // Credentials are a session's business only (docs/permissions.md, account.credentials): a token cannot list them either.
      expectError(await api(app, apiToken).get('/api/auth/tokens'), 403, 'API tokens cannot do this; sign in to do it');
    });

    it('changes the password from a signed-in session: the policy applies, other sign-ins end, API tokens stay', async () => {
      const user = await signUp(app);
      const elsewhere = { token: (await api(app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200)).body.accessToken as string };
      const apiToken = { token: (await api(app, user).post('/api/auth/tokens').send({ name: 'CI' }).expect(201)).body.token as string };

      expectError(
        await api(app, user).post('/api/auth/password').send({ currentPassword: 'not it at all', newPassword: 'a new passphrase of mine' }),
        400,
        'currentPassword is not the password of this account',
      );
      expectError(await api(app, user).post('/api/auth/password').send({ currentPassword: user.password, newPassword: 'password1' }), 400, [
        /^newPassword is too easy to guess: This is a commonly used password\./,
      ]);
      expectError(await api(app, user).post('/api/auth/password').send({ currentPassword: user.password }), 400, [/^newPassword/]);
      await api(app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);

      await api(app, user).post('/api/auth/password').send({ currentPassword: user.password, newPassword: 'a new passphrase of mine' }).expect(200, { success: true });
      expectError(await api(app).post('/api/auth/login').send({ email: user.email, password: user.password }), 401);
      await api(app).post('/api/auth/login').send({ email: user.email, password: 'a new passphrase of mine' }).expect(200);
      await api(app, user).get('/api/auth/me').expect(200);
      expectError(await api(app, elsewhere).get('/api/auth/me'), 401);
      await api(app, apiToken).get('/api/auth/me').expect(200);
    });

    it('refuses a default expiry beyond the maximum at start', () => {
      const env = { ...TEST_ENV, DATABASE_URL: process.env.DATABASE_URL, API_TOKEN_DEFAULT_DAYS: '400', API_TOKEN_MAX_DAYS: '365' };
      expect(() => loadConfiguration(env)).toThrow(/API_TOKEN_DEFAULT_DAYS must not be greater than API_TOKEN_MAX_DAYS/);
    });

    it.each([
      ['post', '/api/auth/password'],
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
