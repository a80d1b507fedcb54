import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApprovalDigestService } from '../../../src/approvals/approval-digest.service.js';
import { ApprovalTokensService } from '../../../src/approvals/approval-tokens.service.js';
import type { MeResponse } from '../../../src/teams/auth/auth.response.js';
import { Clock } from '../../../src/schedules/clock.js';
import { api } from '../../helpers/api.js';
import { parseEml, pathOf, startSmtpServer, type TestSmtpServer, waitFor } from '../../helpers/mail-catcher.js';
import { ManualClock } from '../../helpers/manual-clock.js';
import { pausedRun } from '../../helpers/paused-run.js';
import { joinTeam } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const DIGEST_HOUR = 8;

interface DigestApp {
  app: INestApplication;
  clock: ManualClock;
  digest: ApprovalDigestService;
}

/** Issue 36 item 3: the daily digest of what waits in each person's inbox, once per person per day, opt-out. */
describe('the daily approvals digest', () => {
  let smtp: TestSmtpServer;
  let main: DigestApp;
  let other: DigestApp;
  let dataSource: DataSource;

  const digestApp = async (): Promise<DigestApp> => {
    const clock = new ManualClock(new Date());
    // The test sweeps each time it moves the clock: the instances' own sweeps (real time) never come.
    const app = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error', RUN_SWEEP_SECONDS: '3600', APPROVAL_DIGEST: 'on', APPROVAL_DIGEST_HOUR: String(DIGEST_HOUR) },
      overrides: [{ provide: Clock, useValue: clock }],
    });
    return { app, clock, digest: app.get(ApprovalDigestService) };
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    main = await digestApp();
    await resetDatabase(main.app);
    other = await digestApp();
    dataSource = main.app.get(DataSource);
  });
  afterAll(async () => {
    await other.app.close();
    await main.app.close();
    await smtp.close();
  });

  const today = (hour: number, minute = 0) => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, minute));
  };
  const digestsTo = (user: TestUser) =>
    smtp.messages.filter((message) => message.to.includes(user.email)).map((message) => parseEml(message.raw)).filter((mail) => /^Waiting for you/.test(mail.headers.subject ?? ''));
  const outboxDigests = async (user: TestUser) =>
    (await dataSource.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM mail_outbox WHERE to_address = $1 AND subject LIKE 'Waiting for you%'`, [user.email]))[0].count;
  /** Both instances sweep at once, then each person's digest of the day is decided (sent, or found empty). */
  const sweepBoth = async (instant: Date, decidedFor: TestUser[]) => {
    for (const { clock } of [main, other]) clock.jumpTo(instant);
    await Promise.all([main.digest.sweep(), other.digest.sweep()]);
    const day = instant.toISOString().slice(0, 10);
    await waitFor(async () => {
      const [{ count }] = await dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM approval_digests WHERE day = $1 AND user_id = ANY($2::uuid[])`,
        [day, decidedFor.map((user) => user.userId)],
      );
      return count === decidedFor.length;
    }, 'the digests of the day');
  };
  const me = async (user: TestUser) => ((await api(main.app, user).get('/api/auth/me').expect(200)).body as MeResponse).user;

  it('mails each person with something waiting once, across their teams and at the hour; nobody else; an opted-out person gets none', async () => {
    const alice = await signUp(main.app);
    const bob = await signUp(main.app);
    const carol = await signUp(main.app);
    const dave = await signUp(main.app);
    // Alice: a run waiting on her in her team, and a draft of hers in Bob's team.
    const aliceRun = await pausedRun(main.app, smtp, alice);
    await joinTeam(main.app, bob, bob.teamId, alice, 'member');
    await api(main.app, alice).post(`/api/teams/${bob.teamId}/activate`).expect(200);
    const aliceDraft = await createWorkflow(main.app, alice, { goal: 'Write a LinkedIn post about our hiring week' });
    // Bob: a draft of his own, which is not Alice's to approve.
    const bobDraft = await createWorkflow(main.app, bob, { goal: 'Write a LinkedIn post about our summer offsite' });
    const titleOf = async (user: TestUser, workflowId: string) => ((await api(main.app, user).get(`/api/workflows/${workflowId}`).expect(200)).body as { title: string }).title;
    const [aliceTitle, bobTitle] = [await titleOf(alice, aliceDraft.workflowId), await titleOf(bob, bobDraft.workflowId)];
    expect(aliceTitle).not.toBe(bobTitle);
    // Dave has a draft waiting but turns the digest off.
    await createWorkflow(main.app, dave, { goal: 'Write a LinkedIn post about our new office' });
    expect((await me(dave)).approvalDigest).toBe(true);
    const off = await api(main.app, dave).patch('/api/auth/me').send({ approvalDigest: false }).expect(200);
    expect((off.body as MeResponse).user.approvalDigest).toBe(false);

    // Before the hour: nothing is queued.
    for (const { clock } of [main, other]) clock.jumpTo(today(DIGEST_HOUR - 1, 30));
    await Promise.all([main.digest.sweep(), other.digest.sweep()]);
    expect((await dataSource.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'approval.digest'`))[0].count).toBe(0);

    // An unsubscribe link is signed only for a mail that goes: not for Carol, with nothing waiting.
    const signing = [main, other].map(({ app }) => vi.spyOn(app.get(ApprovalTokensService), 'signDigestUnsubscribe'));
    await sweepBoth(today(DIGEST_HOUR, 5), [alice, bob, carol]);
    expect(new Set(signing.flatMap((spy) => spy.mock.calls.map(([userId]) => userId)))).toEqual(new Set([alice.userId, bob.userId]));
    for (const spy of signing) spy.mockRestore();
    const aliceMail = await mailTo(smtp, alice.email, /^Waiting for you/);
    expect(aliceMail.subject).toBe('Waiting for your approval: 2 items');
    expect(aliceMail.text).toContain(`run #${aliceRun.runId}`);
    expect(aliceMail.text).toMatch(/Step 2 of run #\d+/);
    expect(aliceMail.text).toContain(aliceTitle);
    expect(aliceMail.text).toMatch(/waiting \d+ (minute|hour)s?/);
    expect(aliceMail.text).toMatch(/due \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(aliceMail.text).not.toContain(bobTitle);
    expect(aliceMail.links.some((link) => link.endsWith('/dashboard/approvals'))).toBe(true);
    const bobMail = await mailTo(smtp, bob.email, /^Waiting for you/);
    expect(bobMail.text).toContain(bobTitle);
    expect(bobMail.text).not.toContain(aliceTitle);
    expect(bobMail.text).not.toContain(`run #${aliceRun.runId}`);
    // Two instances swept: one mail each, in the outbox and at the server.
    expect(await outboxDigests(alice)).toBe(1);
    expect(await outboxDigests(bob)).toBe(1);
    expect(await outboxDigests(carol)).toBe(0);
    expect(await outboxDigests(dave)).toBe(0);
    expect(digestsTo(alice)).toHaveLength(1);

    // Later the same day: nothing more.
    await sweepBoth(today(DIGEST_HOUR + 3), [alice, bob, carol]);
    expect(await outboxDigests(alice)).toBe(1);

    // A day's row only keeps that day's digest from going twice: one three days old is dropped.
    const longAgo = new Date(today(DIGEST_HOUR).getTime() - 3 * 86_400_000).toISOString().slice(0, 10);
    await dataSource.query(`INSERT INTO approval_digests (user_id, day, items) VALUES ($1, $2, 0)`, [carol.userId, longAgo]);
    await sweepBoth(today(DIGEST_HOUR + 4), [alice, bob, carol]);
    const kept = await dataSource.query<{ day: string }[]>(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM approval_digests WHERE user_id = $1`, [carol.userId]);
    expect(kept.map((row) => row.day)).toEqual([today(DIGEST_HOUR).toISOString().slice(0, 10)]);
  });

  it('unsubscribes with the mail\'s link, without signing in (a page, then its POST or the one-click POST); a changed token does nothing', async () => {
    const erin = await signUp(main.app);
    await createWorkflow(main.app, erin, { goal: 'Write a LinkedIn post about our customer day' });
    const tomorrow = new Date(today(DIGEST_HOUR, 10).getTime() + 24 * 3600_000);
    await sweepBoth(tomorrow, [erin]);
    const mail = await waitFor(() => Promise.resolve(digestsTo(erin)[0]), 'the digest to Erin');
    const link = mail.text.match(/https?:\/\/\S+\/api\/approvals\/digest\/unsubscribe\?token=\S+/)![0];
    expect(mail.headers['list-unsubscribe']).toBe(`<${link}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // A forged or altered token: refused, nothing changed.
    const token = new URL(link).searchParams.get('token')!;
    const [head, payload, signature] = token.split('.');
    // Each alteration changes its text for sure: a fixed replacement equal to what it replaces (an
    // id ending in 0, one time in 16) would send the real token and be rightly accepted.
    const otherLast = (text: string) => text.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: otherLast(erin.userId) })).toString('base64url');
    const otherSignature = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    for (const forged of [`${head}.${otherPayload}.${signature}`, `${head}.${payload}.${otherSignature}`, 'not-a-token']) {
      const answer = await api(main.app).post(`/api/approvals/digest/unsubscribe?token=${encodeURIComponent(forged)}`).send('List-Unsubscribe=One-Click');
      expect(answer.status).toBe(400);
    }
    expect((await me(erin)).approvalDigest).toBe(true);

    // The link opened in a browser (or by a scanner): a page with a button, nothing changed yet.
    const page = await api(main.app).get(pathOf(link)).expect(200);
    expect(page.text).toContain('<form method="post"');
    expect((await me(erin)).approvalDigest).toBe(true);
    // The one-click POST a mail client makes (RFC 8058), no session.
    await api(main.app).post(pathOf(link)).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect((await me(erin)).approvalDigest).toBe(false);

    // The next day: no digest for Erin, though her draft still waits.
    await sweepBoth(new Date(tomorrow.getTime() + 24 * 3600_000), []);
    expect(await outboxDigests(erin)).toBe(1);
    // And back on through the API.
    await api(main.app, erin).patch('/api/auth/me').send({ approvalDigest: true }).expect(200);
    expect((await me(erin)).approvalDigest).toBe(true);
  });
});
