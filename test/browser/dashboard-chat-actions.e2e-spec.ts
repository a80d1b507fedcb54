import { type DashboardServer, DashboardTab, NO_BROWSER, PASSWORD, startDashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { chat } from '../helpers/chat.js';
import { pausedRun } from '../helpers/paused-run.js';
import { userMessage } from '../helpers/ui-messages.js';

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
      // The tool call says what it did, and so does the reply's text: no function's name anywhere.
      await visible(reply.getByText('Made a LinkedIn post', { exact: true }));
      expect(await reply.textContent()).not.toMatch(/format_post|asset #/);
      // The post is shown once: one card, its text not repeated in the reply's.
      const card = reply.locator('.asset-card');
      expect(await card.count()).toBe(1);
      const opening = ((await card.locator('.asset-card-body').textContent()) ?? '').trim().slice(0, 40);
      expect(opening.length).toBeGreaterThan(10);
      expect(((await reply.textContent()) ?? '').split(opening)).toHaveLength(2);
      await tab.screenshot('chat-reply-copied');
      await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    }, 90_000);

    it(`regenerates a reply and edits a message, each version reachable with its pager (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const login = await tab.signUp();
      const { conversationId } = await chat(server.app, { token: login.accessToken }, { messages: [userMessage('Tell me something about octopuses')] });
      await tab.goto(`/chat/${conversationId}`);
      const page = tab.page;
      const log = page.getByRole('log', { name: 'Messages' });
      const question = log.getByRole('article', { name: 'You said' });
      const reply = log.getByRole('article', { name: /^(general|Assistant) said$/ });
      await visible(reply);
      expect(await log.getByRole('group', { name: 'Versions' }).count()).toBe(0);

      // Regenerated: the reply shows "2/2", and the first version is a page back.
      await reply.getByRole('button', { name: 'Regenerate reply' }).click();
      await visible(reply.getByLabel('Version 2 of 2'));
      await reply.getByRole('button', { name: 'Previous version' }).click();
      await visible(reply.getByLabel('Version 1 of 2'));
      await expect.poll(() => reply.getByRole('button', { name: 'Previous version' }).isDisabled()).toBe(true);
      await tab.screenshot('chat-reply-versions');

      // Edited and resent: the new branch is shown, and the old question (with its two replies) is a page back.
      await question.getByRole('button', { name: 'Edit message' }).click();
      await question.getByLabel('Edited message').fill('Tell me something about squids');
      await question.getByRole('button', { name: 'Save edit' }).click();
      await visible(question.getByLabel('Version 2 of 2'));
      await visible(question.getByText('Tell me something about squids'));
      await visible(page.getByRole('button', { name: 'Send', exact: true }));
      expect(await reply.getByRole('group', { name: 'Versions' }).count()).toBe(0);
      await question.getByRole('button', { name: 'Previous version' }).click();
      await visible(question.getByText('Tell me something about octopuses'));
      await visible(question.getByLabel('Version 1 of 2'));
      await visible(reply.getByLabel('Version 1 of 2'));

      // What the pager shows is what the conversation shows: a reload reads it back.
      await page.reload();
      await visible(question.getByText('Tell me something about octopuses'));
      await visible(question.getByLabel('Version 1 of 2'));
      await tab.screenshot('chat-message-versions');
      await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    }, 120_000);

    it(`rates a reply with a note, kept across a reload, and finds a conversation by its words (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const login = await tab.signUp();
      const caller = { token: login.accessToken };
      const found = await chat(server.app, caller, { messages: [userMessage('What do flamingos eat?')] });
      await chat(server.app, caller, { messages: [userMessage('Tell me about the harbour')] });
      await tab.goto(`/chat/${found.conversationId}`);
      const page = tab.page;
      const reply = page.getByRole('log', { name: 'Messages' }).getByRole('article').nth(1);
      await visible(reply);

      await reply.getByRole('button', { name: 'Bad reply' }).click();
      await reply.getByLabel('Note (optional)').fill('Too short');
      await reply.getByRole('button', { name: 'Save note' }).click();
      await visible(reply.getByText('“Too short”'));
      await page.reload();
      await visible(reply.getByText('“Too short”'));
      expect(await reply.getByRole('button', { name: 'Bad reply' }).getAttribute('aria-pressed')).toBe('true');
      expect(await reply.getByRole('button', { name: 'Good reply' }).getAttribute('aria-pressed')).toBe('false');
      await tab.screenshot('chat-reply-rated');

      // The search: its hits stand in for the list, each with the words that matched.
      if (viewport.name !== 'desktop') await page.getByRole('button', { name: 'Conversations', exact: true }).click();
      const sidebar = page.getByRole('complementary', { name: 'Conversations' });
      await sidebar.getByLabel('Search conversations').fill('flamingos');
      await sidebar.getByRole('button', { name: 'Search', exact: true }).click();
      const results = sidebar.getByRole('region', { name: 'Search results' });
      await visible(results.getByRole('link'));
      expect(await results.getByRole('link').count()).toBe(1);
      await visible(results.locator('mark', { hasText: /flamingos/i }).first());
      await tab.screenshot('chat-search');
      await sidebar.getByLabel('Search conversations').fill('walrus');
      await sidebar.getByRole('button', { name: 'Search', exact: true }).click();
      await visible(results.getByText('Nothing found for “walrus”.'));
      await results.getByRole('button', { name: 'Clear search' }).click();
      await expect.poll(() => sidebar.getByRole('listitem').count()).toBe(2);
      await tab.assertFitsWidth();

      // The team's usage page counts the rating under the agent and model that wrote the reply.
      await tab.goto('/team');
      const ratings = page.getByRole('table', { name: 'Ratings by agent and model' });
      await visible(ratings);
      const rows = await ratings.getByRole('row').allTextContents();
      expect(rows.slice(1)).toEqual([expect.stringMatching(/^\S+ · offline01$/) as unknown]);
      await tab.screenshot('team-ratings');
      await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    }, 120_000);

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
