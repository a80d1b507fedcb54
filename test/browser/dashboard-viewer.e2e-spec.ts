import type { MeResponse } from '../../src/teams/auth/auth.response.js';
import { api } from '../helpers/api.js';
import { type DashboardServer, DashboardTab, NO_BROWSER, PASSWORD, startDashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { chat } from '../helpers/chat.js';
import { pausedRun } from '../helpers/paused-run.js';
import { joinTeam } from '../helpers/teams.js';
import { userMessage } from '../helpers/ui-messages.js';
import type { TestUser } from '../helpers/users.js';

/**
 * Issue 31 item 4: the dashboard shows a write control only where the caller's role may use it, as
 * GET /api/auth/me's `permissions` (the permission table) says. A viewer of a team with a run paused
 * for approval sees the run, its workflow and conversations, and none of the buttons; its owner sees them.
 */
describe.skipIf(NO_BROWSER)('a viewer in a real browser', () => {
  let server: DashboardServer;

  beforeAll(async () => {
    server = await startDashboardServer();
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  async function signedIn(name: string): Promise<{ tab: DashboardTab; user: TestUser }> {
    const tab = await DashboardTab.open(server, VIEWPORTS[0]);
    const login = await tab.signUp(name);
    return { tab, user: { token: login.accessToken, email: login.email, password: PASSWORD, userId: login.user.id, teamId: login.activeTeam.id } };
  }

  const WRITE_BUTTONS = ['Run now', 'Stop', 'Approve', 'Reject', 'Retry', 'Edit steps', 'Delete workflow', 'Change schedule', 'Add a schedule', 'Resend approval email'];

  it('shows the owner the run, schedule, step, delete and chat controls, and a viewer none of them', async () => {
    const { tab: ownerTab, user: owner } = await signedIn('Olive Owner');
    const run = await pausedRun(server.app, server.smtp, owner);
    await chat(server.app, owner, { messages: [userMessage('Draft a welcome note')] });
    const { tab: viewerTab, user: viewer } = await signedIn('Vera Viewer');
    await joinTeam(server.app, owner, owner.teamId, viewer, 'viewer');
    await api(server.app, viewer).post(`/api/teams/${owner.teamId}/activate`).expect(200);

    // The API says what the role may do; the dashboard reads nothing else.
    const me = (await api(server.app, viewer).get('/api/auth/me').expect(200)).body as MeResponse;
    expect(me.activeTeam.role).toBe('viewer');
    expect(me.permissions).toMatchObject({ 'workflow.read': 'yes', 'workflow.run': 'no', 'workflow.approve': 'no', 'conversation.write': 'no', 'team.members.invite': 'no' });

    // The owner, on the same page: the controls are there (the run is paused on a step for approval).
    await ownerTab.goto(`/workflows/${run.workflowId}`);
    const ownerCard = ownerTab.page.getByRole('article', { name: `Run #${run.runId}` });
    await visible(ownerCard.getByRole('button', { name: 'Approve', exact: true }));
    for (const name of ['Run now', 'Stop', 'Edit steps', 'Delete workflow', 'Add a schedule']) await visible(ownerTab.page.getByRole('button', { name, exact: true }).first());

    await viewerTab.goto(`/workflows/${run.workflowId}`);
    const viewerCard = viewerTab.page.getByRole('article', { name: `Run #${run.runId}` });
    await visible(viewerCard.locator('.workflow-run-status').getByText('awaiting approval', { exact: false }));
    await visible(viewerTab.page.getByRole('heading', { name: 'Steps', exact: true, level: 2 }));
    for (const name of WRITE_BUTTONS) expect(await viewerTab.page.getByRole('button', { name, exact: true }).count(), name).toBe(0);

    await viewerTab.goto('/workflows');
    await visible(viewerTab.page.getByText('Your role in this team reads its workflows'));
    expect(await viewerTab.page.getByRole('heading', { name: 'New workflow' }).count()).toBe(0);

    await viewerTab.goto('/chat');
    await visible(viewerTab.page.getByText('Your role in this team reads conversations'));
    for (const name of ['Send', 'New chat']) expect(await viewerTab.page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await viewerTab.page.getByRole('button', { name: /^Delete / }).count()).toBe(0);

    await viewerTab.goto('/team');
    await visible(viewerTab.page.getByRole('heading', { name: 'Team settings', level: 1 }));
    expect(await viewerTab.page.getByRole('form', { name: 'Invite a member' }).count()).toBe(0);

    ownerTab.assertClean();
    viewerTab.assertClean();
    await ownerTab.close();
    await viewerTab.close();
  }, 120_000);

  it("shows a member none of the `own`-only controls on another's workflow (the response names its creator)", async () => {
    const { tab: ownerTab, user: owner } = await signedIn('Otto Owner');
    const run = await pausedRun(server.app, server.smtp, owner);
    const { tab: memberTab, user: member } = await signedIn('Mia Member');
    await joinTeam(server.app, owner, owner.teamId, member, 'member');
    await api(server.app, member).post(`/api/teams/${owner.teamId}/activate`).expect(200);
    const me = (await api(server.app, member).get('/api/auth/me').expect(200)).body as MeResponse;
    expect(me.permissions).toMatchObject({ 'workflow.run': 'own', 'workflow.approve': 'own', 'workflow.delete': 'own', 'workflow.create': 'yes' });

    await memberTab.goto(`/workflows/${run.workflowId}`);
    const memberCard = memberTab.page.getByRole('article', { name: `Run #${run.runId}` });
    await visible(memberCard.locator('.workflow-run-status').getByText('awaiting approval', { exact: false }));
    await visible(memberTab.page.getByRole('heading', { name: 'Steps', exact: true, level: 2 }));
    for (const name of WRITE_BUTTONS) expect(await memberTab.page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    // A member still creates workflows of their own.
    await memberTab.goto('/workflows');
    await visible(memberTab.page.getByRole('heading', { name: 'New workflow' }));

    memberTab.assertClean();
    await ownerTab.close();
    await memberTab.close();
  }, 120_000);
});
