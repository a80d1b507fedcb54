import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import type { UIMessage, UIMessageChunk } from 'ai';
import { DataSource } from 'typeorm';
import { ConversationsService } from '../../../src/conversations/conversations.service.js';
import { RedisLiveStreamStore } from '../../../src/live/redis-live-stream.store.js';
import { redisConnector } from '../../../src/redis/redis-connection.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { readUIStream } from '../../helpers/read-ui-stream.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** Sign-ups per address roomy: on Redis that count is shared with every other test run on this machine. */
const SLOW = { OFFLINE_MODEL_CHUNK_DELAY_MS: '25', RATE_LIMIT_FREE: '1000', LOGIN_RATE_LIMIT_PER_IP: '1000' };
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LONG_QUESTION = 'Please walk me through everything you can do for a small marketing team';

async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}

function post(base: string, user: TestUser, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(`${base}/api/assistant/router`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body: JSON.stringify(body),
    signal,
  });
}

function resume(base: string, user: TestUser, conversationId: string): Promise<Response> {
  return fetch(`${base}/api/assistant/router/${conversationId}/stream`, { headers: { authorization: `Bearer ${user.token}` } });
}

/** Reads a response's first bytes, then drops the connection, as a reloading page does. */
async function readABitAndLeave(response: Response, controller: AbortController): Promise<void> {
  const reader = response.body!.getReader();
  await reader.read();
  await reader.read();
  controller.abort();
}

/** Follows a reply to its end, resolving `texting` once its first text has streamed. */
function followUntilText(response: Response): { texting: Promise<void>; follower: ReturnType<typeof readUIStream> } {
  let textStreamed!: () => void;
  const texting = new Promise<void>((resolve) => (textStreamed = resolve));
  const follower = (async () => {
    const decoder = new TextDecoder();
    let raw = '';
    for await (const bytes of response.body!) {
      raw += decoder.decode(bytes, { stream: true });
      if (raw.includes('"type":"text-delta"')) textStreamed();
    }
    textStreamed();
    return readUIStream(raw);
  })();
  return { texting, follower };
}

async function storedReply(app: INestApplication, conversationId: string): Promise<UIMessage> {
  return waitFor(async () => {
    const messages = await app.get(ConversationsService).messagesOf(conversationId);
    return messages.find((message) => message.role === 'assistant');
  }, 'the stored reply');
}

describe('live replies on one instance', () => {
  let app: INestApplication;
  let base: string;
  let user: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: SLOW });
    await resetDatabase(app);
    base = await listen(app);
    user = await signUp(app);
  });
  afterAll(() => app.close());

  it('a client that drops mid-reply resumes, and the resumed stream rebuilds exactly the stored message', async () => {
    const controller = new AbortController();
    const first = await post(base, user, { messages: [userMessage(LONG_QUESTION)] }, controller.signal);
    const conversationId = first.headers.get('x-conversation-id')!;
    await readABitAndLeave(first, controller);

    const resumed = await resume(base, user, conversationId);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { message, chunks } = await readUIStream(resumed.body!);
    expect(chunks[0]).toMatchObject({ type: 'start' });
    expect(textOfMessage(message)).toContain(`You wrote: "${LONG_QUESTION}"`);

    const stored = await storedReply(app, conversationId);
    expect(message).toEqual(stored);
    expect((await resume(base, user, conversationId)).status).toBe(204);
  });

  it('lets two followers read one reply at once', async () => {
    const response = await post(base, user, { messages: [userMessage(LONG_QUESTION)] });
    const conversationId = response.headers.get('x-conversation-id')!;
    const second = await resume(base, user, conversationId);
    const [a, b] = await Promise.all([readUIStream(response.body!), readUIStream(second.body!)]);
    expect(a.message).toEqual(b.message);
    expect(b.message).toEqual(await storedReply(app, conversationId));
  });

  it('stops a reply: the partial message is stored marked stopped, followers end, and the next message works', async () => {
    const response = await post(base, user, { messages: [userMessage(LONG_QUESTION)] });
    const conversationId = response.headers.get('x-conversation-id')!;
    const { texting, follower } = followUntilText(response);
    await texting;

    const stopped = await api(app, user).post(`/api/assistant/conversations/${conversationId}/stop`).expect(200);
    expect(stopped.body).toEqual({ conversationId, stopped: true });
    const { message } = await follower;
    const stored = await storedReply(app, conversationId);
    expect(stored.metadata).toMatchObject({ stopped: true });
    expect(textOfMessage(stored).length).toBeGreaterThan(0);
    expect(textOfMessage(stored)).not.toContain('You wrote');
    expect(textOfMessage(message)).toBe(textOfMessage(stored));

    expectError(await api(app, user).post(`/api/assistant/conversations/${conversationId}/stop`), 409, 'No reply is being generated in this conversation');
    const history = (await api(app, user).get(`/api/assistant/history?id=${conversationId}`).expect(200)).body.messages as UIMessage[];
    const next = await post(base, user, { messages: [...history, userMessage('Thanks, short version please')], conversationId });
    expect(next.status).toBe(200);
    await readUIStream(next.body!);
  });

  it('deletes a conversation whose reply is being generated: the reply is stopped first, not left running for nobody', async () => {
    const response = await post(base, user, { messages: [userMessage(LONG_QUESTION)] });
    const conversationId = response.headers.get('x-conversation-id')!;
    const { texting, follower } = followUntilText(response);
    await texting;

    expect((await api(app, user).delete(`/api/assistant/conversations?id=${conversationId}`).expect(200)).body).toEqual({ success: true });
    const { message } = await follower;
    // Cut short: it did not run on to the end (whose storing then failed on the deleted conversation).
    expect(textOfMessage(message)).not.toContain('You wrote');
    const [{ count }] = await app.get(DataSource).query<{ count: number }[]>('SELECT count(*)::int AS count FROM messages WHERE conversation_id = $1', [conversationId]);
    expect(count).toBe(0);
    expectError(await api(app, user).get(`/api/assistant/history?id=${conversationId}`), 404, 'Conversation not found');
  });

  it('answers 409 to a new message while a reply is still being generated', async () => {
    const response = await post(base, user, { messages: [userMessage(LONG_QUESTION)] });
    const conversationId = response.headers.get('x-conversation-id')!;
    const busy = await api(app, user).post('/api/assistant/router').send({ messages: [userMessage('me too')], conversationId });
    expectError(busy, 409, 'A reply is already being generated in this conversation');
    // Another team learns nothing, not even that a reply is under way.
    const stranger = await signUp(app);
    expectError(await api(app, stranger).post('/api/assistant/router').send({ messages: [userMessage('me too')], conversationId }), 404, 'Conversation not found');
    await readUIStream(response.body!);
  });

  it('answers 204 when idle and for ids the team has no conversation under; stop answers 404 for those; 401 without a session', async () => {
    const other = await signUp(app);
    const response = await post(base, user, { messages: [userMessage('Hi')] });
    const conversationId = response.headers.get('x-conversation-id')!;
    await readUIStream(response.body!);
    expect((await resume(base, user, conversationId)).status).toBe(204);
    // A chat client resumes on every page load, before its first message has made the conversation.
    expect((await api(app, other).get(`/api/assistant/router/${conversationId}/stream`)).status).toBe(204);
    expect((await api(app, user).get('/api/assistant/router/6f9619ff-8b86-4d11-b42d-00c04fc964ff/stream')).status).toBe(204);
    expect((await api(app, user).get('/api/assistant/router/nope/stream')).status).toBe(204);
    expectError(await api(app, other).post(`/api/assistant/conversations/${conversationId}/stop`), 404, 'Conversation not found');
    expectError(await api(app, user).post('/api/assistant/conversations/nope/stop'), 404, 'Conversation not found');
    expectError(await api(app, user).get('/api/assistant/router/no%20pe/stream'), 400);
    expectError(await api(app, user).get(`/api/assistant/router/${'x'.repeat(65)}/stream`), 400);
    expectError(await api(app).get(`/api/assistant/router/${conversationId}/stream`), 401);
    expectError(await api(app).post(`/api/assistant/conversations/${conversationId}/stop`), 401);
  });
});

describe('live replies across instances (Redis)', () => {
  let first: INestApplication;
  let second: INestApplication;
  let firstBase: string;
  let secondBase: string;

  beforeAll(async () => {
    const env = { ...SLOW, REDIS_URL };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
    await resetDatabase(first);
    [firstBase, secondBase] = [await listen(first), await listen(second)];
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('resumes on another instance than the one generating', async () => {
    const user = await signUp(first);
    const controller = new AbortController();
    const response = await post(firstBase, user, { messages: [userMessage(LONG_QUESTION)] }, controller.signal);
    const conversationId = response.headers.get('x-conversation-id')!;
    await readABitAndLeave(response, controller);

    const resumed = await resume(secondBase, user, conversationId);
    expect(resumed.status).toBe(200);
    const { message } = await readUIStream(resumed.body!);
    expect(message).toEqual(await storedReply(first, conversationId));
  });

  it('answers a stop with 409 on either instance when no reply is being generated', async () => {
    const user = await signUp(first);
    const response = await post(firstBase, user, { messages: [userMessage('Hi')] });
    const conversationId = response.headers.get('x-conversation-id')!;
    await readUIStream(response.body!);
    for (const app of [first, second]) {
      expectError(await api(app, user).post(`/api/assistant/conversations/${conversationId}/stop`), 409, 'No reply is being generated in this conversation');
    }
  });

  it('stops from another instance', async () => {
    const user = await signUp(first);
    const response = await post(firstBase, user, { messages: [userMessage(LONG_QUESTION)] });
    const conversationId = response.headers.get('x-conversation-id')!;
    const { texting, follower } = followUntilText(response);
    await texting;
    await api(second, user).post(`/api/assistant/conversations/${conversationId}/stop`).expect(200);
    await follower;
    expect((await storedReply(first, conversationId)).metadata).toMatchObject({ stopped: true });
  });

  describe('a reply whose generating instance is gone', () => {
    const redisUrl = REDIS_URL;
    const producers: RedisLiveStreamStore[] = [];
    afterAll(() => Promise.all(producers.map((producer) => producer.onApplicationShutdown())));

    /**
     * What an instance killed mid-reply leaves in Redis: a claimed stream with part of a reply, and
     * no one to renew the claim, end the stream or hear a stop. Stands in for that instance with a
     * store of its own (its claim lapses after `claimTtlMs`), shut down without ending anything.
     */
    async function deadReply(app: INestApplication, user: TestUser, claimTtlMs: number) {
      const conversations = app.get(ConversationsService);
      const conversation = await conversations.create(user.teamId, { userId: user.userId, title: 'Half a reply' });
      await conversations.saveMessages(conversation.id, [userMessage('Tell me a story')]);
      const producer = new RedisLiveStreamStore(redisConnector(redisUrl), 60, { claimTtlMs });
      producers.push(producer);
      const streamId = `chat:${conversation.id}:${randomUUID()}`;
      const unsubscribe = await producer.onStopRequest(streamId, () => undefined);
      expect(await producer.claim(conversation.id, streamId)).toBe(true);
      const messageId = randomUUID();
      const chunks: UIMessageChunk[] = [
        { type: 'start', messageId, messageMetadata: { agentId: 'general', modelId: 'offline', conversationId: conversation.id } },
        { type: 'text-start', id: 'text-1' },
        { type: 'text-delta', id: 'text-1', delta: 'Once upon ' },
        { type: 'text-delta', id: 'text-1', delta: 'a time' },
      ];
      for (const chunk of chunks) await producer.append(streamId, JSON.stringify(chunk));
      return {
        conversationId: conversation.id,
        messageId,
        die: async () => {
          await unsubscribe();
          await producer.onApplicationShutdown();
        },
      };
    }

    async function assistantReplies(app: INestApplication, conversationId: string): Promise<UIMessage[]> {
      return (await app.get(ConversationsService).messagesOf(conversationId)).filter((message) => message.role === 'assistant');
    }

    it('ends every follower cleanly once its claim lapses, stores the partial reply once as stopped, and frees the conversation', async () => {
      const user = await signUp(first);
      const dead = await deadReply(first, user, 1000);
      const followers = await Promise.all([resume(firstBase, user, dead.conversationId), resume(secondBase, user, dead.conversationId), resume(secondBase, user, dead.conversationId)]);
      expect(followers.map((response) => response.status)).toEqual([200, 200, 200]);
      const bodies = Promise.all(followers.map((response) => response.text()));
      await dead.die();

      const ended = await Promise.race([bodies, new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000).unref())]);
      expect(ended).not.toBeNull();
      for (const body of ended!) {
        expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
        expect(textOfMessage((await readUIStream(body)).message)).toBe('Once upon a time');
      }
      const replies = await assistantReplies(first, dead.conversationId);
      expect(replies).toHaveLength(1);
      expect(replies[0]).toMatchObject({ id: dead.messageId, metadata: { stopped: true, agentId: 'general', conversationId: dead.conversationId } });
      expect(textOfMessage(replies[0])).toBe('Once upon a time');

      expect((await resume(secondBase, user, dead.conversationId)).status).toBe(204);
      expectError(await api(second, user).post(`/api/assistant/conversations/${dead.conversationId}/stop`), 409, 'No reply is being generated in this conversation');
      const history = await first.get(ConversationsService).messagesOf(dead.conversationId);
      const next = await post(secondBase, user, { conversationId: dead.conversationId, messages: [...history, userMessage('And then?')] });
      expect(next.status).toBe(200);
      await readUIStream(next.body!);
      expect((await first.get(ConversationsService).messagesOf(dead.conversationId)).map((message) => message.role)).toEqual([
        'user',
        'assistant',
        'user',
        'assistant',
      ]);
    }, 20_000);

    it('answers a stop with 409 when no instance hears it, storing the partial reply as stopped and freeing the conversation at once', async () => {
      const user = await signUp(first);
      // A claim that would hold for a minute: nothing but the stop may free it in this test's time.
      const dead = await deadReply(first, user, 60_000);
      await dead.die();

      const started = Date.now();
      const stop = await api(second, user).post(`/api/assistant/conversations/${dead.conversationId}/stop`);
      expectError(stop, 409, 'The reply was no longer being generated (its server stopped); it is kept as far as it got');
      expect(Date.now() - started).toBeLessThan(5_000);
      const replies = await assistantReplies(first, dead.conversationId);
      expect(replies).toHaveLength(1);
      expect(replies[0]).toMatchObject({ id: dead.messageId, metadata: { stopped: true } });
      expect(textOfMessage(replies[0])).toBe('Once upon a time');

      expect((await resume(firstBase, user, dead.conversationId)).status).toBe(204);
      const history = await first.get(ConversationsService).messagesOf(dead.conversationId);
      const next = await post(firstBase, user, { conversationId: dead.conversationId, messages: [...history, userMessage('And then?')] });
      expect(next.status).toBe(200);
      await readUIStream(next.body!);
    }, 20_000);
  });
});
