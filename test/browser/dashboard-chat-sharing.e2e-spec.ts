import { api } from '../helpers/api.js';
import { type DashboardServer, DashboardTab, NO_BROWSER, PASSWORD, startDashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { chat } from '../helpers/chat.js';
import { joinTeam } from '../helpers/teams.js';
import { userMessage } from '../helpers/ui-messages.js';

/** Issue 35 item 1 in the dashboard: the author shares a chat; another member reads it and continues a copy of their own. */
describe.skipIf(NO_BROWSER)('sharing a chat with the team', () => {
  let server: DashboardServer;

  beforeAll(async () => {
    server = await startDashboardServer();
  }, 180_000);

  afterAll(() => server?.close());

  for (const viewport of VIEWPORTS) {
    it(`the author shares it; a member reads it read-only, by its author, and continues a copy (${viewport.name})`, async () => {
      const authorTab = await DashboardTab.open(server, viewport);
      const login = await authorTab.signUp('Ada Author');
      const author = { token: login.accessToken };
      const teamId = login.activeTeam.id;
      const { conversationId } = await chat(server.app, author, { messages: [userMessage('Tell me something about octopuses')] });
      await authorTab.goto(`/chat/${conversationId}`);
      const sharing = authorTab.page.locator('.chat-sharing');
      await visible(sharing.getByText('Only you can see this chat.'));
      await sharing.getByRole('button', { name: 'Share with the team' }).click();
      await visible(sharing.getByText('Shared with the team: they can read it, not write in it.'));
      await visible(sharing.getByRole('button', { name: 'Stop sharing' }));
      await authorTab.screenshot('chat-shared-by-author');
      authorTab.assertClean();
      await authorTab.close();

      const tab = await DashboardTab.open(server, viewport);
      const memberLogin = await tab.signUp('Mo Member');
      const member = { token: memberLogin.accessToken, email: memberLogin.email, password: PASSWORD, userId: memberLogin.user.id, teamId: memberLogin.activeTeam.id };
      await joinTeam(server.app, author, teamId, member);
      await api(server.app, member).post(`/api/teams/${teamId}/activate`).expect(200);
      await tab.goto(`/chat/${conversationId}`);
      const page = tab.page;
      const readOnly = page.locator('.chat-sharing');
      await visible(readOnly.getByText('Shared by Ada Author · read-only'));
      // The question is its author's, named as such, not "You".
      await visible(page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Ada Author said' }));
      await visible(page.getByRole('log', { name: 'Messages' }).getByRole('article').nth(1));
      // Read-only: nothing to send, regenerate or edit with.
      expect(await page.getByRole('button', { name: 'Send', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Regenerate reply' }).count()).toBe(0);
      // A member deletes only their own chats (owners and admins any): no Delete beside another's.
      expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
      await tab.screenshot('chat-shared-read-only');

      await readOnly.getByRole('button', { name: 'Continue as my own copy' }).click();
      await page.waitForURL((url) => /\/dashboard\/chat\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(conversationId));
      await visible(page.locator('.chat-sharing').getByText('Only you can see this chat.'));
      await visible(page.getByRole('button', { name: 'Send', exact: true }));
      await visible(page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'You said' }).getByText('Tell me something about octopuses'));
      await tab.assertFitsWidth();
      await tab.screenshot('chat-shared-copy');
      tab.assertClean();
      await tab.close();
    }, 120_000);
  }
});
