import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { pino } from 'pino';
import { REPLY_NOT_SAVED } from '../../../src/assistant/chat-stream.service.js';
import { ConversationsService } from '../../../src/conversations/conversations.service.js';
import { AppLogger } from '../../../src/logging/app-logger.js';
import { api } from '../../helpers/api.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { type ParsedUIStream, readUIStream } from '../../helpers/read-ui-stream.js';
import { TcpProxy } from '../../helpers/tcp-proxy.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** Short timeouts, and a short bound on storing a finished reply, so that the test's outages outlast it. */
const ENV = {
  DATABASE_CONNECT_TIMEOUT_MS: '1000',
  DATABASE_STATEMENT_TIMEOUT_MS: '2000',
  DATABASE_QUERY_TIMEOUT_MS: '3000',
  REPLY_STORE_RETRY_SECONDS: '3',
  OFFLINE_MODEL_CHUNK_DELAY_MS: '5',
  RATE_LIMIT_FREE: '1000',
};

/** What the reply's store sends the database, and nothing else does: a user's turn stores only user messages. */
const REPLY_STATEMENT = '"role":"assistant"';

interface LogLine {
  level: number;
  msg?: string;
}

/** A reply as its client saw it, and whether the database held it at the moment its finish arrived. */
interface Followed extends ParsedUIStream {
  raw: string;
  storedWhenFinished: boolean;
}

/**
 * "Nothing shown is lost" (#29): the database fails exactly as a reply ends. The reply's end reaches
 * the client only once it is stored, exactly once, or after an error part saying it was not.
 */
describe('a reply shown is a reply stored', () => {
  let proxy: TcpProxy;
  let app: INestApplication;
  let base: string;
  let user: TestUser;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    const databaseUrl = process.env.DATABASE_URL ?? '';
    proxy = await TcpProxy.start(databaseUrl);
    app = await createTestApp({ env: { DATABASE_URL: proxy.url(databaseUrl), ...ENV } });
    await resetDatabase(app);
    // Logs are read from after the reset, whose TRUNCATE may deadlock with the app's pollers (see input-refusals-are-warnings).
    app.useLogger(new AppLogger(pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) })));
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    user = await signUp(app);
  });

  afterEach(async () => {
    await proxy.resume();
    await waitFor(async () => (await api(app).get('/api/health').timeout(5000)).status === 200, 'the database to be back', 20_000);
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    Logger.overrideLogger(new Logger());
  });

  const storedMessages = (conversationId: string): Promise<UIMessage[]> => app.get(ConversationsService).messagesOf(conversationId);

  /** Asks a question over a real connection; follows the reply to its end, noting whether it was stored when its finish came. */
  async function ask(text: string): Promise<{ conversationId: string; received: () => string; followed: Promise<Followed> }> {
    const response = await fetch(`${base}/api/assistant/router`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ messages: [userMessage(text)], agentId: 'general' }),
    });
    expect(response.status).toBe(200);
    const conversationId = response.headers.get('x-conversation-id')!;
    let raw = '';
    const followed = (async () => {
      const decoder = new TextDecoder();
      let storedWhenFinished = false;
      for await (const bytes of response.body!) {
        const before = raw;
        raw += decoder.decode(bytes, { stream: true });
        // Reading pauses here, so nothing the server does after sending the finish counts.
        if (!before.includes('"type":"finish"') && raw.includes('"type":"finish"')) {
          storedWhenFinished = (await storedMessages(conversationId).catch(() => [])).some((message) => message.role === 'assistant');
        }
      }
      return { ...(await readUIStream(raw)), raw, storedWhenFinished };
    })();
    return { conversationId, received: () => raw, followed };
  }

  /** Waits until the service says it could not store a reply yet and will retry. */
  const retrying = (since: number) =>
    waitFor(() => Promise.resolve(lines.slice(since).some((line) => /^Could not store the reply of conversation .* yet/.test(line.msg ?? ''))), 'the store to be retried');

  it('the database goes down as the reply is stored and comes back: the reply is stored, once, before the client sees its end', async () => {
    const since = lines.length;
    const cut = proxy.cutAt(REPLY_STATEMENT, 'before');
    const { conversationId, received, followed } = await ask('Tell me about outages');
    await cut;
    await retrying(since);
    // The whole text has streamed, but not the end: it waits for the reply to be stored.
    expect(received()).toContain('"type":"text-delta"');
    expect(received()).not.toContain('"type":"finish"');
    expect(received()).not.toContain('[DONE]');

    await proxy.resume();
    const reply = await followed;
    expect(reply.storedWhenFinished).toBe(true);
    expect(reply.raw.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(reply.chunks.filter((chunk) => chunk.type === 'error')).toEqual([]);
    const stored = await storedMessages(conversationId);
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(stored[1].id).toBe(reply.message.id);
    expect(textOfMessage(stored[1])).toBe(textOfMessage(reply.message));
    expect(textOfMessage(stored[1])).toContain('You wrote: "Tell me about outages"');
  });

  it('the store commits but its answer is lost with the connection: the retry stores nothing twice', async () => {
    const since = lines.length;
    const cut = proxy.cutAt(REPLY_STATEMENT, 'after-answer');
    const { conversationId, followed } = await ask('Was that stored or not?');
    await cut;
    await retrying(since);

    await proxy.resume();
    const reply = await followed;
    expect(reply.storedWhenFinished).toBe(true);
    expect(reply.chunks.filter((chunk) => chunk.type === 'error')).toEqual([]);
    const stored = await storedMessages(conversationId);
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(textOfMessage(stored[1])).toBe(textOfMessage(reply.message));
  });

  it('the database stays down past the bound: the client is told the reply was not saved, before its end', async () => {
    const cut = proxy.cutAt(REPLY_STATEMENT, 'before');
    const { conversationId, followed } = await ask('Will this be kept?');
    await cut;
    const reply = await followed;

    const types = reply.chunks.map((chunk) => chunk.type);
    const error = types.indexOf('error');
    expect(reply.chunks[error]).toEqual({ type: 'error', errorText: REPLY_NOT_SAVED });
    expect(error).toBeGreaterThan(types.indexOf('text-delta'));
    expect(types.slice(error + 1)).toEqual(['finish']);
    expect(reply.raw.trimEnd().endsWith('data: [DONE]')).toBe(true);

    // And it is as the client was told: not in the history.
    await proxy.resume();
    await waitFor(async () => (await api(app).get('/api/health').timeout(5000)).status === 200, 'the database to be back', 20_000);
    expect((await storedMessages(conversationId)).map((message) => message.role)).toEqual(['user']);
  });
});
