import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { invitationTokenIn } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { loadConfiguration } from '../../../src/config/configuration.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';
import { TEST_ENV } from '../../setup/test-env.js';

interface OutboxMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Invitation mail cannot be turned into a spam cannon (#28): quotas per team and per inviter, one
 * mail per address and team per interval however often it is re-invited, and the names the
 * inviter chose quoted and flattened to one line.
 */
describe('invitation abuse', () => {
  let app: INestApplication;
  const LIMITS = {
    INVITATIONS_PER_TEAM_PER_HOUR: '3',
    INVITATIONS_PER_INVITER_PER_HOUR: '4',
    INVITATION_MAIL_INTERVAL_SECONDS: '3600',
  };

  beforeAll(async () => {
    app = await createTestApp({ env: LIMITS });
    await resetDatabase(app);
  });
  afterAll(() => app.close());

  /** Invitation mails to `email` (an account's own verification mail left out). */
  const mailsTo = (email: string) =>
    app
      .get(DataSource)
      .query<OutboxMail[]>(`SELECT subject, text, html FROM mail_outbox WHERE to_address = $1 AND subject LIKE 'Invitation%' ORDER BY id`, [email.toLowerCase()]);
  const invite = (inviter: TestUser, teamId: string, email: string, role = 'member') =>
    api(app, inviter).post(`/api/teams/${teamId}/invitations`).send({ email, role });
  const fresh = () => `invitee-${randomUUID()}@example.com`;
  const newTeam = async (owner: TestUser, name = 'Side team') => (await api(app, owner).post('/api/teams').send({ name }).expect(201)).body.id as string;

  it('caps the invitations a team mails per hour: 429 with Retry-After, no invitation and no mail', async () => {
    const owner = await signUp(app);
    for (let i = 0; i < 3; i++) await invite(owner, owner.teamId, fresh()).expect(201);
    const over = fresh();
    const refused = await invite(owner, owner.teamId, over);
    expectError(refused, 429, /^This team may send 3 invitations per hour; try again in \d+ s$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(over)).toEqual([]);
    const pending = (await api(app, owner).get(`/api/teams/${owner.teamId}/invitations`).expect(200)).body as unknown[];
    expect(pending).toHaveLength(3);
  });

  it('caps the invitations one person mails per hour across all their teams', async () => {
    const owner = await signUp(app);
    const other = await newTeam(owner);
    for (let i = 0; i < 2; i++) await invite(owner, owner.teamId, fresh()).expect(201);
    for (let i = 0; i < 2; i++) await invite(owner, other, fresh()).expect(201);
    const third = await newTeam(owner);
    expectError(await invite(owner, third, fresh()), 429, /^You may send 4 invitations per hour; try again in \d+ s$/);
  });

  it('mails an address once per interval, however often it is re-invited; the mailed link takes the latest role', async () => {
    const owner = await signUp(app);
    const invitee = await signUp(app, { email: fresh() });
    const first = await invite(owner, owner.teamId, invitee.email, 'member').expect(201);
    expect(first.body).toMatchObject({ status: 'pending', role: 'member', mailed: true });
    for (const role of ['admin', 'member', 'admin']) {
      const again = await invite(owner, owner.teamId, invitee.email, role).expect(201);
      // The pending invitation is replaced in place: same id, new role, no new mail.
      expect(again.body).toMatchObject({ id: first.body.id, status: 'pending', role, mailed: false, mailedAt: first.body.mailedAt });
    }
    const mails = await mailsTo(invitee.email);
    expect(mails).toHaveLength(1);
    // Re-invites use up no quota: two more fresh addresses still fit the team's hour of three.
    for (let i = 0; i < 2; i++) await invite(owner, owner.teamId, fresh()).expect(201);
    const joined = await api(app, invitee).post('/api/invitations/accept').send({ token: invitationTokenIn(mails[0].text) }).expect(200);
    expect(joined.body).toMatchObject({ id: owner.teamId, role: 'admin' });
  });

  it('after the interval a re-invite mails a new link and the older one is replaced', async () => {
    const owner = await signUp(app);
    const email = fresh();
    const first = await invite(owner, owner.teamId, email).expect(201);
    await app.get(DataSource).query(`UPDATE team_invitations SET created_at = now() - interval '61 minutes' WHERE id = $1`, [first.body.id]);
    const second = await invite(owner, owner.teamId, email).expect(201);
    expect(second.body).toMatchObject({ mailed: true });
    expect(second.body.id).not.toBe(first.body.id);
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('an address whose invitation was revoked or declined is not mailed again within the interval: 429 saying when', async () => {
    const owner = await signUp(app);
    const email = fresh();
    const first = await invite(owner, owner.teamId, email).expect(201);
    await api(app, owner).delete(`/api/teams/${owner.teamId}/invitations/${first.body.id}`).expect(200);
    const refused = await invite(owner, owner.teamId, email);
    expectError(refused, 429, /^An invitation was mailed to this address less than 60 minutes ago; try again in \d+ s$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('quotes the names the inviter chose and keeps them to one line, in subject and body', async () => {
    const owner = await signUp(app, { name: 'IT Security\r\nBcc: everyone@example.com' });
    const teamId = await newTeam(owner, 'Password expiry: verify at evil.test/login\u202e\u0007');
    const email = fresh();
    await invite(owner, teamId, email).expect(201);
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe('Invitation to join the team “Password expiry: verify at evil.test/login”');
    expect(mail.text).toContain(`“IT Security Bcc: everyone@example.com” (${owner.email}) invited you to join the team “Password expiry: verify at evil.test/login”`);
    expect(mail.text).toContain('Names in quotes were chosen by the person who invited you');
    expect(mail.html).toContain('invited you to join the team “Password expiry: verify at evil.test/login”');
    expect((mail.text + mail.subject).replace(/\r?\n/g, ' ')).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });

  it('reads the quotas and the interval from the environment, with their defaults', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: TEST_ENV.JWT_SECRET, APPROVAL_TOKEN_SECRET: TEST_ENV.APPROVAL_TOKEN_SECRET, DATABASE_URL: process.env.DATABASE_URL };
    expect(loadConfiguration(base).invitations).toEqual({
      perTeamPerHour: 20,
      perTeamPerDay: 100,
      perInviterPerHour: 20,
      perInviterPerDay: 100,
      mailIntervalSeconds: 3600,
    });
    expect(() => loadConfiguration({ ...base, INVITATIONS_PER_TEAM_PER_DAY: '0' })).toThrow(/INVITATIONS_PER_TEAM_PER_DAY/);
  });
});
