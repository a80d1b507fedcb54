import type { Locator } from 'playwright-core';
import { DataSource } from 'typeorm';
import { api } from '../helpers/api.js';
import { type DashboardServer, DashboardTab, NO_BROWSER, startDashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { EverythingServer } from '../helpers/mcp-everything.js';

/** Issue 34 item 2: a reply asking to run a tool the team marked "needs approval" is answered in the dashboard's chat. */
describe.skipIf(NO_BROWSER)('tool approvals in the dashboard chat', () => {
  let server: DashboardServer;
  let everything: EverythingServer;

  beforeAll(async () => {
    everything = await EverythingServer.start();
    server = await startDashboardServer({ MCP_ALLOWED_HOSTS: '127.0.0.1' });
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await everything?.stop();
  });

  /** A new team whose MCP server "cms" offers echo, which needs approval; the tab is signed in as its owner. */
  async function teamWithApprovalTool(tab: DashboardTab): Promise<{ teamId: string }> {
    const login = await tab.signUp();
    await api(server.app, { token: login.accessToken })
      .post(`/api/teams/${login.activeTeam.id}/mcp-servers`)
      .send({ name: 'cms', url: everything.url, allowedTools: ['echo'], approvalTools: ['echo'] })
      .expect(201);
    return { teamId: login.activeTeam.id };
  }

  const decisions = (teamId: string) =>
    server.app
      .get(DataSource)
      .query<{ action: string; changes: { toolName: string; reason: string | null } }[]>(
        `SELECT action, changes FROM audit_events WHERE team_id = $1 AND action LIKE 'tool_call.%' ORDER BY id`,
        [teamId],
      );

  async function ask(tab: DashboardTab, text: string): Promise<Locator> {
    await tab.page.getByLabel('Message', { exact: true }).fill(`use echo with ${text}`);
    await tab.page.getByRole('button', { name: 'Send' }).click();
    const request = tab.page.getByRole('region', { name: 'Approve echo (cms)?' });
    await visible(request);
    return request;
  }

  for (const viewport of VIEWPORTS) {
    it(`shows the tool and its arguments; Approve runs it and the reply goes on (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const { teamId } = await teamWithApprovalTool(tab);
      await tab.goto('/chat');
      const request = await ask(tab, 'publish the launch post');
      const reply = tab.page.getByRole('log', { name: 'Messages' }).getByRole('article').last();
      // Readable name, the arguments as sent, nothing run yet.
      await visible(request.getByText('waits for your approval before it runs'));
      const args = request.getByRole('definition');
      expect(await request.getByRole('term').allInnerTexts()).toEqual(['message']);
      expect(await args.allInnerTexts()).toEqual(['publish the launch post']);
      expect(await reply.innerText()).not.toContain('Echo:');
      await tab.screenshot('chat-tool-approval');
      if (viewport.width === 390) await tab.assertFitsWidth();

      await request.getByRole('button', { name: 'Approve', exact: true }).click();
      // The same reply continues: the tool ran and the model used its answer.
      await visible(reply.getByText(/Echo: publish the launch post/));
      await visible(reply.getByText('Used echo (cms)', { exact: true }));
      await request.waitFor({ state: 'detached' });
      await visible(tab.page.getByRole('button', { name: 'Send' }));
      expect(await tab.page.getByRole('log', { name: 'Messages' }).getByRole('article').count()).toBe(2);
      expect(await decisions(teamId)).toMatchObject([{ action: 'tool_call.approved', changes: { toolName: 'mcp_cms__echo' } }]);
      tab.assertClean();
      await tab.close();
      // Two replies through a real MCP server, in Chromium: longer than the default 30 s on a busy machine.
    }, 90_000);
  }

  it('a request stored with the reply is still there after a reload; Deny with a reason tells the model, and nothing runs', async () => {
    const tab = await DashboardTab.open(server, VIEWPORTS[0]);
    const { teamId } = await teamWithApprovalTool(tab);
    await tab.goto('/chat');
    await ask(tab, 'delete every page');
    await visible(tab.page.getByRole('button', { name: 'Send' }));
    await tab.page.reload();
    const request = tab.page.getByRole('region', { name: 'Approve echo (cms)?' });
    await visible(request);

    await request.getByRole('button', { name: 'Deny' }).click();
    await request.getByLabel('Reason for the agent (optional)').fill('not today');
    await request.getByRole('button', { name: 'Send denial' }).click();
    const reply = tab.page.getByRole('log', { name: 'Messages' }).getByRole('article').last();
    await visible(reply.getByText('I did not run echo (cms): it was denied (not today).'));
    await visible(reply.getByText('Denied echo (cms): not today'));
    await request.waitFor({ state: 'detached' });
    expect(await decisions(teamId)).toMatchObject([{ action: 'tool_call.denied', changes: { toolName: 'mcp_cms__echo', reason: 'not today' } }]);
    expect(await reply.innerText()).not.toContain('Echo:');
    tab.assertClean();
    await tab.close();
  }, 90_000);
});
