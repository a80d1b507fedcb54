import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, request as forward, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { UIMessage } from 'ai';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { build } from 'vite';
import { api } from '../helpers/api.js';
import { CHROMIUM, NO_BROWSER, SCREENSHOTS } from '../helpers/browser.js';
import { BROWSER, waitFor } from '../helpers/mail-catcher.js';
import { freePort } from '../helpers/ports.js';
import { textOfMessage } from '../helpers/ui-messages.js';
import { signUp, type TestUser } from '../helpers/users.js';
import { createTestApp } from '../setup/create-test-app.js';
import { resetDatabase } from '../setup/reset-database.js';

/** Debian's Chromium, installed by .ci/run; Playwright's own browser download is not reachable. */
const EXAMPLE = resolve('examples/use-chat');
/** Long enough that the offline model's reply, at 25 ms a word, is still streaming after a reload. */
const LONG_QUESTION =
  'Please walk me through everything you can do for a small marketing team that is new to all of this, ' +
  'in as much detail as you can, so that we know where to start this week';
const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

/**
 * The bare example app in examples/use-chat: the AI SDK's `useChat` with its default transport,
 * uncustomised, served the way a team's own frontend would be (its server proxies /api to the
 * service, so page and API share one origin and the session cookie is the credential).
 */
describe.skipIf(NO_BROWSER)('stock useChat (examples/use-chat) in a real browser', { timeout: 60_000 }, () => {
  let app: NestExpressApplication;
  let frontend: Server;
  let pageDir: string;
  let origin: string;
  let user: TestUser;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Script errors, console errors and failed requests: none is expected. */
  const problems: string[] = [];

  beforeAll(async () => {
    pageDir = mkdtempSync(join(tmpdir(), 'use-chat-example-'));
    await build({ configFile: join(EXAMPLE, 'vite.config.ts'), build: { outDir: pageDir, emptyOutDir: true }, logLevel: 'error' });
    const frontendPort = await freePort();
    origin = `http://127.0.0.1:${frontendPort}`;
    // The frontend's origin is the one the session-origin guard accepts cookie-signed writes from.
    app = await createTestApp({ env: { FRONTEND_URL: origin, OFFLINE_MODEL_CHUNK_DELAY_MS: '25', RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error' } });
    await resetDatabase(app);
    await app.listen(0, '127.0.0.1');
    frontend = serveFrontend(pageDir, (app.getHttpServer().address() as AddressInfo).port);
    await new Promise<void>((done) => frontend.listen(frontendPort, '127.0.0.1', done));
    user = await signUp(app);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    context = await browser.newContext({ userAgent: BROWSER, viewport: { width: 1000, height: 800 } });
    // Signed in as after the service's own sign-in: its session cookie, for the frontend's origin.
    await context.addCookies([{ name: 'session', value: user.token, url: origin, httpOnly: true, sameSite: 'Lax' }]);
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    // A reload and stop() abort the page's own fetch of the reply; nothing else may fail.
    page.on('requestfailed', (request) => {
      const aborted = request.failure()?.errorText === 'net::ERR_ABORTED' && new URL(request.url()).pathname === '/api/assistant/router';
      if (!aborted) problems.push(`failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`);
    });
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 180_000);

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail') await page.screenshot({ path: join(SCREENSHOTS, 'stock-use-chat-failure.png'), fullPage: true });
    expect(problems.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    frontend?.closeAllConnections();
    await new Promise((done) => (frontend ? frontend.close(done) : done(undefined)));
    await app?.close();
    if (pageDir) rmSync(pageDir, { recursive: true, force: true });
  });

  /** Opens the example on a new chat; returns the chat id it put in the URL. */
  async function openNewChat(): Promise<string> {
    const resumed = page.waitForResponse((response) => /\/api\/assistant\/router\/[^/]+\/stream$/.test(response.url()));
    await page.goto(`${origin}/`);
    const chatId = new URL(page.url()).searchParams.get('chat');
    expect(chatId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    // resume: true asks for a reply in progress on every load; for a chat not started yet there is none.
    const response = await resumed;
    expect(response.url()).toBe(`${origin}/api/assistant/router/${chatId}/stream`);
    expect(response.status()).toBe(204);
    return chatId!;
  }

  async function send(text: string): Promise<void> {
    await page.getByLabel('Message').fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
  }

  const replies = () => page.getByRole('article', { name: 'assistant said' });
  /** Once the reply has shown its first words. */
  const replyStarted = () => visible(replies().last().locator('p', { hasText: /\S/ }));
  /** The chat is ready for the next message: no reply is being generated or followed. */
  const ready = () => visible(page.locator('button:enabled', { hasText: 'Send' }));

  async function history(chatId: string): Promise<{ messages: UIMessage[]; conversation: { id: string } }> {
    return (await api(app, user).get('/api/assistant/history').query({ id: chatId }).expect(200)).body;
  }

  /** The chat's stored messages once there are at least `count`: a reply is stored as it ends. */
  function storedMessages(chatId: string, count: number): Promise<UIMessage[]> {
    return waitFor(async () => {
      const { messages } = await history(chatId);
      return messages.length >= count && messages;
    }, `${count} stored messages`);
  }

  it('loads a new chat with no messages and no errors: resume answers 204', async () => {
    await openNewChat();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('article').count()).toBe(0);
  });

  it('sends a message and shows the streamed reply and an asset; the conversation is stored under the chat id', async () => {
    const chatId = await openNewChat();
    await send('What can you do?');
    await visible(replies().getByText('You wrote: "What can you do?"'));
    await ready();

    const stored = await storedMessages(chatId, 2);
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(textOfMessage(stored[0])).toBe('What can you do?');
    expect(textOfMessage(stored[1])).toBe(await replies().locator('p').textContent());
    const { conversation } = await history(chatId);
    const listed = (await api(app, user).get('/api/assistant/conversations').expect(200)).body;
    // Its title is the model's, written after the reply (message-actions.e2e-spec.ts): the id is what is checked here.
    expect(listed.map((entry: { id: string }) => entry.id)).toContain(conversation.id);

    // A tool's asset arrives as a data-asset part, in the same conversation.
    await send('Make an image of a lighthouse at sunset');
    await visible(replies().nth(1).getByText(/^Asset: .+ \(image\)$/));
    await ready();
    expect((await storedMessages(chatId, 4)).map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    await page.screenshot({ path: join(SCREENSHOTS, 'stock-use-chat.png'), fullPage: true });
  });

  it('picks a reply up after a reload mid-reply, and it is stored once', async () => {
    const chatId = await openNewChat();
    await send(LONG_QUESTION);
    await replyStarted();
    const resumed = page.waitForResponse(`${origin}/api/assistant/router/${chatId}/stream`);
    await page.reload();
    // The reply was still being generated: the resumed stream carries it.
    const resumedReply = await resumed;
    expect(resumedReply.status()).toBe(200);
    expect(resumedReply.headers()['content-type']).toMatch(/^text\/event-stream/);
    await visible(replies().getByText(`You wrote: "${LONG_QUESTION}"`));
    await ready();
    // The question came back from the stored history, the reply from the resumed stream.
    expect(await page.getByRole('article', { name: 'user said' }).textContent()).toContain(LONG_QUESTION);
    expect(await replies().count()).toBe(1);

    const stored = await storedMessages(chatId, 2);
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(textOfMessage(stored[1])).toBe(await replies().locator('p').textContent());
  });

  it('regenerates the last reply: it is replaced, in storage too', async () => {
    const chatId = await openNewChat();
    await send('What can you do?');
    await visible(replies().getByText('You wrote: "What can you do?"'));
    await ready();
    const [question, first] = await storedMessages(chatId, 2);

    const regenerated = page.waitForResponse((response) => response.request().method() === 'POST' && response.url() === `${origin}/api/assistant/router`);
    await page.getByRole('button', { name: 'Regenerate' }).click();
    const response = await regenerated;
    expect(response.request().postDataJSON()).toMatchObject({ id: chatId, trigger: 'regenerate-message' });
    await response.finished();
    await ready();
    await visible(replies().getByText('You wrote: "What can you do?"'));
    expect(await replies().count()).toBe(1);

    // The new reply is stored in place of the first one (a new message id), and nothing else.
    const stored = await waitFor(async () => {
      const { messages } = await history(chatId);
      return messages.at(-1)?.id !== first.id && messages;
    }, 'the regenerated reply stored');
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(stored[0].id).toBe(question.id);
    expect(stored[1].id).not.toBe(first.id);
    expect(textOfMessage(stored[1])).toBe(await replies().locator('p').textContent());
  });

  it('stops a reply mid-way: the server stops too, and keeps the partial reply marked stopped', async () => {
    const chatId = await openNewChat();
    await send(LONG_QUESTION);
    await replyStarted();
    const stopped = page.waitForResponse(`${origin}/api/assistant/conversations/${chatId}/stop`);
    await page.getByRole('button', { name: 'Stop' }).click();
    expect((await stopped).status()).toBe(200);
    await ready();

    const stored = await storedMessages(chatId, 2);
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(stored[1].metadata).toMatchObject({ stopped: true });
    expect(textOfMessage(stored[1])).not.toContain('You wrote:');
    // Nothing is being generated any more, and the page shows the reply as far as it got.
    await api(app, user).get(`/api/assistant/router/${chatId}/stream`).expect(204);
    expect(await replies().textContent()).not.toContain('You wrote:');
  });
});

/**
 * A team's own frontend server: the built page, and /api proxied to the service with the
 * browser's headers as they are (Host, Origin, Cookie), responses streamed through.
 */
function serveFrontend(pageDir: string, apiPort: number): Server {
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://frontend');
    if (url.pathname.startsWith('/api/')) {
      const upstream = forward({ host: '127.0.0.1', port: apiPort, method: request.method, path: request.url, headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on('error', () => response.destroy());
      // The browser went away (a reload, an aborted fetch): so does the request to the service.
      response.on('close', () => upstream.destroy());
      request.pipe(upstream);
      return;
    }
    const file = url.pathname === '/' ? 'index.html' : normalize(url.pathname).replace(/^(\.\.[/\\])+/, '');
    const path = join(pageDir, file);
    if (!existsSync(path)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
  });
}

/** Waits for the element to show: the page updates on its own as replies stream. */
function visible(locator: Locator): Promise<void> {
  return locator.waitFor({ state: 'visible', timeout: 30_000 });
}
