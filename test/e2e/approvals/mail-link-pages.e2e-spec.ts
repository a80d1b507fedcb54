import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
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
const DASHBOARD = `${FRONTEND}/dashboard/`;
const REVIEWED_GOAL = 'Outline a LinkedIn post about our product launch. Then write the LinkedIn post and have the team review it.';

/** The pages behind mailed links: the dashboard's look, what happened in plain words, the way on to the dashboard. */
describe('mail link pages', () => {
  let smtp: TestSmtpServer;
  let app: INestApplication;
  let user: TestUser;
  let mails = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, FRONTEND_URL: FRONTEND, RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error', APPROVAL_LINKS: 'confirm' },
    });
    await resetDatabase(app);
    user = await signUp(app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  function open(path: string, userAgent = BROWSER) {
    return api(app).get(path).set('Accept', 'text/html').set('User-Agent', userAgent);
  }

  function submit(path: string, fields: Record<string, string>, userAgent = BROWSER) {
    return api(app).post(path).type('form').set('Accept', 'text/html').set('User-Agent', userAgent).send(fields);
  }

  async function planLink(goal: string): Promise<{ workflowId: string; path: string }> {
    const { workflowId } = await createWorkflow(app, user, { goal });
    mails += 1;
    const mail = await mailTo(smtp, user.email, /^Approve the plan/, mails);
    return { workflowId, path: pathOf(mail.links.find((link) => link.includes(`/workflows/${workflowId}/approve?token=`))!) };
  }

  /** The heading, the onward links and the page's own words, after checking it is a whole page of ours. */
  function read(html: string): { title: string; heading: string; links: string[]; text: string } {
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toMatch(/<style>[^<]*--accent:#2f5bd3[^<]*<\/style>/);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|src=|url\(|\son\w+=/i);
    return {
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
      heading: /<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? '',
      links: [...html.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((match) => `${match[2]} -> ${match[1]}`),
      text: html.replace(/<style>.*<\/style>/s, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
    };
  }

  /** A plan link signed as the service signs them, expired a minute ago. */
  function expiredPlanPath(workflowId: string): string {
    const jwt = new JwtService({ secret: TEST_ENV.APPROVAL_TOKEN_SECRET, signOptions: { algorithm: 'HS256' } });
    const token = jwt.sign({ typ: 'plan_approval', sub: workflowId, ver: 1, rcpt: user.email, jti: randomUUID(), exp: Math.floor(Date.now() / 1000) - 60 });
    return `/api/workflows/${workflowId}/approve?token=${token}`;
  }

  it("answers a plan link with a page in the dashboard's look that links to the workflow; the inline style is allowed, scripts are not", async () => {
    const { workflowId, path } = await planLink('Write a LinkedIn post about tidy pages');
    const response = await open(path).expect(200).expect('Content-Type', /^text\/html/);
    const page = read(response.text);
    expect(page).toMatchObject({ title: 'Approve the plan · Assistant', heading: 'Approve the plan' });
    expect(page.links).toEqual([`Open the workflow on the dashboard -> ${FRONTEND}/dashboard/workflows/${workflowId}`]);
    const policy = response.headers['content-security-policy'];
    expect(policy).toMatch(/style-src [^;]*'unsafe-inline'/);
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy).toContain("script-src-attr 'none'");
  });

  it('answers an expired plan link with 400, saying so, and linking to its workflow; JSON clients get the error body', async () => {
    const { workflowId } = await planLink('Write a LinkedIn post about expiry');
    const page = read((await open(expiredPlanPath(workflowId)).expect(400).expect('Content-Type', /^text\/html/)).text);
    expect(page.heading).toBe('This link can&#39;t be used');
    expect(page.text).toContain('This approval link has expired. Nothing was changed.');
    expect(page.links).toEqual([`Open the workflow on the dashboard -> ${FRONTEND}/dashboard/workflows/${workflowId}`]);
    expectError(await open(expiredPlanPath(workflowId)).set('Accept', 'application/json'), 400, 'This approval link has expired');
  });

  it('answers a step link that is not one with 400 and a way to the dashboard, as it names no workflow', async () => {
    for (const token of ['nonsense', 'a.b.c', `x.${Buffer.from(JSON.stringify({ wf: '"><script>alert(1)</script>' })).toString('base64url')}.y`]) {
      const response = await open(`/api/workflows/resume?action=approve&token=${encodeURIComponent(token)}`).expect(400);
      const page = read(response.text);
      expect(page.text).toContain('This approval link is invalid. Nothing was changed.');
      expect(page.links).toEqual([`Go to the dashboard -> ${DASHBOARD}`]);
    }
    expectError(await open('/api/workflows/resume?action=approve&token=nonsense').set('Accept', 'application/json'), 400, 'This approval link is invalid');
    // A form post with an action that is none: the refusal's own words.
    const page = read((await submit('/api/workflows/resume', { token: 'nonsense', action: '<b>' }).expect(400)).text);
    expect(page.text).toContain('action must be approve or reject.');
  });

  it('answers a mail scanner with a page that changes nothing, and a step link already decided with 409 and the workflow', async () => {
    const { workflowId, path } = await planLink(REVIEWED_GOAL);
    const token = new URL(`http://x${path}`).searchParams.get('token')!;
    // A scanner pressing the confirmation page's button.
    const scannerPost = await submit(`/api/workflows/${workflowId}/approve`, { token }, 'Mozilla/5.0 (compatible; Googlebot/2.1)').expect(200);
    const scanned = read(scannerPost.text);
    expect(scanned.heading).toBe('Open this link in a browser');
    expect(scanned.text).toContain('Open this link in a browser to continue. Nothing has been changed.');
    expect(scanned.links).toEqual([`Open the workflow on the dashboard -> ${FRONTEND}/dashboard/workflows/${workflowId}`]);

    await submit(`/api/workflows/${workflowId}/approve`, { token }).expect(303);
    const { runId } = (await api(app, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, user, workflowId, runId, 'awaiting_approval');
    const mail = await mailTo(smtp, user.email, /^Approve step/, 1);
    const link = (action: string) => pathOf(mail.links.find((candidate) => candidate.endsWith(`action=${action}`))!);

    const rejectHtml = (await open(`${link('reject')}&note=${encodeURIComponent('Say "<beta>" & more')}`).expect(200)).text;
    expect(rejectHtml).toContain('>Say &quot;&lt;beta&gt;&quot; &amp; more</textarea>');
    const reject = read(rejectHtml);
    expect(reject.heading).toBe('Reject step 2');
    expect(reject.links).toEqual([`Open the workflow on the dashboard -> ${FRONTEND}/dashboard/workflows/${workflowId}`]);
    const stepToken = new URL(`http://x${link('approve')}`).searchParams.get('token')!;
    await submit('/api/workflows/resume', { token: stepToken, action: 'approve' }).expect(303);

    const conflict = await submit('/api/workflows/resume', { token: stepToken, action: 'reject', note: 'Too late' }).expect(409);
    const page = read(conflict.text);
    expect(page).toMatchObject({ title: 'Already decided · Assistant', heading: 'Already decided' });
    expect(page.text).toContain('This step was already decided with this link. Nothing was changed by this link.');
    expect(page.links).toEqual([`Open the workflow on the dashboard -> ${FRONTEND}/dashboard/workflows/${workflowId}`]);
    expectError(
      await submit('/api/workflows/resume', { token: stepToken, action: 'reject', note: 'Too late' }).set('Accept', 'application/json'),
      409,
      'This step was already decided with this link',
    );
  });
});
