import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import type { UIMessage } from 'ai';
import { api, type Caller } from '../helpers/api.js';
import { DashboardTab, type DashboardServer, NO_BROWSER, startDashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { REVIEWED_GOAL } from '../helpers/paused-run.js';
import { waitForRun } from '../helpers/runs.js';
import { textOfMessage } from '../helpers/ui-messages.js';
import { createWorkflow, mailTo } from '../helpers/workflows.js';
import { TEST_ENV } from '../setup/test-env.js';

/** Three steps; the second (index 1) is reviewed and makes a post; the third works from it. */
const EDITED_GOAL = 'Outline a LinkedIn post about our product launch. Then write the LinkedIn post and have the team review it. Then write a reel script from the post.';
const EDITED = 'Launch day!\nOur product ships today, edited on the link page.\nJoin the beta waitlist.';
const SCANNER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.skipIf(NO_BROWSER)('pages behind mailed links, the bare address and the icon', () => {
  let server: DashboardServer;

  beforeAll(async () => {
    // Links open a confirmation page first: every kind of page can be seen.
    server = await startDashboardServer({ APPROVAL_LINKS: 'confirm' });
  }, 180_000);
  afterAll(() => server?.close());

  /** A signed-in tab and a new workflow whose plan approval mail is out: the mail's link. */
  async function workflowWithPlanLink(tab: DashboardTab, goal: string): Promise<{ caller: Caller; email: string; workflowId: string; planLink: string }> {
    const { accessToken, email } = await tab.signUp();
    const caller = { token: accessToken };
    const { workflowId } = await createWorkflow(server.app, caller, { goal });
    const mail = await mailTo(server.smtp, email, /^Approve the plan/);
    return { caller, email, workflowId, planLink: mail.links.find((link) => link.includes(`/workflows/${workflowId}/approve?token=`))! };
  }

  /** The page's heading and its link on to the dashboard, checked against what it should say. */
  async function expectPage(tab: DashboardTab, heading: string, onward: { name: string; href: string }): Promise<void> {
    await visible(tab.page.getByRole('heading', { name: heading }));
    expect(await tab.page.title()).toBe(`${heading} · Assistant`);
    expect(await tab.page.getByRole('link', { name: onward.name }).getAttribute('href')).toBe(onward.href);
  }

  for (const viewport of VIEWPORTS) {
    it(`approves a plan and a step from their pages, and answers a used link with 409, at ${viewport.width} px`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const { caller, email, workflowId, planLink } = await workflowWithPlanLink(tab, REVIEWED_GOAL);
      const workflowPage = { name: 'Open the workflow on the dashboard', href: `${server.baseUrl}/dashboard/workflows/${workflowId}` };

      await tab.page.goto(planLink);
      await expectPage(tab, 'Approve the plan', workflowPage);
      await tab.screenshot('mail-plan-approval');
      await tab.assertFitsWidth();
      await tab.page.getByRole('button', { name: 'Approve the plan' }).click();
      await tab.page.waitForURL(workflowPage.href);

      const { runId } = (await api(server.app, caller).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
      await waitForRun(server.app, caller, workflowId, runId, 'awaiting_approval');
      const stepMail = await mailTo(server.smtp, email, /^Approve step/);
      const stepLink = (action: string) => stepMail.links.find((link) => link.endsWith(`action=${action}`))!;

      await tab.page.goto(stepLink('reject'));
      await expectPage(tab, 'Reject step 2', workflowPage);
      await tab.page.getByLabel('Note for the agent').fill('Mention the beta waitlist');
      await tab.screenshot('mail-step-reject');
      await tab.assertFitsWidth();

      await tab.page.goto(stepLink('approve'));
      await expectPage(tab, 'Approve step 2', workflowPage);
      await tab.screenshot('mail-step-approve');
      await tab.assertFitsWidth();
      await tab.page.getByRole('button', { name: 'Approve step 2' }).click();
      await tab.page.waitForURL(workflowPage.href);

      // The reject link after the step was approved: nothing changes, and the page says why.
      tab.expectFailure(409, /\/api\/workflows\/resume$/);
      await tab.page.goto(stepLink('reject'));
      await tab.page.getByLabel('Note for the agent').fill('Too late');
      await tab.page.getByRole('button', { name: 'Reject and redo the step' }).click();
      await expectPage(tab, 'Already decided', workflowPage);
      await visible(tab.page.getByText('This step was already decided with this link.'));
      await tab.screenshot('mail-already-decided');
      await tab.assertFitsWidth();
      await tab.page.getByRole('link', { name: workflowPage.name }).click();
      await tab.page.waitForURL(workflowPage.href);
      tab.assertClean();
      await tab.close();
    }, 90_000);

    it(`edits the step's text on the approve link's page and approves it; the next step works from the edit, at ${viewport.width} px`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const { caller, email, workflowId, planLink } = await workflowWithPlanLink(tab, EDITED_GOAL);
      const workflowPage = `${server.baseUrl}/dashboard/workflows/${workflowId}`;
      await tab.page.goto(planLink);
      await tab.page.getByRole('button', { name: 'Approve the plan' }).click();
      await tab.page.waitForURL(workflowPage);
      const { runId, conversationId } = (await api(server.app, caller).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number; conversationId: string };
      await waitForRun(server.app, caller, workflowId, runId, 'awaiting_approval');
      const stepMail = await mailTo(server.smtp, email, /^Approve step/);
      const [post] = (await api(server.app, caller).get(`/api/assets?runId=${runId}&type=social_post`).expect(200)).body as { id: number; content: string }[];

      await tab.page.goto(stepMail.links.find((link) => link.endsWith('action=approve'))!);
      await visible(tab.page.getByRole('heading', { name: 'Approve step 2' }));
      const editor = tab.page.getByLabel(/\(edit before approving if needed\)/);
      expect(await editor.inputValue()).toBe(post.content);
      await editor.fill(EDITED);
      await tab.screenshot('mail-step-edit-and-approve');
      await tab.assertFitsWidth();
      await tab.page.getByRole('button', { name: 'Approve step 2' }).click();
      await tab.page.waitForURL(workflowPage);

      await waitForRun(server.app, caller, workflowId, runId, 'completed');
      const versions = (await api(server.app, caller).get(`/api/assets/${post.id}/versions`).expect(200)).body as { content: string; editedBy: string | null }[];
      expect(versions.map(({ content, editedBy }) => [content, editedBy])).toEqual([
        [post.content, null],
        [EDITED, email.toLowerCase()],
      ]);
      const history = (await api(server.app, caller).get(`/api/assistant/history?id=${conversationId}`).expect(200)).body as { messages: UIMessage[] };
      const instruction = history.messages.find((message) => message.id === `run-${runId}-step-2-attempt-1-instruction`);
      expect(instruction && textOfMessage(instruction)).toContain(EDITED);
      tab.assertClean();
      await tab.close();
      // A three-step run taken through a plan page and a step page: longer than a page's own test.
    }, 90_000);

    it(`answers an expired link, a broken link and a mail scanner with pages that change nothing, at ${viewport.width} px`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const { email, workflowId, planLink } = await workflowWithPlanLink(tab, 'Write a LinkedIn post about expired links');
      const workflowPage = { name: 'Open the workflow on the dashboard', href: `${server.baseUrl}/dashboard/workflows/${workflowId}` };

      // Signed as the service signs plan links, expired a minute ago.
      const jwt = new JwtService({ secret: TEST_ENV.APPROVAL_TOKEN_SECRET, signOptions: { algorithm: 'HS256' } });
      const expired = jwt.sign({ typ: 'plan_approval', sub: workflowId, ver: 1, rcpt: email, jti: randomUUID(), exp: Math.floor(Date.now() / 1000) - 60 });
      tab.expectFailure(400, /\/approve\?token=/);
      await tab.page.goto(`${server.baseUrl}/api/workflows/${workflowId}/approve?token=${expired}`);
      await expectPage(tab, "This link can't be used", workflowPage);
      await visible(tab.page.getByText('This approval link has expired.'));
      await tab.screenshot('mail-link-expired');
      await tab.assertFitsWidth();

      tab.expectFailure(400, /\/api\/workflows\/resume\?/);
      await tab.page.goto(`${server.baseUrl}/api/workflows/resume?token=not-a-token&action=approve`);
      await expectPage(tab, "This link can't be used", { name: 'Go to the dashboard', href: `${server.baseUrl}/dashboard/` });
      await visible(tab.page.getByText('This approval link is invalid.'));
      await tab.screenshot('mail-link-invalid');
      await tab.assertFitsWidth();

      // A mail scanner presses the confirmation page's button: it gets a page, and the plan stays a draft.
      await tab.page.route('**/approve', (route) => route.continue({ headers: { ...route.request().headers(), 'user-agent': SCANNER } }));
      await tab.page.goto(planLink);
      await tab.page.getByRole('button', { name: 'Approve the plan' }).click();
      await expectPage(tab, 'Open this link in a browser', workflowPage);
      await visible(tab.page.getByText('Nothing has been changed.', { exact: false }));
      await tab.screenshot('mail-link-scanner');
      await tab.assertFitsWidth();
      const workflow = await tab.page.request.get(`${server.baseUrl}/api/workflows/${workflowId}`);
      expect(((await workflow.json()) as { status: string }).status).toBe('draft');
      tab.assertClean();
      await tab.close();
    });

    it(`sends the bare address to the sign-in page, named in the tab, with the icon, at ${viewport.width} px`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      await tab.page.goto(`${server.baseUrl}/`);
      await tab.page.waitForURL(`${server.baseUrl}/dashboard/`);
      await visible(tab.page.getByRole('heading', { name: 'Sign in' }));
      expect(await tab.page.title()).toBe('Sign in · Assistant');
      await tab.page.getByRole('link', { name: 'Create an account' }).click();
      await visible(tab.page.getByRole('heading', { name: 'Create your account' }));
      expect(await tab.page.title()).toBe('Create an account · Assistant');

      const iconHref = await tab.page.locator('link[rel="icon"]').getAttribute('href');
      expect(iconHref).toBe('/dashboard/favicon.svg');
      const linked = await tab.page.request.get(`${server.baseUrl}${iconHref}`);
      expect([linked.status(), linked.headers()['content-type']]).toEqual([200, expect.stringMatching(/^image\/svg\+xml/)]);
      // The browser's own request, whatever the page links: redirected to the same icon.
      const asked = await tab.page.goto(`${server.baseUrl}/favicon.ico`);
      expect([asked?.status(), asked?.url(), asked?.headers()['content-type']]).toEqual([200, `${server.baseUrl}/dashboard/favicon.svg`, expect.stringMatching(/^image\/svg\+xml/)]);
      tab.assertClean();
      await tab.close();
    });
  }
});
