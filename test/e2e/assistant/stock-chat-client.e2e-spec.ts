import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { DefaultChatTransport, generateId, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import type { ConversationResponse, HistoryResponse } from '../../../src/conversations/conversations.response.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { textOfMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/**
 * The router driven by the AI SDK's own `DefaultChatTransport`, uncustomised, as `useChat` drives
 * it: the chat id is the client's (`generateId()`), and replies are read with the SDK's
 * `readUIMessageStream`. No hand-written request bodies or SSE parsing.
 */
const SLOW = { OFFLINE_MODEL_CHUNK_DELAY_MS: '25', RATE_LIMIT_FREE: '1000' };
const LONG_QUESTION = 'Please walk me through everything you can do for a small marketing team';

function say(text: string): UIMessage {
  return { id: generateId(), role: 'user', parts: [{ type: 'text', text }] };
}

/** The message a `useChat` client shows once the stream has ended. */
async function finalMessage(stream: ReadableStream<UIMessageChunk>): Promise<UIMessage> {
  let message: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream({ stream })) message = snapshot;
  if (!message) throw new Error('the stream held no message');
  return message;
}

describe('the router with a stock AI SDK chat client', () => {
  let app: INestApplication;
  let base: string;
  let user: TestUser;
  let transport: DefaultChatTransport<UIMessage>;

  const transportFor = (caller: TestUser) =>
    new DefaultChatTransport<UIMessage>({ api: `${base}/api/assistant/router`, headers: { authorization: `Bearer ${caller.token}` } });
  const history = async (caller: TestUser, id: string) => (await api(app, caller).get(`/api/assistant/history?id=${id}`).expect(200)).body as HistoryResponse;
  const conversations = async (caller: TestUser) => (await api(app, caller).get('/api/assistant/conversations').expect(200)).body as ConversationResponse[];
  const submit = (chatId: string, messages: UIMessage[], via = transport, abortSignal?: AbortSignal) =>
    via.sendMessages({ chatId, messages, trigger: 'submit-message', messageId: undefined, abortSignal });

  beforeAll(async () => {
    app = await createTestApp({ env: SLOW });
    await resetDatabase(app);
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    user = await signUp(app);
    transport = transportFor(user);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('starts a conversation under the chat id the client made, and keeps it there for the next message', async () => {
    const chatId = generateId();
    const question = say('Hello there');
    const reply = await finalMessage(await submit(chatId, [question]));
    expect(reply.role).toBe('assistant');
    expect(textOfMessage(reply).length).toBeGreaterThan(0);

    const first = await history(user, chatId);
    // The client's copy of the reply has the id it is stored under: a later regenerate can name it.
    expect(first.messages.map((message) => [message.role, message.id])).toEqual([
      ['user', question.id],
      ['assistant', reply.id],
    ]);

    const followUp = say('And one more thing');
    await finalMessage(await submit(chatId, [question, reply, followUp]));
    const second = await history(user, chatId);
    expect(second.conversation.id).toBe(first.conversation.id);
    expect(second.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect((await conversations(user)).filter((conversation) => conversation.id === first.conversation.id)).toHaveLength(1);
  });

  it('resumes a reply mid-stream by the chat id after the client drops, and the resumed message is the stored one', async () => {
    expect(await transport.reconnectToStream({ chatId: generateId() })).toBeNull();

    const chatId = generateId();
    const leaving = new AbortController();
    const first = await submit(chatId, [say(LONG_QUESTION)], transport, leaving.signal);
    const reader = first.getReader();
    await reader.read();
    await reader.read();
    leaving.abort();

    const resumed = await transport.reconnectToStream({ chatId });
    expect(resumed).not.toBeNull();
    const message = await finalMessage(resumed!);
    expect(textOfMessage(message).length).toBeGreaterThan(100);
    const stored = await waitFor(async () => (await history(user, chatId)).messages.find((entry) => entry.role === 'assistant'), 'the stored reply');
    expect(stored.id).toBe(message.id);
    expect(textOfMessage(stored)).toBe(textOfMessage(message));
    // Nothing is being generated any more.
    expect(await transport.reconnectToStream({ chatId })).toBeNull();
  });

  it('stops a reply by the chat id: the stream ends and the partial reply is stored marked stopped', async () => {
    const chatId = generateId();
    const stream = await submit(chatId, [say(LONG_QUESTION)]);
    const reading = finalMessage(stream);
    const stop = await api(app, user).post(`/api/assistant/conversations/${chatId}/stop`).expect(200);
    const { conversation, messages } = await history(user, chatId);
    expect(stop.body).toEqual({ conversationId: conversation.id, stopped: true });
    const shown = await reading;
    const stored = messages.find((message) => message.role === 'assistant');
    expect(stored?.metadata).toMatchObject({ stopped: true });
    expect(textOfMessage(shown).startsWith(textOfMessage(stored!))).toBe(true);
  });

  it('regenerates the last reply: the new one takes the old one\'s place in the history, named by messageId or not', async () => {
    const chatId = generateId();
    const question = say('Write an Instagram post about our new bakery opening');
    const original = await finalMessage(await submit(chatId, [question]));

    // What useChat's regenerate() posts: the history up to the user message, and the reply it replaces.
    const again = await finalMessage(await transport.sendMessages({ chatId, messages: [question], trigger: 'regenerate-message', messageId: original.id, abortSignal: undefined }));
    expect(again.id).not.toBe(original.id);
    let stored = (await history(user, chatId)).messages;
    expect(stored.map((message) => [message.role, message.id])).toEqual([
      ['user', question.id],
      ['assistant', again.id],
    ]);

    // regenerate() with no messageId: the last reply again.
    const third = await finalMessage(await transport.sendMessages({ chatId, messages: [question], trigger: 'regenerate-message', messageId: undefined, abortSignal: undefined }));
    stored = (await history(user, chatId)).messages;
    expect(stored.map((message) => message.id)).toEqual([question.id, third.id]);
  });

  it('regenerates an earlier reply: what followed it leaves the history shown too', async () => {
    const chatId = generateId();
    const first = say('Hello');
    const firstReply = await finalMessage(await submit(chatId, [first]));
    const second = say('Tell me about legal reviews');
    await finalMessage(await submit(chatId, [first, firstReply, second]));

    const again = await finalMessage(await transport.sendMessages({ chatId, messages: [first], trigger: 'regenerate-message', messageId: firstReply.id, abortSignal: undefined }));
    expect((await history(user, chatId)).messages.map((message) => message.id)).toEqual([first.id, again.id]);
  });

  it('refuses a regenerate that does not fit the conversation, changing nothing', async () => {
    const chatId = generateId();
    const question = say('Hello');
    const reply = await finalMessage(await submit(chatId, [question]));
    const before = (await history(user, chatId)).messages;
    const regenerate = (body: object) => api(app, user).post('/api/assistant/router').send({ id: chatId, trigger: 'regenerate-message', ...body });

    expectError(await regenerate({ messages: [question], messageId: 'not-in-this-chat' }), 400, /^messageId: /);
    expectError(await regenerate({ messages: [say('A message never sent')], messageId: reply.id }), 400, /^regenerate-message: /);
    expectError(await api(app, user).post('/api/assistant/router').send({ id: generateId(), trigger: 'regenerate-message', messages: [question] }), 404, 'Conversation not found');
    expect((await history(user, chatId)).messages).toEqual(before);
  });

  it("keeps teams apart: another team's chat id is a new conversation of this team, and never reaches the other's", async () => {
    const chatId = generateId();
    await finalMessage(await submit(chatId, [say('Our secret launch plan')]));
    // Once its title is written after the first reply, nothing changes it here.
    const mine = await waitFor(async () => {
      const read = await history(user, chatId);
      return read.conversation.title === 'Secret launch plan' && read;
    }, 'the generated title');

    const stranger = await signUp(app);
    const theirs = transportFor(stranger);
    expect(await theirs.reconnectToStream({ chatId })).toBeNull();
    expectError(await api(app, stranger).post(`/api/assistant/conversations/${chatId}/stop`), 404, 'Conversation not found');
    expectError(await api(app, stranger).get(`/api/assistant/history?id=${mine.conversation.id}`), 404, 'Conversation not found');

    await finalMessage(await submit(chatId, [say('Something else entirely')], theirs));
    const strangers = await history(stranger, chatId);
    expect(strangers.conversation.id).not.toBe(mine.conversation.id);
    expect(strangers.messages.map(textOfMessage).join(' ')).not.toContain('secret');
    expect(await history(user, chatId)).toEqual(mine);

    // Naming the other team's conversation by its service id, as a chat id, starts one of this team's too.
    await finalMessage(await submit(mine.conversation.id, [say('Guessing an id')], theirs));
    expect((await history(user, chatId)).messages).toEqual(mine.messages);
    expect((await history(stranger, mine.conversation.id)).conversation.id).not.toBe(mine.conversation.id);
  });

  it('deletes a conversation by its chat id', async () => {
    const chatId = generateId();
    await finalMessage(await submit(chatId, [say('Hello')]));
    await api(app, user).delete(`/api/assistant/conversations?id=${chatId}`).expect(200, { success: true });
    expectError(await api(app, user).get(`/api/assistant/history?id=${chatId}`), 404, 'Conversation not found');
  });

  it('answers one of two first messages racing under the same new chat id, and 409 to the other', async () => {
    const chatId = generateId();
    const send = () => api(app, user).post('/api/assistant/router').send({ id: chatId, messages: [say(LONG_QUESTION)], trigger: 'submit-message' });
    const statuses = (await Promise.all([send(), send()])).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409]);
    await waitFor(async () => ((await history(user, chatId)).messages.some((message) => message.role === 'assistant') ? true : undefined), 'the reply');
    expect((await history(user, chatId)).messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  it.each([
    [{ id: 'has spaces' }, /^id must be a chat id/],
    [{ id: 'x'.repeat(65) }, /^id must be a chat id/],
    [{ id: 42 }, /^id must be a chat id/],
    [{ trigger: 'resume-stream' }, /^trigger must be one of: submit-message, regenerate-message$/],
    [{ id: generateId(), conversationId: '6f9619ff-8b86-4d11-b42d-00c04fc964ff' }, 'id and conversationId name different conversations; send one of them'],
    [{ messageId: 'x'.repeat(201) }, /^messageId must be shorter than or equal to 200 characters$/],
    // An edit (useChat's messageId with a submit) names the last message, one the conversation holds.
    [{ messageId: 'some-message' }, 'messageId: an edited message is sent as the last message, under its own id'],
    [{ chatId: 'abc' }, /property chatId should not exist$/],
  ])('answers 400 for %j and stores nothing', async (extra, message) => {
    const before = await conversations(user);
    const response = await api(app, user).post('/api/assistant/router').send({ id: generateId(), messages: [say('Hi')], trigger: 'submit-message', ...extra });
    expectError(response, 400, typeof message === 'string' ? message : [message]);
    expect(await conversations(user)).toEqual(before);
  });

  it('accepts id and conversationId together when they name the same conversation', async () => {
    const chatId = generateId();
    await finalMessage(await submit(chatId, [say('Hello')]));
    const { conversation } = await history(user, chatId);
    const both = await api(app, user).post('/api/assistant/router').send({ id: conversation.id, conversationId: conversation.id, messages: [say('Again')] });
    expect(both.status).toBe(200);
    expect(both.headers['x-conversation-id']).toBe(conversation.id);
  });
});
