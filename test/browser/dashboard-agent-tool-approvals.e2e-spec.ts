import type { AgentToolApprovalsResponse } from '../../src/assistant/agent-tool-approvals/agent-tool-approvals.response.js';
import { api } from '../helpers/api.js';
import { DashboardTab, type DashboardServer, NO_BROWSER, PASSWORD, startDashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { BROWSER, pathOf } from '../helpers/mail-catcher.js';
import { waitForRun } from '../helpers/runs.js';
import { joinTeam } from '../helpers/teams.js';
import { createWorkflow, mailTo } from '../helpers/workflows.js';

/** Issue 34 item 2: in team settings, owners and admins choose which of each agent's built-in tools need a person's approval. */
describe.skipIf(NO_BROWSER)('tools that need approval, in team settings', () => {
  let server: DashboardServer;

  beforeAll(async () => {
    server = await startDashboardServer();
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  const approvalToolsOf = async (token: string, teamId: string, agentId: string) =>
    ((await api(server.app, { token }).get(`/api/teams/${teamId}/agents/tool-approvals`).expect(200)).body as AgentToolApprovalsResponse[]).find(
      (agent) => agent.agentId === agentId,
    )?.approvalTools;

  for (const viewport of VIEWPORTS) {
    it(`an owner ticks a tool of an agent and it is saved; unticked, it is cleared (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const login = await tab.signUp();
      const teamId = login.activeTeam.id;
      await tab.goto('/team');
      const section = tab.page.getByRole('region', { name: 'Tools that need approval' });
      await visible(section);
      const formatPost = section.getByRole('checkbox', { name: 'format_post (social)' });
      expect(await formatPost.isChecked()).toBe(false);
      expect(await section.getByRole('checkbox', { name: 'extract_receipt_data (finance)' }).isChecked()).toBe(false);

      await formatPost.check();
      await visible(section.getByRole('status').getByText('Saved: social asks before format_post'));
      expect(await approvalToolsOf(login.accessToken, teamId, 'social')).toEqual(['format_post']);
      await tab.screenshot('team-tool-approvals');
      if (viewport.width === 390) await tab.assertFitsWidth();

      // Still ticked after a reload: read from the server.
      await tab.page.reload();
      await visible(section);
      expect(await section.getByRole('checkbox', { name: 'format_post (social)' }).isChecked()).toBe(true);
      await section.getByRole('checkbox', { name: 'format_post (social)' }).uncheck();
      await visible(section.getByRole('status').getByText('Saved: social asks before no tool'));
      expect(await approvalToolsOf(login.accessToken, teamId, 'social')).toEqual([]);
      tab.assertClean();
      await tab.close();
    }, 90_000);
  }

  it('a member reads the setting but cannot change it', async () => {
    const ownerTab = await DashboardTab.open(server, VIEWPORTS[0]);
    const owner = await ownerTab.signUp();
    await ownerTab.close();
    const teamId = owner.activeTeam.id;
    await api(server.app, { token: owner.accessToken }).put(`/api/teams/${teamId}/agents/video/tool-approvals`).send({ approvalTools: ['format_reel'] }).expect(200);

    const tab = await DashboardTab.open(server, VIEWPORTS[0]);
    const login = await tab.signUp();
    const member = { token: login.accessToken, email: login.email, password: PASSWORD, userId: login.user.id, teamId: login.activeTeam.id };
    await joinTeam(server.app, { token: owner.accessToken }, teamId, member);
    await api(server.app, member).post(`/api/teams/${teamId}/activate`).expect(200);
    await tab.goto('/team');
    const section = tab.page.getByRole('region', { name: 'Tools that need approval' });
    await visible(section);
    const formatReel = section.getByRole('checkbox', { name: 'format_reel (video)' });
    expect(await formatReel.isChecked()).toBe(true);
    expect(await formatReel.isDisabled()).toBe(true);
    await visible(section.getByText("Only the team's owners and admins change this."));
    tab.assertClean();
    await tab.close();
  }, 90_000);

  it('a run step paused on a tool call shows the tool and its arguments in Approvals; Reject with a note refuses it and the run goes on', async () => {
    const tab = await DashboardTab.open(server, VIEWPORTS[0]);
    const login = await tab.signUp();
    const owner = { token: login.accessToken };
    await api(server.app, owner).put(`/api/teams/${login.activeTeam.id}/agents/social/tool-approvals`).send({ approvalTools: ['format_post'] }).expect(200);
    const { workflowId } = await createWorkflow(server.app, owner, { goal: 'Write a LinkedIn post about our product launch.' });
    const planMail = await mailTo(server.smtp, login.email, /^Approve the plan/);
    await api(server.app).get(pathOf(planMail.links.find((link) => link.includes('/approve?token='))!)).set('User-Agent', BROWSER).expect(302);
    const { runId } = (await api(server.app, owner).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(server.app, owner, workflowId, runId, 'awaiting_approval');

    await tab.goto('/approvals');
    const calls = tab.page.getByRole('group', { name: 'Tool calls waiting for approval' });
    await visible(calls);
    await visible(calls.getByText('format_post', { exact: true }));
    await visible(calls.getByText(/product launch/));
    await tab.screenshot('approvals-tool-call');
    await tab.page.getByRole('button', { name: 'Reject' }).click();
    await tab.page.getByLabel('Note for the agent (optional)').fill('not this week');
    await tab.page.getByRole('button', { name: 'Send rejection' }).click();
    await waitForRun(server.app, owner, workflowId, runId, 'completed');
    tab.assertClean();
    await tab.close();
  }, 90_000);
});
