import type { UIMessage } from 'ai';
import type { Locator } from 'playwright-core';
import { ApprovalTimersService } from '../../src/approvals/approval-timers.service.js';
import type { RunDetailResponse } from '../../src/runs/runs.response.js';
import { Clock } from '../../src/schedules/clock.js';
import type { WorkflowDetailResponse } from '../../src/workflows/workflows.response.js';
import { api } from '../helpers/api.js';
import { BROWSER, pathOf, waitFor } from '../helpers/mail-catcher.js';
import { ManualClock } from '../helpers/manual-clock.js';
import { type DashboardServer, DashboardTab, NO_BROWSER, PASSWORD, startDashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { pausedRun, REVIEWED_GOAL, REVIEWED_STEP } from '../helpers/paused-run.js';
import { textOfMessage } from '../helpers/ui-messages.js';
import { createWorkflow, mailTo } from '../helpers/workflows.js';
import { waitForRun } from '../helpers/runs.js';
import type { TestUser } from '../helpers/users.js';

/** Three steps; the second (index 1) is reviewed and makes a post; the third works from it. */
const EDITED_GOAL = 'Outline a LinkedIn post about our product launch. Then write the LinkedIn post and have the team review it. Then write a reel script from the post.';
const EDITED = 'Launch day!\nOur product ships today, edited in the inbox.\nJoin the beta waitlist.';
const EDITED_ON_RUN_PAGE = 'Launch day!\nOur product ships today, edited on the run page.\nJoin the beta waitlist.';

/** Issue 36 item 3: the inbox page and the count in the navigation. */
describe.skipIf(NO_BROWSER)('the approvals inbox in the dashboard', () => {
  let server: DashboardServer;

  beforeAll(async () => {
    server = await startDashboardServer();
  }, 120_000);

  afterAll(() => server?.close());

  for (const viewport of VIEWPORTS) {
    it(`lists the waiting steps with what they made, counts them in the navigation, approves one and rejects one with a note (${viewport.width} px)`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const login = await tab.signUp();
      const user: TestUser = { token: login.accessToken, email: login.email, password: PASSWORD, userId: login.user.id, teamId: login.activeTeam.id };
      const first = await pausedRun(server.app, server.smtp, user);
      // A second paused run of another workflow: its plan is the user's second plan mail.
      const second = await createWorkflow(server.app, user, { goal: REVIEWED_GOAL });
      const planMail = await mailTo(server.smtp, user.email, /^Approve the plan/, 2);
      await api(server.app).get(pathOf(planMail.links.find((link) => link.includes(`/workflows/${second.workflowId}/approve?token=`))!)).set('User-Agent', BROWSER).expect(302);
      const { runId: secondRunId } = (await api(server.app, user).post(`/api/workflows/${second.workflowId}/run`).expect(201)).body as { runId: number };
      await waitForRun(server.app, user, second.workflowId, secondRunId, 'awaiting_approval');

      await tab.goto('/approvals');
      const nav = tab.page.getByRole('navigation', { name: 'Sections' });
      await visible(nav.getByRole('link', { name: /^Approvals\s*, 2 waiting$/ }));
      const cards = tab.page.locator('.approval-card');
      await visible(cards.nth(1));
      expect(await cards.count()).toBe(2);
      await visible(cards.first().getByText(/^Made: social post/));
      expect(await tab.page.title()).toBe('Approvals · Assistant');
      await tab.screenshot('approvals-inbox');
      if (viewport.width === 390) await tab.assertFitsWidth();

      // The longest waiting first: the first run's step. Approve it.
      await cards.first().getByRole('button', { name: 'Approve', exact: true }).click();
      await visible(tab.page.getByRole('status').getByText('Step approved; the run goes on'));
      await visible(nav.getByRole('link', { name: /^Approvals\s*, 1 waiting$/ }));
      // Reject the other with a note.
      await cards.first().getByRole('button', { name: 'Reject' }).click();
      await cards.first().getByLabel('Note for the agent (optional)').fill('Shorter, please');
      await cards.first().getByRole('button', { name: 'Send rejection' }).click();
      await visible(tab.page.getByRole('status').getByText('Step rejected; it is done again with the note'));

      await waitForRun(server.app, user, first.workflowId, first.runId, 'completed');
      const redone = (await api(server.app, user).get(`/api/workflows/${second.workflowId}/runs/${secondRunId}`).expect(200)).body as RunDetailResponse;
      expect(redone.decisions).toMatchObject([{ stepIndex: REVIEWED_STEP, action: 'reject', note: 'Shorter, please', channel: 'dashboard' }]);
      await tab.close();
      // Two runs paused and decided through the page: longer than a page's own test.
    }, 120_000);
  }

  /** A run of EDITED_GOAL paused at its reviewed post step, with the post it made. */
  const pausedAtPost = async (user: TestUser) => {
    const { workflowId } = await createWorkflow(server.app, user, { goal: EDITED_GOAL });
    const planMail = await mailTo(server.smtp, user.email, /^Approve the plan/);
    await api(server.app).get(pathOf(planMail.links.find((link) => link.includes('/approve?token='))!)).set('User-Agent', BROWSER).expect(302);
    const { runId, conversationId } = (await api(server.app, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number; conversationId: string };
    await waitForRun(server.app, user, workflowId, runId, 'awaiting_approval');
    const [post] = (await api(server.app, user).get(`/api/assets?runId=${runId}&type=social_post`).expect(200)).body as { id: number; content: string }[];
    return { workflowId, runId, conversationId, post };
  };
  type PausedAtPost = Awaited<ReturnType<typeof pausedAtPost>>;

  /** The edit is the post's new version, by the approver; the next step's instruction carries it. */
  const expectEditUsed = async (user: TestUser, run: PausedAtPost, edited: string) => {
    await waitForRun(server.app, user, run.workflowId, run.runId, 'completed');
    const versions = (await api(server.app, user).get(`/api/assets/${run.post.id}/versions`).expect(200)).body as { content: string; editedBy: string | null }[];
    expect(versions.map(({ content, editedBy }) => [content, editedBy])).toEqual([
      [run.post.content, null],
      [edited, user.email.toLowerCase()],
    ]);
    const history = (await api(server.app, user).get(`/api/assistant/history?id=${run.conversationId}`).expect(200)).body as { messages: UIMessage[] };
    const instruction = history.messages.find((message) => message.id === `run-${run.runId}-step-2-attempt-1-instruction`);
    expect(instruction && textOfMessage(instruction)).toContain(edited);
  };

  /** In `where` (an inbox card, a run card): opens the post's editor on its text, replaces it with `edited` and approves. */
  const editAndApprove = async (tab: DashboardTab, where: Locator, run: PausedAtPost, edited: string, screenshot: string) => {
    await where.getByRole('button', { name: 'Edit and approve' }).click();
    const editor = where.getByLabel(/^Text of the social post/);
    await visible(editor);
    expect(await editor.inputValue()).toBe(run.post.content);
    await editor.fill(edited);
    await tab.screenshot(screenshot);
    if (tab.viewport.width === 390) await tab.assertFitsWidth();
    await where.getByRole('button', { name: 'Approve with edits' }).click();
  };

  for (const viewport of VIEWPORTS) {
    it(`edits the text a step made and approves it in one action; the next step works from the edit (${viewport.width} px)`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const login = await tab.signUp();
      const user: TestUser = { token: login.accessToken, email: login.email, password: PASSWORD, userId: login.user.id, teamId: login.activeTeam.id };
      const run = await pausedAtPost(user);

      await tab.goto('/approvals');
      await editAndApprove(tab, tab.page.locator('.approval-card').first(), run, EDITED, 'approvals-edit-and-approve');
      await visible(tab.page.getByRole('status').getByText('Step approved; the run goes on'));

      await expectEditUsed(user, run, EDITED);
      tab.assertClean();
      await tab.close();
    }, 120_000);
  }

  for (const viewport of VIEWPORTS) {
    it(`edits the post on the run page and approves it in one action; the next step works from the edit (${viewport.width} px)`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const login = await tab.signUp();
      const user: TestUser = { token: login.accessToken, email: login.email, password: PASSWORD, userId: login.user.id, teamId: login.activeTeam.id };
      const run = await pausedAtPost(user);

      await tab.goto(`/workflows/${run.workflowId}`);
      const card = tab.page.getByRole('article', { name: `Run #${run.runId}` });
      await editAndApprove(tab, card, run, EDITED_ON_RUN_PAGE, 'run-edit-and-approve');
      await visible(tab.page.getByRole('status').getByText(`Step 2 approved with your edits; run #${run.runId} goes on.`));

      await expectEditUsed(user, run, EDITED_ON_RUN_PAGE);
      // The run page shows the run done, its decision by the approver on the dashboard.
      await visible(card.locator('.workflow-run-status').getByText('completed', { exact: true }));
      tab.assertClean();
      await tab.close();
    }, 120_000);
  }
});

/** Issue 36 item 2: a timer's decision on the run page says what the policy did, not a person's rejection. */
describe.skipIf(NO_BROWSER)("the run page's decisions of an approval policy's timers", () => {
  let server: DashboardServer;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    // The test sweeps when it moves the clock: the instance's own sweeps (real time) never come.
    server = await startDashboardServer({ RUN_SWEEP_SECONDS: '3600' }, undefined, [{ provide: Clock, useValue: clock }]);
  }, 120_000);

  afterAll(() => server?.close());

  for (const viewport of VIEWPORTS) {
    it(`shows a reminder as the policy's, beside the person's approval (${viewport.width} px)`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const login = await tab.signUp();
      const user: TestUser = { token: login.accessToken, email: login.email, password: PASSWORD, userId: login.user.id, teamId: login.activeTeam.id };
      const { workflowId } = await createWorkflow(server.app, user, { goal: REVIEWED_GOAL });
      const plan = (await api(server.app, user).get(`/api/workflows/${workflowId}`).expect(200)).body as WorkflowDetailResponse;
      const steps = plan.workflowSteps.map(({ description, agentId, requiresApproval }, index) => ({
        description,
        agentId,
        requiresApproval,
        ...(index === REVIEWED_STEP ? { approvalPolicy: { remindAfterMinutes: 10 } } : {}),
      }));
      await api(server.app, user).post(`/api/workflows/${workflowId}/steps`).send({ steps }).expect(200);
      const planMail = await mailTo(server.smtp, user.email, /^Approve the plan/, 2);
      await api(server.app).get(pathOf(planMail.links.find((link) => link.includes('/approve?token='))!)).set('User-Agent', BROWSER).expect(302);
      const { runId } = (await api(server.app, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
      await waitForRun(server.app, user, workflowId, runId, 'awaiting_approval');

      // Eleven minutes on: the policy reminds.
      clock.jumpTo(new Date(Date.now() + 11 * 60_000));
      const decisions = async () => ((await api(server.app, user).get(`/api/workflows/${workflowId}/runs/${runId}`).expect(200)).body as RunDetailResponse).decisions;
      await waitFor(async () => {
        await server.app.get(ApprovalTimersService).sweep();
        return (await decisions()).some((decision) => decision.action === 'remind');
      }, 'the reminder');

      await tab.goto(`/workflows/${workflowId}#run-${runId}`);
      const card = tab.page.getByRole('article', { name: `Run #${runId}` });
      await card.getByRole('button', { name: 'Approve', exact: true }).click();
      await visible(tab.page.getByRole('status').getByText(`Step ${REVIEWED_STEP + 1} approved`));
      await waitForRun(server.app, user, workflowId, runId, 'completed');
      const listed = card.getByRole('region', { name: `Decisions on run #${runId}` }).getByRole('listitem');
      await expect.poll(() => listed.count()).toBe(2);
      await visible(listed.first().getByText('Reminded'));
      await visible(listed.first().getByText("By the step's approval policy"));
      await visible(listed.nth(1).getByText('Approved'));
      await visible(listed.nth(1).getByText(`By ${user.email.toLowerCase()} on the dashboard`));
      expect(await card.getByText('Rejected').count()).toBe(0);
      expect(await card.getByText('a removed user').count()).toBe(0);
      await tab.screenshot('run-policy-decisions');
      if (viewport.width === 390) await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    }, 120_000);
  }
});
