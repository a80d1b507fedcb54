import { type DashboardServer, DashboardTab, NO_BROWSER, PASSWORD, startDashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { chat, userMessage } from '../helpers/chat.js';
import { pausedRun } from '../helpers/paused-run.js';

describe.skipIf(NO_BROWSER)("a reply's actions and a run's conversation in the chat", () => {
  let server: DashboardServer;

  beforeAll(async () => {
    server = await startDashboardServer();
  }, 180_000);

  afterAll(() => server?.close());

  for (const viewport of VIEWPORTS) {
    it(`copies a reply, with a visible "Copied", and names the tool by what it did (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const login = await tab.signUp();
      await tab.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
      const { conversationId } = await chat(server.app, { token: login.accessToken }, { messages: [userMessage('Write a LinkedIn post about our product launch')] });
      await tab.goto(`/chat/${conversationId}`);
      const page = tab.page;
      const reply = page.getByRole('log', { name: 'Messages' }).getByRole('article').nth(1);
      await visible(reply);
      await reply.getByRole('button', { name: 'Copy reply' }).click();
      await visible(reply.getByText('Copied', { exact: true }));
      expect(((await page.evaluate<string>('navigator.clipboard.readText()')) ?? '').trim().length).toBeGreaterThan(0);
      // The tool call says what it did. (The offline model's own text still names the tool: a server-side matter.)
      await visible(reply.getByText('Made a LinkedIn post', { exact: true }));
      await tab.screenshot('chat-reply-copied');
      await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    }, 90_000);

    it(`shows a run's step prompts as step headers, and nothing the run added for the model (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const login = await tab.signUp();
      const user = { token: login.accessToken, email: login.email, password: PASSWORD, userId: login.user.id, teamId: login.activeTeam.id };
      const run = await pausedRun(server.app, server.smtp, user);
      await tab.goto(`/chat/${run.conversationId}`);
      const log = tab.page.getByRole('log', { name: 'Messages' });
      await visible(log.getByRole('heading', { name: /^Step 1 of 2 · / }));
      const text = (await log.textContent()) ?? '';
      expect(text).not.toContain('of the workflow');
      expect(text).not.toContain('Earlier steps');
      expect(text).not.toContain('Goal:');
      await tab.screenshot('chat-run-step-headers');
      await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    }, 90_000);
  }
});
