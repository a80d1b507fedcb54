import type { Locator } from 'playwright-core';
import { api, type Caller } from '../helpers/api.js';
import { DashboardTab, type DashboardServer, NO_BROWSER, startDashboardServer, VIEWPORTS, visible } from '../helpers/browser.js';
import { chat, settledTitle } from '../helpers/chat.js';
import { ConversationsService } from '../../src/conversations/conversations.service.js';
import { userMessage } from '../helpers/ui-messages.js';

/** Tall user messages: a dozen of them make a conversation far longer than any window. */
const SEED_MESSAGES = Array.from({ length: 12 }, (_, index) =>
  userMessage([`Launch item ${index + 1}`, 'Owner: the launch crew', 'Due: next week', 'Status: open', 'Details follow in the doc'].join('\n')),
);
/** One unbroken 100-character word, the longest title a conversation gets. */
const LONG_TITLE = `Supercalifragilistic${'x'.repeat(80)}`;

/** The part of `inner` that shows inside `frame`'s box, in px (0: out of view). */
async function visibleHeight(inner: Locator, frame: Locator): Promise<number> {
  const [box, view] = [await inner.boundingBox(), await frame.boundingBox()];
  if (!box || !view) return 0;
  return Math.max(0, Math.min(box.y + box.height, view.y + view.height) - Math.max(box.y, view.y));
}

/** The last line of the newest message is within the message list's visible area. */
async function lastLineInView(tab: DashboardTab): Promise<boolean> {
  const log = tab.page.getByRole('log', { name: 'Messages' });
  const last = log.getByRole('article').last();
  const [box, view] = [await last.boundingBox(), await log.boundingBox()];
  return !!box && !!view && box.y + box.height <= view.y + view.height + 1 && box.y + box.height > view.y;
}

/** Waits until the reply being generated has ended: Stop gives way to Send again. */
async function replyEnded(tab: DashboardTab): Promise<void> {
  await visible(tab.page.getByRole('button', { name: 'Send' }));
}

/** `locator` lies entirely inside the browser window. */
async function inWindow(tab: DashboardTab, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(tab.viewport.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(tab.viewport.height);
}

describe.skipIf(NO_BROWSER)('the chat in a real browser', () => {
  let server: DashboardServer;

  beforeAll(async () => {
    // Replies stream word by word over a second or two, as a remote model's would, so a test can scroll meanwhile.
    server = await startDashboardServer({ OFFLINE_MODEL_CHUNK_DELAY_MS: '30' });
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  /** A long stored conversation, seeded through the API. */
  async function longConversation(caller: Caller, messages = SEED_MESSAGES): Promise<string> {
    return (await chat(server.app, caller, { messages })).conversationId;
  }

  for (const viewport of VIEWPORTS) {
    it(`follows a streaming reply, and leaves a reader who scrolled up where they are (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const user = await tab.signUp();
      const conversationId = await longConversation({ token: user.accessToken });
      const title = await settledTitle(server.app, conversationId);
      await tab.goto(`/chat/${conversationId}`);
      const page = tab.page;
      const log = page.getByRole('log', { name: 'Messages' });
      await visible(log.getByRole('article').nth(12));
      // Named by its title.
      await expect.poll(() => page.title(), { timeout: 5_000 }).toBe(`${title} · Assistant`);
      // A stored conversation opens at its end.
      await expect.poll(() => lastLineInView(tab)).toBe(true);

      await page.getByLabel('Message', { exact: true }).fill('What can you do for the launch?');
      await page.getByRole('button', { name: 'Send' }).click();
      await visible(log.getByRole('article').nth(14));
      await replyEnded(tab);
      await expect.poll(() => lastLineInView(tab)).toBe(true);
      expect(await page.evaluate('document.documentElement.scrollTop')).toBe(0);
      await tab.screenshot('chat-reply-followed');

      // Scrolled up while the next reply streams (a long one: it quotes the message): the view stays put and offers a way back.
      await page.getByLabel('Message', { exact: true }).fill(`And what about the budget? ${'Tell me about each line of it in turn. '.repeat(5)}`);
      await page.getByRole('button', { name: 'Send' }).click();
      const streaming = log.getByRole('article').nth(16);
      await visible(streaming);
      await log.hover();
      await page.mouse.wheel(0, -1200);
      const jump = page.getByRole('button', { name: /Jump to latest/ });
      await visible(jump);
      const scrolledTo = await log.evaluate((element) => element.scrollTop);
      const textWhenScrolled = (await streaming.textContent()) ?? '';
      await replyEnded(tab);
      // The reply went on growing below, and the view did not move.
      expect(((await streaming.textContent()) ?? '').length).toBeGreaterThan(textWhenScrolled.length);
      expect(await log.evaluate((element) => element.scrollTop)).toBe(scrolledTo);
      expect(await visibleHeight(streaming, log)).toBe(0);
      await tab.screenshot('chat-scrolled-up');
      await jump.click();
      await expect.poll(() => lastLineInView(tab)).toBe(true);
      await jump.waitFor({ state: 'detached' });
      await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    }, 90_000);

    it(`keeps a message's lines and lists attachments before sending (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      await tab.signUp();
      await tab.goto('/chat');
      const page = tab.page;
      await visible(page.getByLabel('Message', { exact: true }));
      await expect.poll(() => page.title(), { timeout: 5_000 }).toBe('Chat · Assistant');
      await page.getByLabel('Attach').setInputFiles([
        { name: 'agenda.txt', mimeType: 'text/plain', buffer: Buffer.from('Kick-off at nine.\n'.padEnd(2048, '.')) },
        { name: 'sketch.png', mimeType: 'image/png', buffer: Buffer.alloc(300) },
      ]);
      const attachments = page.getByRole('list', { name: 'Attachments' });
      await visible(attachments.getByText('agenda.txt'));
      await visible(attachments.getByRole('listitem').filter({ hasText: 'agenda.txt' }).getByText('2.0 KB'));
      await visible(attachments.getByRole('listitem').filter({ hasText: 'sketch.png' }).getByText('300 B'));
      await attachments.getByRole('button', { name: 'Remove sketch.png' }).click();
      await expect.poll(() => attachments.getByRole('listitem').count()).toBe(1);
      await page.getByLabel('Message', { exact: true }).fill('Hello there\nsecond line\nthird line');
      await tab.screenshot('chat-attachment-chosen');
      await page.getByRole('button', { name: 'Send' }).click();

      const sent = page.getByRole('article', { name: 'You said' });
      await visible(sent);
      expect(await sent.locator('.chat-user-text').innerText()).toBe('Hello there\nsecond line\nthird line');
      await visible(sent.getByText('Attached: agenda.txt'));
      await attachments.waitFor({ state: 'detached' });
      // The reply quotes the message; its Markdown keeps the single line breaks too.
      await replyEnded(tab);
      const reply = page.getByRole('log', { name: 'Messages' }).getByRole('article').last();
      expect(await reply.locator('.markdown').innerText()).toContain('Hello there\nsecond line\nthird line');
      await tab.screenshot('chat-multiline');
      await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    });

    it(`fits the window with a very long title, its conversations ${viewport.width < 760 ? 'in a drawer' : 'beside it'} (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const user = await tab.signUp();
      const conversationId = await longConversation({ token: user.accessToken }, [userMessage(LONG_TITLE), ...SEED_MESSAGES.slice(0, 3)]);
      // Named so: a rename stands, where the title written after the first reply would be short.
      await api(server.app, { token: user.accessToken }).patch(`/api/assistant/conversations/${conversationId}`).send({ title: LONG_TITLE }).expect(200);
      await tab.goto(`/chat/${conversationId}`);
      const page = tab.page;
      const conversations = page.getByRole('complementary', { name: 'Conversations' });
      await visible(page.getByRole('heading', { name: LONG_TITLE }));
      await tab.assertFitsWidth();
      await inWindow(tab, page.getByRole('button', { name: 'Send' }));
      await inWindow(tab, page.getByLabel('Message', { exact: true }));

      if (viewport.width < 760) {
        const toggle = page.getByRole('button', { name: 'Conversations', exact: true });
        expect(await conversations.isVisible()).toBe(false);
        await toggle.click();
        await visible(conversations);
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        // Slid in all the way.
        await expect.poll(async () => (await conversations.boundingBox())?.x).toBe(0);
        await inWindow(tab, conversations.getByRole('button', { name: `Delete ${LONG_TITLE}` }));
        await tab.assertFitsWidth();
        await tab.screenshot('chat-drawer-open');
        await conversations.getByRole('button', { name: 'Close conversations' }).click();
        await conversations.waitFor({ state: 'hidden' });
        // Escape closes it too, and so does opening a conversation from it.
        await toggle.click();
        await visible(conversations);
        await page.keyboard.press('Escape');
        await conversations.waitFor({ state: 'hidden' });
        await toggle.click();
        await conversations.getByRole('link', { name: LONG_TITLE }).click();
        await conversations.waitFor({ state: 'hidden' });
      } else {
        await visible(conversations.getByRole('link', { name: LONG_TITLE }));
        await inWindow(tab, conversations.getByRole('button', { name: `Delete ${LONG_TITLE}` }));
      }
      await tab.screenshot('chat-long-title');

      // A message the server never gets: the failure shows beside the composer.
      await page.route('**/api/assistant/router', (route) => route.abort('aborted'));
      await page.getByLabel('Message', { exact: true }).fill('Are you there?');
      await page.getByRole('button', { name: 'Send' }).click();
      const alert = page.getByRole('alert');
      await visible(alert.getByText('Could not reach the server'));
      await inWindow(tab, alert);
      await tab.screenshot('chat-unreachable');
      await alert.getByRole('button', { name: 'Dismiss error' }).click();
      await alert.waitFor({ state: 'detached' });
      await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    });

    it(`lists conversations past the first 50, older ones on asking (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const user = await tab.signUp();
      // Made one after another: "Older chat 0" is the oldest, the 51st to 55th are a second page.
      const service = server.app.get(ConversationsService);
      for (let i = 0; i < 55; i++) await service.create(user.activeTeam.id, { userId: user.user.id, title: `Older chat ${i}` });
      await tab.goto('/chat');
      const page = tab.page;
      const conversations = page.getByRole('complementary', { name: 'Conversations' });
      if (viewport.width < 760) await page.getByRole('button', { name: 'Conversations', exact: true }).click();
      const links = conversations.getByRole('link', { name: /^Older chat \d+/ });
      await expect.poll(() => links.count(), { timeout: 20_000 }).toBe(50);
      const more = conversations.getByRole('button', { name: 'Show older conversations' });
      await more.click();
      await expect.poll(() => links.count(), { timeout: 20_000 }).toBe(55);
      await visible(conversations.getByRole('link', { name: /^Older chat 0 / }));
      // All shown: nothing more to ask for.
      await more.waitFor({ state: 'detached' });
      await tab.assertFitsWidth();
      await tab.screenshot('chat-older-conversations');
      tab.assertClean();
      await tab.close();
    }, 90_000);
  }
});

describe.skipIf(NO_BROWSER)('the chat on a plan whose rate limit is spent', () => {
  let server: DashboardServer;

  beforeAll(async () => {
    server = await startDashboardServer({ RATE_LIMIT_FREE: '3' });
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`shows the 429 and how long to wait, next to the composer (${viewport.name})`, async () => {
      const tab = await DashboardTab.open(server, viewport);
      const user = await tab.signUp();
      const caller = { token: user.accessToken };
      // A long conversation that spends the plan's three requests of the window.
      const { conversationId } = await chat(server.app, caller, { messages: SEED_MESSAGES.slice(0, 8) });
      await chat(server.app, caller, { messages: [userMessage('Anything else?')], conversationId });
      await chat(server.app, caller, { messages: [userMessage('One more thing')], conversationId });
      tab.expectFailure(429, /\/api\/assistant\/router$/);
      await tab.goto(`/chat/${conversationId}`);
      const page = tab.page;
      await visible(page.getByRole('log', { name: 'Messages' }).getByRole('article').nth(8));
      await page.getByLabel('Message', { exact: true }).fill('Are we over the limit?');
      await page.getByRole('button', { name: 'Send' }).click();

      const alert = page.getByRole('alert');
      await visible(alert);
      expect(await alert.innerText()).toMatch(/Rate limit of your (team's plan|plan) exceeded .* You can send again in \d+ s\./);
      await inWindow(tab, alert);
      // Right above the message box.
      const [alertBox, boxOfText] = [await alert.boundingBox(), await page.getByLabel('Message', { exact: true }).boundingBox()];
      expect(boxOfText!.y - (alertBox!.y + alertBox!.height)).toBeGreaterThanOrEqual(0);
      expect(boxOfText!.y - (alertBox!.y + alertBox!.height)).toBeLessThan(20);
      expect(await page.evaluate('document.documentElement.scrollTop')).toBe(0);
      await tab.screenshot('chat-rate-limited');
      await tab.assertFitsWidth();
      tab.assertClean();
      await tab.close();
    });
  }
});
