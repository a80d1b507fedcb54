import type { INestApplication } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { DataSource } from 'typeorm';
import { api } from '../helpers/api.js';
import { expectError } from '../helpers/expect-error.js';
import { waitFor } from '../helpers/mail-catcher.js';
import { signUp, type TestUser } from '../helpers/users.js';
import { createTestApp } from '../setup/create-test-app.js';
import { resetDatabase } from '../setup/reset-database.js';

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

    /** A fresh address per test (Redis keeps counts across runs): 2001:db8::/32 is for documentation. */
    const address = () => `2001:db8::${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}`;
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
});

/** Rows in every table that a registration writes to. */
async function accountRowCounts(app: INestApplication): Promise<Record<string, number>> {
  const [row] = await app.get(DataSource).query(
    `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM teams)::int AS teams,
            (SELECT count(*) FROM memberships)::int AS memberships, (SELECT count(*) FROM sessions)::int AS sessions`,
  );
  return row;
}
