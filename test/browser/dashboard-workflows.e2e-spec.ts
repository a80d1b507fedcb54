import type { AssetResponse } from '../../src/assets/asset.response.js';
import type { RunDetailResponse } from '../../src/runs/runs.response.js';
import type { ScheduleResponse } from '../../src/schedules/schedules.response.js';
import { UsageLedger } from '../../src/usage/usage-ledger.service.js';
import type { WorkflowDetailResponse } from '../../src/workflows/workflows.response.js';
import { api } from '../helpers/api.js';
import { type DashboardServer, DashboardTab, NO_BROWSER, PASSWORD, startDashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { BROWSER, pathOf } from '../helpers/mail-catcher.js';
import { pausedRun, REVIEWED_STEP } from '../helpers/paused-run.js';
import { waitForRun } from '../helpers/runs.js';
import { signUp, type TestUser } from '../helpers/users.js';
import { createWorkflow, mailTo } from '../helpers/workflows.js';

const WEEKDAY_GOAL = 'Every weekday, outline a LinkedIn post about our week. Then write the LinkedIn post.';
const DRAFT_GOAL = 'Outline a LinkedIn post about our hiring. Then write the LinkedIn post.';
const NOTE = 'Mention the beta waitlist';

describe.skipIf(NO_BROWSER)('workflows in the dashboard', () => {
  let server: DashboardServer;

  beforeAll(async () => {
    server = await startDashboardServer();
    // A run of another team first, so every later run's id differs from its number within its workflow.
    await pausedRun(server.app, server.smtp, await signUp(server.app));
  }, 120_000);

  afterAll(() => server?.close());

  /** A tab signed in as a new user, and that user for the API helpers. */
  async function signedIn(viewport: (typeof VIEWPORTS)[number]): Promise<{ tab: DashboardTab; user: TestUser }> {
    const tab = await DashboardTab.open(server, viewport);
    const login = await tab.signUp();
    return { tab, user: { token: login.accessToken, email: login.email, password: PASSWORD, userId: login.user.id, teamId: login.activeTeam.id } };
  }

  async function approvePlan(email: string): Promise<void> {
    const planMail = await mailTo(server.smtp, email, /^Approve the plan/);
    await api(server.app).get(pathOf(planMail.links.find((link) => link.includes('/approve?token='))!)).set('User-Agent', BROWSER).expect(302);
  }

  /** The `datetime` of each listed next run. */
  const nextRunTimes = (tab: DashboardTab) => tab.page.getByRole('list', { name: 'Next runs' }).locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));

  for (const viewport of VIEWPORTS) {
    it(`shows a schedule in words with its next runs, and pauses and resumes it (${viewport.width} px)`, async () => {
      const { tab, user } = await signedIn(viewport);
      const created = await createWorkflow(server.app, user, { goal: WEEKDAY_GOAL, schedule: '0 9 * * 1-5', timezone: 'Europe/Paris' });
      await approvePlan(user.email);
      const schedulePath = `/api/workflows/${created.workflowId}/schedule`;
      const expected = (await api(server.app, user).get(schedulePath).expect(200)).body as ScheduleResponse;

      // The list: the schedule in words and its next run.
      await tab.goto('/workflows');
      const item = tab.page.getByRole('listitem', { name: created.title });
      await visible(item.getByText('At 09:00, Monday through Friday (Europe/Paris)'));
      await visible(item.locator(`time[datetime="${expected.nextRuns[0]}"]`));
      expect(await tab.page.title()).toBe('Workflows · Assistant');
      await tab.screenshot('workflows-scheduled');
      if (viewport.width === 390) await tab.assertFitsWidth();

      // The page: the same words and the next five run times, as the API has them.
      await item.getByRole('link', { name: created.title }).click();
      const schedule = tab.page.getByRole('region', { name: 'Schedule' });
      await visible(schedule.getByText('At 09:00, Monday through Friday (Europe/Paris)'));
      await expect.poll(() => nextRunTimes(tab)).toEqual(expected.nextRuns);
      expect(expected.nextRuns).toHaveLength(5);
      expect(await tab.page.title()).toBe(`${created.title} · Assistant`);
      await tab.screenshot('workflow-schedule');
      if (viewport.width === 390) await tab.assertFitsWidth();

      // Paused: no next runs, on the page and in the API; resumed: they are back.
      await schedule.getByRole('button', { name: 'Pause schedule' }).click();
      await visible(schedule.getByText(/^Paused since/));
      expect(await schedule.getByRole('list', { name: 'Next runs' }).count()).toBe(0);
      expect(((await api(server.app, user).get(schedulePath).expect(200)).body as ScheduleResponse).paused).toBe(true);
      await tab.screenshot('workflow-schedule-paused');
      await schedule.getByRole('button', { name: 'Resume schedule' }).click();
      await expect.poll(() => nextRunTimes(tab)).toHaveLength(5);
      expect(((await api(server.app, user).get(schedulePath).expect(200)).body as ScheduleResponse).paused).toBe(false);

      // Changed: the form reads the new expression back in words before it is saved.
      await schedule.getByRole('button', { name: 'Change schedule' }).click();
      await schedule.getByLabel('Cron expression').fill('30 8 * * 1');
      await visible(schedule.getByText('At 08:30, only on Monday (Europe/Paris)'));
      await schedule.getByRole('button', { name: 'Save schedule' }).click();
      await visible(tab.page.getByRole('status').filter({ hasText: 'Schedule saved.' }));
      const changed = (await api(server.app, user).get(schedulePath).expect(200)).body as ScheduleResponse;
      expect(changed.schedule).toBe('30 8 * * 1');
      await expect.poll(() => nextRunTimes(tab)).toEqual(changed.nextRuns);
      tab.assertClean();
      await tab.close();
    });

    it(`edits an approved plan's steps: added, reordered, saved; the workflow is a draft again with a new approval mail (${viewport.width} px)`, async () => {
      const { tab, user } = await signedIn(viewport);
      const created = await createWorkflow(server.app, user, { goal: DRAFT_GOAL });
      await approvePlan(user.email);
      const count = created.steps.length;

      await tab.goto(`/workflows/${created.workflowId}`);
      await tab.page.getByRole('button', { name: 'Edit steps' }).click();
      const editor = tab.page.getByRole('form', { name: 'Edit steps' });
      await editor.getByRole('button', { name: 'Add step' }).click();
      const added = editor.getByRole('group', { name: `Step ${count + 1}` });
      await added.getByLabel('Description').fill('Summarise the week for the team');
      await added.getByLabel('Agent').selectOption('general');
      await added.getByLabel('Needs approval').check();
      // Moved to the front: it is step 1 once saved.
      for (let position = count + 1; position > 1; position--) await editor.getByRole('button', { name: `Move step ${position} up` }).click();
      await tab.screenshot('workflow-steps-editor');
      if (viewport.width === 390) await tab.assertFitsWidth();
      await editor.getByRole('button', { name: 'Save steps' }).click();
      await visible(tab.page.getByRole('status').filter({ hasText: 'Steps saved.' }));

      const saved = (await api(server.app, user).get(`/api/workflows/${created.workflowId}`).expect(200)).body as WorkflowDetailResponse;
      expect(saved.status).toBe('draft');
      expect([...saved.workflowSteps].sort((a, b) => a.stepIndex - b.stepIndex).map((step) => [step.description, step.agentId, step.requiresApproval])).toEqual([
        ['Summarise the week for the team', 'general', true],
        ...created.steps.map((step) => [step.description, step.agentId, step.requiresApproval]),
      ]);
      await mailTo(server.smtp, user.email, /^Approve the plan/, 2);
      tab.assertClean();
      await tab.close();
    });

    it(`resends a draft's plan approval mail, and shows the wait when asked again too soon (${viewport.width} px)`, async () => {
      const { tab, user } = await signedIn(viewport);
      const created = await createWorkflow(server.app, user, { goal: DRAFT_GOAL });
      await mailTo(server.smtp, user.email, /^Approve the plan/);

      await tab.goto(`/workflows/${created.workflowId}`);
      await tab.page.getByRole('button', { name: 'Resend approval email' }).click();
      await visible(tab.page.getByText(`A new approval email was sent to ${user.email}.`));
      const resent = await mailTo(server.smtp, user.email, /^Approve the plan/, 2);
      expect(resent.links.some((link) => link.includes('/approve?token='))).toBe(true);

      tab.expectFailure(429, /\/approval-mail$/);
      await tab.page.getByRole('button', { name: 'Resend approval email' }).click();
      await visible(tab.page.getByRole('alert').filter({ hasText: /^Not sent: .*\d+ s/ }));
      await tab.screenshot('workflow-draft-resend');
      if (viewport.width === 390) await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    });

    it(`shows a run's steps, decisions, usage and assets after a reload, named by its run id (${viewport.width} px)`, async () => {
      const { tab, user } = await signedIn(viewport);
      const run = await pausedRun(server.app, server.smtp, user);
      const runPath = `/api/workflows/${run.workflowId}/runs/${run.runId}`;
      await api(server.app, user).post(`${runPath}/decision`).send({ stepIndex: REVIEWED_STEP, action: 'reject', note: NOTE }).expect(200);
      await waitForRun(server.app, user, run.workflowId, run.runId, (current) => current.status === 'awaiting_approval');
      await mailTo(server.smtp, user.email, /^Approve step/, 2);
      await api(server.app, user).post(`${runPath}/decision`).send({ stepIndex: REVIEWED_STEP, action: 'approve' }).expect(200);
      const finished = await waitForRun(server.app, user, run.workflowId, run.runId, 'completed');
      expect(finished.runNumber).not.toBe(run.runId);
      // The usage ledger writes its rows a moment after the calls: all of them are written before the run is read.
      await server.app.get(UsageLedger).flush();
      const detail = (await api(server.app, user).get(runPath).expect(200)).body as RunDetailResponse;
      expect(detail.usage.calls).toBeGreaterThan(0);
      const assets = (await api(server.app, user).get(`/api/assets?runId=${run.runId}`).expect(200)).body as AssetResponse[];
      expect(assets.length).toBeGreaterThan(0);

      // The list names the latest run by its id too.
      await tab.goto('/workflows');
      await visible(tab.page.getByRole('listitem').getByText(`Run #${run.runId}`, { exact: true }));

      // Opened as the asset cards link to it (…#run-<id>), and reloaded: the run is scrolled into view.
      await tab.goto(`/workflows/${run.workflowId}#run-${run.runId}`);
      await tab.page.reload();
      const card = tab.page.getByRole('article', { name: `Run #${run.runId}` });
      await visible(card.locator('.workflow-run-status').getByText('completed', { exact: true }));
      const top = (await card.boundingBox())!.y;
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(viewport.height / 2);
      expect(await tab.page.getByRole('article', { name: `Run #${finished.runNumber}`, exact: true }).count()).toBe(0);

      const steps = card.getByRole('region', { name: `Steps of run #${run.runId}` });
      await visible(steps.getByText('attempt 2'));
      expect(await steps.getByRole('listitem').count()).toBe(detail.steps.length);
      const decisions = card.getByRole('region', { name: `Decisions on run #${run.runId}` });
      await visible(decisions.getByText('Rejected'));
      await visible(decisions.getByText(NOTE));
      await visible(decisions.getByText(`By ${user.email} on the dashboard`).first());
      expect(await decisions.locator(`time[datetime="${detail.decisions[0].decidedAt}"]`).count()).toBe(1);
      await visible(decisions.getByText('Approved'));
      const usage = card.getByRole('region', { name: `Usage of run #${run.runId}` });
      const modelCalls = usage.locator('dt:text-is("Model calls") + dd');
      await visible(modelCalls);
      expect(await modelCalls.textContent()).toBe(detail.usage.calls.toLocaleString('en-US'));
      const gallery = card.getByRole('region', { name: `Assets from run #${run.runId}` });
      await expect.poll(() => gallery.locator('[data-asset-type]').count()).toBe(assets.length);
      await tab.screenshot('workflow-run-detail');
      if (viewport.width === 390) await tab.assertFitsWidth();

      // The run's conversation names it by the same id.
      await card.getByRole('link', { name: `View conversation of run #${run.runId}` }).click();
      await tab.page.waitForURL(new RegExp(`/chat/${run.conversationId}$`));
      await visible(tab.page.getByText(`Run #${run.runId} of`).first());
      tab.assertClean();
      await tab.close();
    });

    it(`deletes a workflow after a confirmation, and says why not while a run is in progress (${viewport.width} px)`, async () => {
      const { tab, user } = await signedIn(viewport);
      const run = await pausedRun(server.app, server.smtp, user);
      await tab.goto(`/workflows/${run.workflowId}`);
      const { title } = (await api(server.app, user).get(`/api/workflows/${run.workflowId}`).expect(200)).body as WorkflowDetailResponse;
      await visible(tab.page.getByRole('heading', { name: title, level: 1 }));

      // Refused while the run waits for approval.
      tab.expectFailure(409, new RegExp(`/api/workflows/${run.workflowId}$`));
      tab.page.once('dialog', (dialog) => void dialog.accept());
      await tab.page.getByRole('button', { name: 'Delete workflow' }).click();
      await visible(tab.page.getByRole('alert').filter({ hasText: 'A run of this workflow is in progress; stop it before you delete it' }));
      await tab.screenshot('workflow-delete-refused');
      if (viewport.width === 390) await tab.assertFitsWidth();

      // Stopped, it goes. The button shows from the run's stream before the page has fetched the
      // stopped run; until then it follows the run and re-fetches it, and a re-fetch that reaches
      // the server after the deletion is answered 404. So the test waits for that fetch.
      const stoppedFetched = tab.page.waitForResponse(async (response) => {
        if (response.request().method() !== 'GET' || !response.url().endsWith(`/api/workflows/${run.workflowId}`)) return false;
        const body = (await response.json()) as WorkflowDetailResponse;
        return body.workflowRuns[0]?.status === 'failed';
      });
      await tab.page.getByRole('article', { name: `Run #${run.runId}` }).getByRole('button', { name: 'Stop' }).click();
      await stoppedFetched;
      await visible(tab.page.getByRole('article', { name: `Run #${run.runId}` }).getByRole('button', { name: 'Retry from this step' }));
      tab.page.once('dialog', (dialog) => void dialog.accept());
      await tab.page.getByRole('button', { name: 'Delete workflow' }).click();
      await tab.page.waitForURL(/\/dashboard\/workflows$/);
      await visible(tab.page.getByText(`“${title}” was deleted.`));
      await visible(tab.page.getByText('No workflows yet.'));
      await api(server.app, user).get(`/api/workflows/${run.workflowId}`).expect(404);
      tab.assertClean();
      await tab.close();
    });
  }
});
