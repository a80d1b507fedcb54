import { createHash, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { linksIn } from '../../helpers/mail-catcher.js';
import { invitationTokenIn } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const PASSWORD = 'correct horse battery';
const fresh = (label = 'user') => `${label}-${randomUUID()}@example.com`;

interface OutboxMail {
  subject: string;
  text: string;
}

const mailsTo = (app: INestApplication, email: string) =>
  app.get(DataSource).query<OutboxMail[]>('SELECT subject, text FROM mail_outbox WHERE to_address = $1 ORDER BY id', [email]);

/** The token of the latest verification link mailed to `email`. */
async function verificationToken(app: INestApplication, email: string): Promise<string> {
  const mails = (await mailsTo(app, email)).filter((mail) => mail.subject === 'Confirm your email address');
  const link = linksIn(mails.at(-1)?.text ?? '').find((candidate) => candidate.includes('/dashboard/verify-email#'));
  const token = link && new URLSearchParams(new URL(link).hash.slice(1)).get('token');
  if (!token) throw new Error(`No verification link mailed to ${email}`);
  return token;
}

/** Rows a registration could leave behind. */
async function stored(app: INestApplication): Promise<Record<string, number>> {
  const [row] = await app
    .get(DataSource)
    .query<Record<string, string>[]>(
      `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM teams) AS teams,
              (SELECT count(*) FROM memberships) AS memberships, (SELECT count(*) FROM sessions) AS sessions,
              (SELECT count(*) FROM mail_outbox) AS mails`,
    );
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
}

const register = (app: INestApplication, email: string, name = 'New Person') =>
  api(app).post('/api/auth/register').send({ email, password: PASSWORD, name });

/**
 * Email verification, sign-up policy and password sign-in switches (#31, #28): an unverified
 * account works in its own team but cannot invite or accept; the link is hashed at rest, single
 * use and expiring; EMAIL_VERIFICATION=required answers a known address like a new one.
 */
describe('email verification and sign-up policy', () => {
  describe('by default (EMAIL_VERIFICATION=optional, SIGNUP=open)', () => {
    let app: INestApplication;
    beforeAll(async () => {
      app = await createTestApp();
      await resetDatabase(app);
    });
    afterAll(() => app.close());

    it('signs a new account in at once, unverified, and mails it a link stored only as its hash', async () => {
      const email = fresh();
      const response = await register(app, email).expect(201);
      expect(response.body).toMatchObject({ accessToken: expect.any(String), user: { email, emailVerified: false } });
      const caller = { token: response.body.accessToken as string };
      // Works in its own team at once.
      await api(app, caller).post('/api/teams').send({ name: 'Side project' }).expect(201);
      expect((await api(app, caller).get('/api/auth/me').expect(200)).body.user).toMatchObject({ emailVerified: false });
      const token = await verificationToken(app, email);
      const [row] = await app.get(DataSource).query<{ hash: string }[]>('SELECT email_verification_token_hash AS hash FROM users WHERE email = $1', [email]);
      expect(row.hash).toBe(createHash('sha256').update(token).digest('hex'));
    });

    it('refuses an unverified account to invite, then lets it once the link is used (once)', async () => {
      const email = fresh();
      const response = await register(app, email).expect(201);
      const caller = { token: response.body.accessToken as string };
      const teamId = response.body.activeTeam.id as string;
      const invited = fresh('invitee');
      const refused = await api(app, caller).post(`/api/teams/${teamId}/invitations`).send({ email: invited, role: 'member' });
      expectError(refused, 403, /^Verify your email address before inviting anyone/);
      expect(refused.body.code).toBe('email_unverified');
      expect(await mailsTo(app, invited)).toEqual([]);

      const token = await verificationToken(app, email);
      // The link's page posts the token without a session: it may be opened on another device.
      expect((await api(app).post('/api/auth/verify-email').send({ token }).expect(200)).body).toEqual({ email });
      expectError(await api(app).post('/api/auth/verify-email').send({ token }), 400, /^This verification link is invalid or was already used/);
      // The session resolved (and cached) before the verification sees it at once.
      expect((await api(app, caller).get('/api/auth/me').expect(200)).body.user).toMatchObject({ emailVerified: true });
      await api(app, caller).post(`/api/teams/${teamId}/invitations`).send({ email: invited, role: 'member' }).expect(201);
      expectError(await api(app, caller).post('/api/auth/verification-mail'), 409, 'Your email address is already verified');
    });

    it('accepts an invitation only from the verified account with the invited address', async () => {
      const owner = await signUp(app);
      const email = fresh('invitee');
      const response = await register(app, email).expect(201);
      const invitee = { token: response.body.accessToken as string };
      await api(app, owner).post(`/api/teams/${owner.teamId}/invitations`).send({ email, role: 'admin' }).expect(201);
      const invitation = invitationTokenIn((await mailsTo(app, email)).find((mail) => mail.subject.startsWith('Invitation'))!.text);

      const unverified = await api(app, invitee).post('/api/invitations/accept').send({ token: invitation });
      expectError(unverified, 403, /^Verify your email address before accepting an invitation/);
      expect(unverified.body.code).toBe('email_unverified');
      // A verified account with another address cannot take it either.
      const stranger: TestUser = await signUp(app);
      expectError(await api(app, stranger).post('/api/invitations/accept').send({ token: invitation }), 403, /another email address/);

      await api(app).post('/api/auth/verify-email').send({ token: await verificationToken(app, email) }).expect(200);
      expect((await api(app, invitee).post('/api/invitations/accept').send({ token: invitation }).expect(200)).body).toMatchObject({
        id: owner.teamId,
        role: 'admin',
      });
    });

    it('refuses an expired link (410) and throttles resends; a resent link replaces the older one', async () => {
      const email = fresh();
      const response = await register(app, email).expect(201);
      const caller = { token: response.body.accessToken as string };
      const first = await verificationToken(app, email);
      const db = app.get(DataSource);

      const throttled = await api(app, caller).post('/api/auth/verification-mail');
      expectError(throttled, 429, /^A verification link was mailed less than a minute ago; try again in \d+ s$/);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect(await mailsTo(app, email)).toHaveLength(1);

      await db.query(`UPDATE users SET email_verification_expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
      expectError(await api(app).post('/api/auth/verify-email').send({ token: first }), 410, /^This verification link has expired/);

      await db.query(`UPDATE users SET email_verification_sent_at = now() - interval '61 seconds' WHERE email = $1`, [email]);
      expect((await api(app, caller).post('/api/auth/verification-mail').expect(202)).body).toEqual({ sentAt: expect.any(String) });
      const second = await verificationToken(app, email);
      expect(second).not.toBe(first);
      expectError(await api(app).post('/api/auth/verify-email').send({ token: first }), 400, /^This verification link is invalid/);
      await api(app).post('/api/auth/verify-email').send({ token: second }).expect(200);
    });

    it('still answers 409 for a known address, storing nothing (the registration contract: docs/decisions/)', async () => {
      const existing = await signUp(app);
      const before = await stored(app);
      expectError(await register(app, existing.email), 409, 'An account with this email already exists');
      expect(await stored(app)).toEqual(before);
    });

    it('tells the sign-in page the policy', async () => {
      expect((await api(app).get('/api/auth/options').expect(200)).body).toEqual({ signup: 'open', passwordLogin: 'enabled', emailVerification: 'optional', sso: null });
    });
  });

  describe('EMAIL_VERIFICATION=required', () => {
    let app: INestApplication;
    beforeAll(async () => {
      app = await createTestApp({ env: { EMAIL_VERIFICATION: 'required', LOGIN_RATE_LIMIT_PER_IP: '1000' } });
    });
    afterAll(() => app.close());

    /** An address with an account (unverified: it makes no difference to the answer). */
    const existingAddress = async () => {
      const email = fresh('existing');
      await register(app, email).expect(202);
      return { email };
    };

    it('answers a known address exactly as a new one, with no session, and mails its owner a notice (once a day)', async () => {
      const existing = await existingAddress();
      const newcomer = fresh();
      const created = await register(app, newcomer);
      const before = await stored(app);
      const known = await register(app, existing.email);
      expect(known.status).toBe(202);
      expect(created.status).toBe(202);
      const shape = (response: typeof known) => ({ ...response.body, email: '<address>' }) as unknown;
      expect(shape(known)).toEqual(shape(created));
      expect(created.body).toMatchObject({ verificationRequired: true, email: newcomer });
      expect(Object.keys(known.headers).sort()).toEqual(Object.keys(created.headers).sort());
      expect(known.headers['set-cookie']).toBeUndefined();
      // Nothing stored but the notice to the owner.
      expect(await stored(app)).toEqual({ ...before, mails: before.mails + 1 });
      expect((await mailsTo(app, existing.email)).map((mail) => mail.subject)).toEqual(['Confirm your email address', 'Someone tried to sign up with your address']);
      await register(app, existing.email).expect(202);
      expect(await mailsTo(app, existing.email)).toHaveLength(2);
    });

    it('takes as long for a known address as for a new one', async () => {
      // At the default hashing cost, as a deployment that sets none: the suite's cheaper hash (the
      // least OWASP allows) no longer outweighs a new account's inserts (docs/decisions/password-hashing-cost-is-configured.md).
      const defaultCost = await createTestApp({
        env: { EMAIL_VERIFICATION: 'required', LOGIN_RATE_LIMIT_PER_IP: '1000', PASSWORD_HASH_MEMORY_KIB: '65536', PASSWORD_HASH_ITERATIONS: '3', PASSWORD_HASH_PARALLELISM: '4' },
      });
      try {
        const existing = fresh('existing');
        await register(defaultCost, existing).expect(202);
        const timed = async (email: string) => {
          const started = performance.now();
          await register(defaultCost, email).expect(202);
          return performance.now() - started;
        };
        const known: number[] = [];
        const unknown: number[] = [];
        for (let i = 0; i < 8; i++) {
          known.push(await timed(existing));
          unknown.push(await timed(fresh()));
        }
        const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
        const ratio = median(known) / median(unknown);
        // The password hash dominates both; skipping it for a known address made this about 0.1.
        expect(ratio).toBeGreaterThan(0.6);
        expect(ratio).toBeLessThan(1.6);
      } finally {
        await defaultCost.close();
      }
      // Sixteen sign-ups, each a password hash: more than the default 30 s on a busy machine.
    }, 120_000);

    it('lets an unverified account sign in but do nothing but verify (403 email_unverified), then everything', async () => {
      const email = fresh();
      await register(app, email).expect(202);
      const login = await api(app).post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
      const caller = { token: login.body.accessToken as string };
      const refused = await api(app, caller).get('/api/workflows');
      expectError(refused, 403, /^Verify your email address first/);
      expect(refused.body.code).toBe('email_unverified');
      await api(app, caller).get('/api/auth/me').expect(200);
      // The resend route is open to it (throttled here: the link was mailed just now).
      expectError(await api(app, caller).post('/api/auth/verification-mail'), 429);
      await api(app).post('/api/auth/verify-email').send({ token: await verificationToken(app, email) }).expect(200);
      await api(app, caller).get('/api/workflows').expect(200);
    });
  });

  describe('SIGNUP=invite', () => {
    let app: INestApplication;
    beforeAll(async () => {
      app = await createTestApp({ env: { SIGNUP: 'invite' } });
    });
    afterAll(() => app.close());

    it('registers only an address with a pending invitation; others store nothing', async () => {
      const before = await stored(app);
      const refused = await register(app, fresh());
      expectError(refused, 403, 'Sign-up is by invitation only: use the address a team invited');
      expect(refused.body.code).toBe('signup_invite_only');
      expect(await stored(app)).toEqual(before);

      // An invitation from a team made by the tests above.
      const [inviter] = await app.get(DataSource).query<{ id: string; team_id: string }[]>(
        'SELECT u.id, m.team_id FROM users u JOIN memberships m ON m.user_id = u.id AND m.role = $1 LIMIT 1',
        ['owner'],
      );
      const invited = fresh('invited');
      await app.get(DataSource).query(
        `INSERT INTO team_invitations (team_id, email, role, invited_by, jti, expires_at) VALUES ($1, $2, 'member', $3, gen_random_uuid(), now() + interval '1 day')`,
        [inviter.team_id, invited, inviter.id],
      );
      await register(app, invited).expect(201);
    });
  });

  describe('SIGNUP=closed and PASSWORD_LOGIN=disabled', () => {
    it('SIGNUP=closed refuses every registration and stores nothing', async () => {
      const app = await createTestApp({ env: { SIGNUP: 'closed' } });
      try {
        const before = await stored(app);
        const refused = await register(app, fresh());
        expectError(refused, 403, 'Sign-up is closed on this deployment: ask an administrator for an account');
        expect(refused.body.code).toBe('signup_closed');
        expect(await stored(app)).toEqual(before);
      } finally {
        await app.close();
      }
    });

    it('PASSWORD_LOGIN=disabled refuses password sign-in and registration (403) and says so in the options', async () => {
      const app = await createTestApp({ env: { PASSWORD_LOGIN: 'disabled' } });
      try {
        const before = await stored(app);
        const [user] = await app.get(DataSource).query<{ email: string }[]>('SELECT email FROM users LIMIT 1');
        for (const response of [await register(app, fresh()), await api(app).post('/api/auth/login').send({ email: user.email, password: PASSWORD })]) {
          expectError(response, 403, 'Password sign-in is turned off on this deployment: sign in with single sign-on');
          expect(response.body.code).toBe('password_login_disabled');
        }
        expect(await stored(app)).toEqual(before);
        expect((await api(app).get('/api/auth/options').expect(200)).body).toMatchObject({ passwordLogin: 'disabled' });
      } finally {
        await app.close();
      }
    });
  });
});
