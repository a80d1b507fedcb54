import { randomInt, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { signUp } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/**
 * Guessing that the per-address throttle did not stop (#28): addresses rotated within one IPv6
 * /64 or across many networks, passwords guessed through a stolen session, and passwords made of
 * the account's own name.
 */
describe('sign-in abuse', () => {
  describe.each([
    ['in memory', {}],
    ['in Redis, shared by instances', { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }],
  ])('the sign-in throttle %s', (_store, storeEnv: Record<string, string>) => {
    let app: INestApplication;
    const LIMITS = {
      LOGIN_FREE_ATTEMPTS: '3',
      LOGIN_DELAY_SECONDS: '30',
      LOGIN_FAILURES_PER_IP: '50',
      LOGIN_ACCOUNT_FREE_ATTEMPTS: '6',
      LOGIN_ACCOUNT_DELAY_SECONDS: '6',
      LOGIN_ACCOUNT_MAX_DELAY_SECONDS: '6',
    };

    beforeAll(async () => {
      app = await createTestApp({ env: { ...LIMITS, ...storeEnv, TRUST_PROXY_HOPS: '1' } });
      await resetDatabase(app);
    });
    afterAll(() => app.close());

    const hex = () => randomInt(1, 0xffff).toString(16);
    /** A fresh /64 each call (2001:db8::/32 is for documentation), and an address inside one. */
    const network = () => `2001:db8:${hex()}:${hex()}`;
    const signIn = (from: string, email: string, password: string) =>
      api(app).post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password });

    it('counts an IPv6 /64 as one address: rotating inside it does not reset the wait', async () => {
      const owner = await signUp(app);
      const net = network();
      for (let i = 0; i < 3; i++) expectError(await signIn(`${net}::${hex()}`, owner.email, `guess ${i}`), 401, 'Invalid email or password');
      expectError(await signIn(`${net}:1:2:3:${hex()}`, owner.email, 'guess 3'), 429, /^Too many failed sign-ins for this account from your address/);
    });

    it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
      const owner = await signUp(app);
      const v4 = `198.51.100.${randomInt(1, 255)}`;
      for (let i = 0; i < 3; i++) await signIn(i % 2 ? `::ffff:${v4}` : v4, owner.email, `guess ${i}`).expect(401);
      expectError(await signIn(`::ffff:${v4}`, owner.email, 'guess 3'), 429, /from your address/);
    });

    it('slows guesses on one account across all addresses, with a bounded wait, never delaying the owner at a known address', async () => {
      const owner = await signUp(app);
      const home = `${network()}::1`;
      await signIn(home, owner.email, owner.password).expect(200);
      /** Six guesses from six networks are heard; the seventh, from yet another, must wait. */
      const guessFromEverywhere = async () => {
        for (let i = 0; i < 6; i++) expectError(await signIn(`${network()}::1`, owner.email, `guess ${i}`), 401, 'Invalid email or password');
        const waiting = await signIn(`${network()}::1`, owner.email, 'guess 6');
        expectError(waiting, 429, /^Too many failed sign-ins for this account; try again in [1-6] s$/);
        expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(6);
      };

      await guessFromEverywhere();
      // The owner at home, where they signed in before, is not slowed by any of it.
      await signIn(home, owner.email, owner.password).expect(200);

      await guessFromEverywhere();
      // From a new network the owner waits too, but at most LOGIN_ACCOUNT_MAX_DELAY_SECONDS, then gets in.
      const elsewhere = `${network()}::1`;
      const started = Date.now();
      await waitFor(async () => (await signIn(elsewhere, owner.email, owner.password)).status === 200, 'the owner to get in from a new network', 15_000);
      expect(Date.now() - started).toBeLessThan(10_000);
    }, 90_000);
  });

  describe('password change and the password policy', () => {
    let app: INestApplication;

    beforeAll(async () => {
      app = await createTestApp({ env: { PASSWORD_CHANGE_ATTEMPTS: '3' } });
      await resetDatabase(app);
    });
    afterAll(() => app.close());

    it('throttles password changes per user: a stolen session cannot guess the current password', async () => {
      const user = await signUp(app);
      const bystander = await signUp(app);
      for (let i = 0; i < 3; i++) {
        expectError(
          await api(app, user).post('/api/auth/password').send({ currentPassword: `guess ${i}`, newPassword: 'a new passphrase of mine' }),
          400,
          'currentPassword is not the password of this account',
        );
      }
      const limited = await api(app, user).post('/api/auth/password').send({ currentPassword: user.password, newPassword: 'a new passphrase of mine' });
      expectError(limited, 429, /^Too many password changes for your account; try again in \d+ s$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another user is not affected, and the password did not change.
      await api(app, bystander).post('/api/auth/password').send({ currentPassword: bystander.password, newPassword: 'a new passphrase of mine' }).expect(200);
      await api(app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    }, 60_000);

    it.each(['MarekWisniewski1987', 'wisniewski.marek.2001', 'Marek_Wisniewski_84', 'wisniewskimarek2001'])(
      'refuses %j for Marek Wisniewski even when the email does not contain the name',
      async (password) => {
        const response = await api(app).post('/api/auth/register').send({ email: `mw-${randomUUID()}@example.com`, password, name: 'Marek Wisniewski' });
        expectError(response, 400, [/^password is too easy to guess: /]);
      },
    );

    it('still accepts a strong password for the same name', async () => {
      await api(app).post('/api/auth/register').send({ email: `mw-${randomUUID()}@example.com`, password: 'correct horse battery', name: 'Marek Wisniewski' }).expect(201);
    });
  });
});
