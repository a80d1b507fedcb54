import type { UIMessage } from 'ai';
import type { RunDetailResponse } from '../../src/runs/runs.response.js';
import { api } from '../helpers/api.js';
import { textOfMessage } from '../helpers/chat.js';
import { type DashboardServer, DashboardTab, NO_BROWSER, PASSWORD, startDashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { pausedRun, REVIEWED_GOAL, REVIEWED_STEP } from '../helpers/paused-run.js';
import { BROWSER, createWorkflow, mailTo, pathOf } from '../helpers/workflows.js';
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

  /** The edit is the post's new version, by the approver; the next step's instruction carries it. */
  const expectEditUsed = async (user: TestUser, run: Awaited<ReturnType<typeof pausedAtPost>>, edited: string) => {
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

  for (const viewport of VIEWPORTS) {
    it(`edits the text a step made and approves it in one action; the next step works from the edit (${viewport.width} px)`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const login = await tab.signUp();
      const user: TestUser = { token: login.accessToken, email: login.email, password: PASSWORD, userId: login.user.id, teamId: login.activeTeam.id };
      const run = await pausedAtPost(user);

      await tab.goto('/approvals');
      const card = tab.page.locator('.approval-card').first();
      await card.getByRole('button', { name: 'Edit and approve' }).click();
      const editor = card.getByLabel(/^Text of the social post/);
      await visible(editor);
      expect(await editor.inputValue()).toBe(run.post.content);
      await editor.fill(EDITED);
      await tab.screenshot('approvals-edit-and-approve');
      if (viewport.width === 390) await tab.assertFitsWidth();
      await card.getByRole('button', { name: 'Approve with edits' }).click();
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
      await card.getByRole('button', { name: 'Edit and approve' }).click();
      const editor = card.getByLabel(/^Text of the social post/);
      await visible(editor);
      expect(await editor.inputValue()).toBe(run.post.content);
      await editor.fill(EDITED_ON_RUN_PAGE);
      await tab.screenshot('run-edit-and-approve');
      if (viewport.width === 390) await tab.assertFitsWidth();
      await card.getByRole('button', { name: 'Approve with edits' }).click();
      await visible(tab.page.getByRole('status').getByText(`Step 2 approved with your edits; run #${run.runId} goes on.`));

      await expectEditUsed(user, run, EDITED_ON_RUN_PAGE);
      // The run page shows the run done, its decision by the approver on the dashboard.
      await visible(card.locator('.workflow-run-status').getByText('completed', { exact: true }));
      tab.assertClean();
      await tab.close();
    }, 120_000);
  }
});
