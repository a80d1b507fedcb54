import { createHash, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PasswordResetService } from '../../../src/teams/auth/password-reset/password-reset.service.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { startMailingApp, type MailingApp } from '../../helpers/mailing-app.js';
import { pausedRun } from '../../helpers/paused-run.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const NEW_PASSWORD = 'a brand new horse battery';
const SUBJECT = /^Reset your password$/;
const ANSWER = { message: 'If this address has an account that signs in with a password, we mailed it a link to choose a new one.' };

/** Asks for a reset and waits until its lookup and mail (done after the answer) are finished. */
async function requestReset(app: INestApplication, email: string) {
  const response = await api(app).post('/api/auth/password-reset').send({ email });
  await app.get(PasswordResetService).settled();
  return response;
}

/** The same, expecting the one answer every address gets. */
async function resetRequested(app: INestApplication, email: string) {
  const response = await requestReset(app, email);
  expect({ status: response.status, body: response.body as unknown }).toEqual({ status: 202, body: ANSWER });
  return response;
}

/** The token of the `count`-th reset mail to `email`, from the SMTP server's copy. */
async function resetToken(mailing: MailingApp, email: string, count = 1): Promise<string> {
  const mail = await mailTo(mailing.smtp, email, SUBJECT, count);
  const link = mail.links.find((candidate) => candidate.includes('/dashboard/reset-password#'));
  const token = link && new URLSearchParams(new URL(link).hash.slice(1)).get('token');
  if (!token) throw new Error(`No reset link mailed to ${email}`);
  return token;
}

/** What a reset could change: the account's password, its reset columns and sessions, and the outbox. */
async function stored(app: INestApplication, userId: string): Promise<Record<string, unknown>> {
  const [row] = await app.get(DataSource).query<Record<string, unknown>[]>(
    `SELECT u.password_hash, u.password_reset_token_hash, u.password_reset_expires_at, u.password_reset_sent_at,
            (SELECT count(*)::int FROM sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL) AS live_sessions,
            (SELECT count(*)::int FROM mail_outbox) AS mails, (SELECT count(*)::int FROM audit_events WHERE action = 'user.password_reset') AS resets
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  return row;
}

const signIn = (app: INestApplication, email: string, password: string) => api(app).post('/api/auth/login').send({ email, password });

/** Password reset by a mailed link (#28 item 8): alike for every address, single use, expiring, signs every browser out. */
describe('password reset', () => {
  let mailing: MailingApp;
  let app: INestApplication;
  let db: DataSource;

  beforeAll(async () => {
    mailing = await startMailingApp({ LOGIN_RATE_LIMIT_PER_IP: '1000' });
    app = mailing.app;
    db = app.get(DataSource);
  });
  afterAll(() => mailing.close());

  it('answers an unknown address exactly as a known one, mailing only the known one and storing nothing for the other', async () => {
    const user = await signUp(app);
    const unknown = `nobody-${randomUUID()}@example.com`;
    const mailsBefore = (await stored(app, user.userId)).mails;

    const forUnknown = await requestReset(app, unknown);
    const forKnown = await requestReset(app, user.email);
    expect({ status: forUnknown.status, body: forUnknown.body as unknown }).toEqual({ status: 202, body: ANSWER });
    expect({ status: forKnown.status, body: forKnown.body as unknown }).toEqual({ status: 202, body: ANSWER });
    expect(Object.keys(forUnknown.headers).sort()).toEqual(Object.keys(forKnown.headers).sort());

    const token = await resetToken(mailing, user.email);
    expect(mailing.smtp.messages.filter((message) => message.to.includes(unknown))).toEqual([]);
    const after = await stored(app, user.userId);
    // One mail in all (the known address's), and only its hash at rest.
    expect(after.mails).toBe(Number(mailsBefore) + 1);
    expect(after.password_reset_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(await db.query('SELECT 1 FROM users WHERE email = $1', [unknown])).toEqual([]);
  });

  it('sets the new password, uses the link up, signs every browser out (open streams too) and keeps API tokens', async () => {
    const user = await signUp(app);
    const other = await signIn(app, user.email, user.password).expect(200);
    const apiToken = (await api(app, user).post('/api/auth/tokens').send({ name: 'ci' }).expect(201)).body.token as string;
    const run = await pausedRun(app, mailing.smtp, user);
    const stream = await fetch(`${mailing.base}/api/workflows/${run.workflowId}/runs/${run.runId}/events`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();
    const ended = (async () => {
      try {
        while (!(await reader.read()).done);
      } catch {
        // Cut: ended all the same.
      }
      return 'ended' as const;
    })();

    await resetRequested(app, user.email);
    const token = await resetToken(mailing, user.email);
    const response = await api(app).post('/api/auth/password-reset/confirm').send({ token, password: NEW_PASSWORD }).expect(200);
    expect(response.body).toEqual({ email: user.email, signedOut: 2 });

    const cut = await Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve('open'), 1000))]);
    expect(cut).toBe('ended');
    await api(app, user).get('/api/auth/me').expect(401);
    await api(app, { token: other.body.accessToken as string }).get('/api/auth/me').expect(401);
    await api(app, { token: apiToken }).get('/api/auth/me').expect(200);
    expectError(await signIn(app, user.email, user.password), 401, 'Invalid email or password');
    await signIn(app, user.email, NEW_PASSWORD).expect(200);

    // Used up: the same link again is refused and changes nothing.
    const before = await stored(app, user.userId);
    expectError(await api(app).post('/api/auth/password-reset/confirm').send({ token, password: 'yet another horse battery' }), 400, /^This password reset link is invalid or was already used/);
    expect(await stored(app, user.userId)).toEqual(before);
    const [event] = await db.query<{ actor_id: string; team_id: string; changes: unknown }[]>(
      `SELECT actor_id, team_id, changes FROM audit_events WHERE action = 'user.password_reset' AND target_id = $1`,
      [user.userId],
    );
    expect(event).toEqual({ actor_id: user.userId, team_id: user.teamId, changes: { signedOut: 2 } });
  });

  it('refuses a weak password (400) and stores nothing: the link still works afterwards', async () => {
    const user = await signUp(app, { name: 'Marek Wisniewski' });
    await resetRequested(app, user.email);
    const token = await resetToken(mailing, user.email);
    const before = await stored(app, user.userId);
    for (const password of ['password', 'MarekWisniewski1987']) {
      expectError(await api(app).post('/api/auth/password-reset/confirm').send({ token, password }), 400, [/^password is too easy to guess/]);
    }
    expectError(await api(app).post('/api/auth/password-reset/confirm').send({ token, password: 'short' }), 400, [/^password must be longer than or equal to 8 characters/]);
    expect(await stored(app, user.userId)).toEqual(before);
    await api(app).post('/api/auth/password-reset/confirm').send({ token, password: NEW_PASSWORD }).expect(200);
  });

  it('refuses a forged (400) or expired (410) link, storing nothing', async () => {
    const user = await signUp(app);
    await resetRequested(app, user.email);
    const token = await resetToken(mailing, user.email);
    const before = await stored(app, user.userId);
    const bytes = Buffer.from(token, 'base64url');
    bytes[0] ^= 1;
    const forged = bytes.toString('base64url');
    for (const candidate of [forged, 'x', randomUUID()]) {
      expectError(await api(app).post('/api/auth/password-reset/confirm').send({ token: candidate, password: NEW_PASSWORD }), 400, /^This password reset link is invalid/);
    }
    expectError(await api(app).post('/api/auth/password-reset/confirm').send({ password: NEW_PASSWORD }), 400, [/^token must be a string/]);
    await db.query(`UPDATE users SET password_reset_expires_at = now() - interval '1 second' WHERE id = $1`, [user.userId]);
    const expired = await stored(app, user.userId);
    expectError(await api(app).post('/api/auth/password-reset/confirm').send({ token, password: NEW_PASSWORD }), 410, /^This password reset link has expired/);
    expect(await stored(app, user.userId)).toEqual(expired);
    expect(before.password_hash).toBe(expired.password_hash);
    await signIn(app, user.email, user.password).expect(200);
  });

  it('mails an address at most once per interval, the first link staying good; a password change ends an outstanding link', async () => {
    const user = await signUp(app);
    await resetRequested(app, user.email);
    const first = await resetToken(mailing, user.email);
    await resetRequested(app, user.email);
    await resetRequested(app, user.email);
    // Mails are stored in the outbox before a request settles: one reset mail is all there is.
    const mails = await db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1 AND subject = $2', [user.email, 'Reset your password']);
    expect(mails).toHaveLength(1);

    await api(app, user).post('/api/auth/password').send({ currentPassword: user.password, newPassword: NEW_PASSWORD }).expect(200);
    expectError(await api(app).post('/api/auth/password-reset/confirm').send({ token: first, password: 'yet another horse battery' }), 400, /^This password reset link is invalid/);
  });

  it('mails nothing to an account made by single sign-on (no password) or deactivated', async () => {
    const sso: TestUser = await signUp(app);
    const gone: TestUser = await signUp(app);
    await db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [sso.userId]);
    await db.query('UPDATE users SET deactivated_at = now() WHERE id = $1', [gone.userId]);
    const mails = (await stored(app, sso.userId)).mails;
    for (const user of [sso, gone]) expect((await resetRequested(app, user.email)).body).toEqual(ANSWER);
    expect((await stored(app, sso.userId)).mails).toBe(mails);
  });

  it('limits requests per email address (429), whether or not it has an account', async () => {
    const unknown = `nobody-${randomUUID()}@example.com`;
    for (let attempt = 0; attempt < 5; attempt += 1) await resetRequested(app, unknown);
    const refused = await requestReset(app, unknown.toUpperCase());
    expectError(refused, 429, /^Too many password reset requests for this email address; try again in \d+ s$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses bad bodies with 400 and mails nothing', async () => {
    // An account's own address, inside bodies that are refused: nothing may be mailed to it.
    const { email } = await signUp(app);
    const queued = async () => (await db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1 AND subject = $2', [email, 'Reset your password'])).length;
    for (const body of [{}, { email: 'not an address' }, { email: [email] }, { email, extra: 1 }]) {
      await api(app).post('/api/auth/password-reset').send(body).expect(400);
    }
    expectError(await api(app).post('/api/auth/password-reset').send({ email: 'not an address' }), 400, [/^email must be a valid email address/]);
    await app.get(PasswordResetService).settled();
    // The outbox, not the SMTP server: an earlier test's mail may still be on its way there.
    expect(await queued()).toBe(0);
  });
});

describe('password reset under PASSWORD_LOGIN=disabled, and its limit per client address', () => {
  let smtp: TestSmtpServer;
  let app: INestApplication;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PASSWORD_LOGIN: 'disabled', LOGIN_RATE_LIMIT_PER_IP: '3' } });
    await resetDatabase(app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('answers alike and mails nothing, even to an account with a password; the confirmation is 403', async () => {
    const email = `owner-${randomUUID()}@example.com`;
    const [{ id }] = await app.get(DataSource).query<{ id: string }[]>(
      `INSERT INTO users (email, name, password_hash, email_verified_at) VALUES ($1, 'Password Owner', 'a hash', now()) RETURNING id`,
      [email],
    );
    expect((await resetRequested(app, email)).body).toEqual(ANSWER);
    const [row] = await app.get(DataSource).query<{ sent: Date | null }[]>('SELECT password_reset_sent_at AS sent FROM users WHERE id = $1', [id]);
    expect(row.sent).toBeNull();
    const refused = await api(app).post('/api/auth/password-reset/confirm').send({ token: 'x', password: NEW_PASSWORD });
    expectError(refused, 403, /^Password sign-in is turned off/);
    expect(refused.body.code).toBe('password_login_disabled');
    expect(smtp.messages).toEqual([]);
  });

  it('limits requests and confirmations per client address across emails (LOGIN_RATE_LIMIT_PER_IP, 3 here)', async () => {
    // The test above made a request and a confirmation from this address.
    await resetRequested(app, 'someone-1@example.com');
    expectError(await requestReset(app, 'someone-2@example.com'), 429, /^Too many password reset requests from your address; try again in \d+ s$/);
  });
});
