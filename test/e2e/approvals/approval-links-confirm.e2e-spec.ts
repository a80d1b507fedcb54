import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { loadConfiguration } from '../../../src/config/configuration.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, pathOf, startSmtpServer, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { waitForRun } from '../../helpers/runs.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';
import { TEST_ENV } from '../../setup/test-env.js';

const FRONTEND = 'http://frontend.test';
const REVIEWED_GOAL = 'Outline a LinkedIn post about our product launch. Then write the LinkedIn post and have the team review it.';

/** Mail scanners as they come: none of them may decide anything, in either mode. */
const SCANNERS: [string, string | null][] = [
  ['no User-Agent', null],
  ['an empty User-Agent', ''],
  ['Outlook', 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17928; Pro)'],
  ['Safe Links', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 SafeLinks'],
  ['Cisco ESA', 'Mozilla/5.0 (compatible; Cisco ESA)'],
  ['Zscaler', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Zscaler'],
];

describe('approval links: APPROVAL_LINKS=direct|confirm', () => {
  let smtp: TestSmtpServer;
  let direct: INestApplication;
  let confirm: INestApplication;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, FRONTEND_URL: FRONTEND, RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error' };
    direct = await createTestApp({ env });
    confirm = await createTestApp({ env: { ...env, APPROVAL_LINKS: 'confirm' } });
    await resetDatabase(direct);
  });
  afterAll(async () => {
    await direct.close();
    await confirm.close();
    await smtp.close();
  });

  /** A GET of a link, as `userAgent` sends it (no header at all when null). */
  function open(app: INestApplication, path: string, userAgent: string | null = BROWSER) {
    const request = api(app).get(path).set('Accept', 'text/html');
    return userAgent === null ? request : request.set('User-Agent', userAgent);
  }

  /** A form post of the confirmation page's fields, as a browser (or `userAgent`) sends it. */
  function submit(app: INestApplication, path: string, fields: Record<string, string>, userAgent: string | null = BROWSER) {
    const request = api(app).post(path).type('form').set('Accept', 'text/html').send(fields);
    return userAgent === null ? request : request.set('User-Agent', userAgent);
  }

  async function planLink(app: INestApplication, user: TestUser, goal: string, mailIndex: number): Promise<{ workflowId: string; path: string; token: string }> {
    const { workflowId } = await createWorkflow(app, user, { goal });
    const mail = await mailTo(smtp, user.email, /^Approve the plan/, mailIndex);
    const path = pathOf(mail.links.find((link) => link.includes(`/workflows/${workflowId}/approve?token=`))!);
    return { workflowId, path, token: new URL(`http://x${path}`).searchParams.get('token')! };
  }

  async function statusOf(app: INestApplication, user: TestUser, workflowId: string): Promise<string> {
    return ((await api(app, user).get(`/api/workflows/${workflowId}`).expect(200)).body as { status: string }).status;
  }

  async function decisionsOf(app: INestApplication, where: { workflowId?: string; runId?: number }): Promise<{ action: string; note: string | null }[]> {
    return app
      .get(DataSource)
      .query(
        'SELECT action, note FROM approval_decisions WHERE ($1::uuid IS NULL OR workflow_id = $1) AND ($2::int IS NULL OR run_id = $2) ORDER BY id',
        [where.workflowId ?? null, where.runId ?? null],
      );
  }

  /** The page's form: where it posts and its fields (hidden inputs and the note). */
  function formOf(html: string): { method: string; action: string; fields: Record<string, string>; hasNote: boolean } {
    const form = /<form method="(\w+)" action="([^"]*)">/.exec(html);
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((match) => [match[1], match[2]]));
    return { method: form?.[1] ?? '', action: form?.[2] ?? '', fields, hasNote: /<textarea [^>]*name="note"[^>]*required/.test(html) };
  }

  /** A page that loads nothing from anywhere and runs nothing; its only address is a link on to the dashboard. */
  function expectSelfContained(html: string): void {
    expect(html).not.toMatch(/<script|<link|<img|<iframe|src=|url\(|\son\w+=/i);
    const links = [...html.matchAll(/<a href="([^"]*)">/g)].map((match) => match[1]);
    expect(links).toEqual([expect.stringMatching(new RegExp(`^${FRONTEND}/dashboard/`))]);
    expect(html.replace(/<a href="[^"]*">/g, '')).not.toMatch(/https?:\/\//);
  }

  it('refuses an APPROVAL_LINKS value other than direct or confirm at start', () => {
    expect(() => loadConfiguration({ ...TEST_ENV, DATABASE_URL: process.env.DATABASE_URL, APPROVAL_LINKS: 'sometimes' })).toThrow(/APPROVAL_LINKS must be direct or confirm/);
  });

  describe('confirm', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await signUp(confirm);
    });

    it('answers a GET of a plan link from anything with a confirmation page; only its POST approves, once', async () => {
      const { workflowId, path, token } = await planLink(confirm, user, 'Write a LinkedIn post about confirmation pages', 1);

      const page = await open(confirm, path).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('Approve the plan');
      expectSelfContained(page.text);
      const form = formOf(page.text);
      expect(form).toEqual({ method: 'post', action: 'approve', fields: { token }, hasNote: false });

      // Scanners and a browser's prefetch see the same page or nothing, and nothing changes.
      for (const [, userAgent] of SCANNERS) await open(confirm, path, userAgent).expect(200);
      await api(confirm).head(path).set('User-Agent', BROWSER).expect(200);
      expect(await statusOf(confirm, user, workflowId)).toBe('draft');
      // A scanner that submits the form changes nothing either.
      for (const [, userAgent] of SCANNERS) await submit(confirm, `/api/workflows/${workflowId}/approve`, form.fields, userAgent).expect(200);
      expect(await statusOf(confirm, user, workflowId)).toBe('draft');

      // The button: five concurrent submissions approve once and all land on the workflow page.
      const posts = await Promise.all(Array.from({ length: 5 }, () => submit(confirm, `/api/workflows/${workflowId}/approve`, form.fields)));
      for (const response of posts) {
        expect(response.status).toBe(303);
        expect(response.headers.location).toBe(`${FRONTEND}/dashboard/workflows/${workflowId}`);
      }
      expect(await statusOf(confirm, user, workflowId)).toBe('active');
      expect(await decisionsOf(confirm, { workflowId })).toEqual([{ action: 'approve', note: null }]);

      // Submitted again later: answered as the first click was, nothing recorded twice.
      await submit(confirm, `/api/workflows/${workflowId}/approve`, form.fields).expect(303);
      expect(await decisionsOf(confirm, { workflowId })).toHaveLength(1);
    });

    it('refuses a bad plan link on GET and on POST with 400, changing nothing', async () => {
      const { workflowId, path } = await planLink(confirm, user, 'Write a LinkedIn post about broken links', 2);
      const tampered = `${path.slice(0, -3)}abc`;
      const page = await open(confirm, tampered).expect(400);
      expect(page.text).toContain('This approval link is invalid');
      expectError(await open(confirm, tampered).set('Accept', 'application/json'), 400, 'This approval link is invalid');
      expectError(
        await submit(confirm, `/api/workflows/${workflowId}/approve`, { token: 'not-a-token' }).set('Accept', 'application/json'),
        400,
        'This approval link is invalid',
      );
      expectError(await submit(confirm, `/api/workflows/${workflowId}/approve`, {}).set('Accept', 'application/json'), 400, 'The approval link has no token');
      expect(await statusOf(confirm, user, workflowId)).toBe('draft');
    });

    it('confirms step links: approve by its button, reject with a note; a link posted again never acts twice', async () => {
      const { workflowId, path } = await planLink(confirm, user, REVIEWED_GOAL, 3);
      await submit(confirm, `/api/workflows/${workflowId}/approve`, formOf((await open(confirm, path)).text).fields).expect(303);
      const { runId } = (await api(confirm, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
      await waitForRun(confirm, user, workflowId, runId, 'awaiting_approval');
      const mail = await mailTo(smtp, user.email, /^Approve step/, 1);
      const link = (action: string) => pathOf(mail.links.find((candidate) => candidate.endsWith(`action=${action}`))!);

      const approvePage = await open(confirm, link('approve')).expect(200);
      expectSelfContained(approvePage.text);
      const approveForm = formOf(approvePage.text);
      expect(approveForm).toMatchObject({ method: 'post', action: 'resume', fields: { action: 'approve' }, hasNote: false });
      const rejectPage = await open(confirm, link('reject')).expect(200);
      expectSelfContained(rejectPage.text);
      const rejectForm = formOf(rejectPage.text);
      expect(rejectForm).toMatchObject({ method: 'post', action: 'resume', fields: { action: 'reject' }, hasNote: true });

      for (const [, userAgent] of SCANNERS) {
        await open(confirm, link('approve'), userAgent).expect(200);
        await open(confirm, link('reject'), userAgent).expect(200);
        await submit(confirm, '/api/workflows/resume', approveForm.fields, userAgent).expect(200);
      }
      expect((await waitForRun(confirm, user, workflowId, runId, 'awaiting_approval')).currentStepIndex).toBe(1);
      expect(await decisionsOf(confirm, { runId })).toEqual([]);

      const rejected = await submit(confirm, '/api/workflows/resume', { ...rejectForm.fields, note: 'Mention the beta waitlist' }).expect(303);
      expect(rejected.headers.location).toBe(`${FRONTEND}/dashboard/workflows/${workflowId}`);
      expect(await decisionsOf(confirm, { runId })).toEqual([{ action: 'reject', note: 'Mention the beta waitlist' }]);
      // The same link posted again answers as the first post did; its other action is a conflict.
      await submit(confirm, '/api/workflows/resume', { ...rejectForm.fields, note: 'again' }).expect(303);
      expectError(
        await submit(confirm, '/api/workflows/resume', approveForm.fields).set('Accept', 'application/json'),
        409,
        'This step was already decided with this link',
      );

      const second = await mailTo(smtp, user.email, /^Approve step/, 2);
      const secondApprove = pathOf(second.links.find((candidate) => candidate.endsWith('action=approve'))!);
      await submit(confirm, '/api/workflows/resume', formOf((await open(confirm, secondApprove)).text).fields).expect(303);
      await waitForRun(confirm, user, workflowId, runId, 'completed');
      expect(await decisionsOf(confirm, { runId })).toEqual([
        { action: 'reject', note: 'Mention the beta waitlist' },
        { action: 'approve', note: null },
      ]);
    });

    it('escapes what a link carries into its page', async () => {
      const { workflowId, path } = await planLink(confirm, user, REVIEWED_GOAL, 4);
      await submit(confirm, `/api/workflows/${workflowId}/approve`, formOf((await open(confirm, path)).text).fields).expect(303);
      const { runId } = (await api(confirm, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
      await waitForRun(confirm, user, workflowId, runId, 'awaiting_approval');
      const mail = await mailTo(smtp, user.email, /^Approve step/, 3);
      const reject = pathOf(mail.links.find((candidate) => candidate.endsWith('action=reject'))!);

      const page = await open(confirm, `${reject}&note=${encodeURIComponent('</textarea><script>alert(1)</script>"&')}`).expect(200);
      expect(page.text).toContain('&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;</textarea>');
      expectSelfContained(page.text);
      expect(await decisionsOf(confirm, { runId })).toEqual([]);
    });
  });

  describe('direct (the default)', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await signUp(direct);
    });

    it('shows mail scanners the confirmation page, then approves on the GET of a browser', async () => {
      const { workflowId, path, token } = await planLink(direct, user, 'Write a LinkedIn post about scanners', 1);
      for (const [name, userAgent] of SCANNERS) {
        const scanned = await open(direct, path, userAgent);
        expect({ name, status: scanned.status, type: scanned.headers['content-type'] }).toEqual({ name, status: 200, type: expect.stringMatching(/^text\/html/) });
        expect(formOf(scanned.text)).toEqual({ method: 'post', action: 'approve', fields: { token }, hasNote: false });
        expectSelfContained(scanned.text);
        // Pressing its button as a scanner changes nothing either.
        await submit(direct, `/api/workflows/${workflowId}/approve`, { token }, userAgent).expect(200);
      }
      expect(await statusOf(direct, user, workflowId)).toBe('draft');

      const approved = await open(direct, path).expect(302);
      expect(approved.headers.location).toBe(`${FRONTEND}/dashboard/workflows/${workflowId}`);
      expect(await statusOf(direct, user, workflowId)).toBe('active');
    });

    it('shows scanners the page on step links; a browser rejecting without a note gets a form that posts', async () => {
      const { workflowId, path } = await planLink(direct, user, REVIEWED_GOAL, 2);
      await open(direct, path).expect(302);
      const { runId } = (await api(direct, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
      await waitForRun(direct, user, workflowId, runId, 'awaiting_approval');
      const mail = await mailTo(smtp, user.email, /^Approve step/, 1);
      const link = (action: string) => pathOf(mail.links.find((candidate) => candidate.endsWith(`action=${action}`))!);

      for (const [, userAgent] of SCANNERS) {
        await open(direct, link('approve'), userAgent).expect(200);
        await open(direct, `${link('reject')}&note=scanned`, userAgent).expect(200);
      }
      expect(await decisionsOf(direct, { runId })).toEqual([]);

      const page = await open(direct, link('reject')).expect(200);
      expectSelfContained(page.text);
      const form = formOf(page.text);
      expect(form).toMatchObject({ method: 'post', action: 'resume', fields: { action: 'reject' }, hasNote: true });
      await submit(direct, '/api/workflows/resume', { ...form.fields, note: 'Shorter, please' }).expect(303);
      expect(await decisionsOf(direct, { runId })).toEqual([{ action: 'reject', note: 'Shorter, please' }]);
    });

    it('a person whose browser looks like a scanner (headless) gets the page, and its button decides', async () => {
      const headless = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36';
      const { workflowId, path, token } = await planLink(direct, user, 'Write a LinkedIn post about headless browsers', 3);
      const page = await open(direct, path, headless).expect(200);
      expect(formOf(page.text)).toEqual({ method: 'post', action: 'approve', fields: { token }, hasNote: false });
      expect(await statusOf(direct, user, workflowId)).toBe('draft');
      await submit(direct, `/api/workflows/${workflowId}/approve`, { token }, headless).expect(303);
      expect(await statusOf(direct, user, workflowId)).toBe('active');

      const { runId } = (await api(direct, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
      await waitForRun(direct, user, workflowId, runId, 'completed');
      const reviewed = await planLink(direct, user, REVIEWED_GOAL, 4);
      await open(direct, reviewed.path).expect(302);
      const started = (await api(direct, user).post(`/api/workflows/${reviewed.workflowId}/run`).expect(201)).body as { runId: number };
      await waitForRun(direct, user, reviewed.workflowId, started.runId, 'awaiting_approval');
      // The third step mail: the run above was rejected and redone, and mailed again.
      const mail = await mailTo(smtp, user.email, /^Approve step/, 3);
      const approve = pathOf(mail.links.find((candidate) => candidate.endsWith('action=approve'))!);
      const stepPage = await open(direct, approve, headless).expect(200);
      const form = formOf(stepPage.text);
      expect(form).toMatchObject({ method: 'post', action: 'resume', fields: { action: 'approve' }, hasNote: false });
      expect(await decisionsOf(direct, { runId: started.runId })).toEqual([]);
      await submit(direct, '/api/workflows/resume', form.fields, headless).expect(303);
      expect(await decisionsOf(direct, { runId: started.runId })).toEqual([{ action: 'approve', note: null }]);
    });
  });
});
