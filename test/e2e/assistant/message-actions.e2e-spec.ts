import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { DefaultChatTransport, generateId, readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { DataSource } from 'typeorm';
import type { BranchesResponse } from '../../../src/conversations/branches.response.js';
import type { ConversationResponse, HistoryResponse } from '../../../src/conversations/conversations.response.js';
import type { FeedbackReportResponse, MessageFeedbackResponse } from '../../../src/conversations/feedback.response.js';
import type { SearchHitResponse } from '../../../src/conversations/search.response.js';
import { api } from '../../helpers/api.js';
import { titlesSettled } from '../../helpers/chat.js';
import { UsageLedger } from '../../../src/usage/usage-ledger.service.js';
import { expectError } from '../../helpers/expect-error.js';
import { joinTeam } from '../../helpers/teams.js';
import { textOfMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/**
 * Message actions through the router and the conversation routes, driven as `useChat` drives them
 * (the AI SDK's DefaultChatTransport): regenerate keeps earlier replies as versions, an edit
 * branches the conversation, each version can be shown again; ratings, titles and search.
 */
function say(text: string, id = generateId()): UIMessage {
  return { id, role: 'user', parts: [{ type: 'text', text }] };
}

async function finalMessage(stream: ReadableStream<UIMessageChunk>): Promise<UIMessage> {
  let message: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream({ stream })) message = snapshot;
  if (!message) throw new Error('the stream held no message');
  return message;
}

describe('message actions', () => {
  let app: INestApplication;
  let base: string;
  let db: DataSource;
  /** Owner of a team with `member` in it; `stranger` has a team of their own. */
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;

  const transportFor = (caller: TestUser) =>
    new DefaultChatTransport<UIMessage>({ api: `${base}/api/assistant/router`, headers: { authorization: `Bearer ${caller.token}` } });
  // A reply read whole, and its conversation with it: a first reply's title is written by then.
  const submit = async (caller: TestUser, chatId: string, messages: UIMessage[], messageId?: string) => {
    const message = await transportFor(caller).sendMessages({ chatId, messages, trigger: 'submit-message', messageId, abortSignal: undefined }).then(finalMessage);
    await titlesSettled(app);
    return message;
  };
  const regenerate = (caller: TestUser, chatId: string, messages: UIMessage[], messageId?: string) =>
    transportFor(caller).sendMessages({ chatId, messages, trigger: 'regenerate-message', messageId, abortSignal: undefined }).then(finalMessage);
  const history = async (caller: TestUser, id: string) => (await api(app, caller).get(`/api/assistant/history?id=${id}`).expect(200)).body as HistoryResponse;
  const shown = async (caller: TestUser, id: string) => (await history(caller, id)).messages.map((message) => [message.role, message.id, textOfMessage(message)]);
  const branches = async (caller: TestUser, id: string) => (await api(app, caller).get(`/api/assistant/conversations/${id}/branches`).expect(200)).body as BranchesResponse;
  const select = (caller: TestUser, id: string, version: string) => api(app, caller).post(`/api/assistant/conversations/${id}/branches`).send({ version });
  const conversations = async (caller: TestUser) => (await api(app, caller).get('/api/assistant/conversations').expect(200)).body as ConversationResponse[];

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    db = app.get(DataSource);
    owner = await signUp(app);
    member = await signUp(app);
    await joinTeam(app, owner, owner.teamId, member);
    await api(app, member).post(`/api/teams/${owner.teamId}/activate`).expect(200);
    stranger = await signUp(app);
  });

  afterAll(async () => {
    await app?.close();
  });

  describe('regenerate', () => {
    it('keeps every reply generated again as a version to page through and show again', async () => {
      const chatId = generateId();
      const question = say('Write an Instagram post about our new bakery opening');
      const first = await submit(owner, chatId, [question]);
      // What useChat's regenerate() posts, naming the reply or not.
      const second = await regenerate(owner, chatId, [question], first.id);
      const third = await regenerate(owner, chatId, [question]);
      expect(new Set([first.id, second.id, third.id]).size).toBe(3);
      expect((await shown(owner, chatId)).map(([, id]) => id)).toEqual([question.id, third.id]);

      const { forks } = await branches(owner, chatId);
      expect(forks).toHaveLength(1);
      expect(forks[0].messageId).toBe(third.id);
      expect(forks[0].versions.map((version) => [version.role, version.current])).toEqual([
        ['assistant', false],
        ['assistant', false],
        ['assistant', true],
      ]);
      expect(forks[0].versions[0].preview.length).toBeGreaterThan(0);

      // Showing the first version: the history reads as it did then, and the conversation goes on from there.
      const showFirst = await select(owner, chatId, forks[0].versions[0].id).expect(200);
      expect((showFirst.body as BranchesResponse).messages.map((message) => message.id)).toEqual([question.id, first.id]);
      expect((await shown(owner, chatId)).map(([, id]) => id)).toEqual([question.id, first.id]);
      const followUp = say('Make it shorter');
      const followUpReply = await submit(owner, chatId, [question, first, followUp]);
      expect((await shown(owner, chatId)).map(([, id]) => id)).toEqual([question.id, first.id, followUp.id, followUpReply.id]);

      // The third version again, then the first with the follow-up it went on with.
      const again = (await branches(owner, chatId)).forks[0];
      expect(again.messageId).toBe(first.id);
      expect(again.versions.map((version) => version.current)).toEqual([true, false, false]);
      await select(owner, chatId, again.versions[2].id).expect(200);
      expect((await shown(owner, chatId)).map(([, id]) => id)).toEqual([question.id, third.id]);
      await select(owner, chatId, again.versions[0].id).expect(200);
      expect((await shown(owner, chatId)).map(([, id]) => id)).toEqual([question.id, first.id, followUp.id, followUpReply.id]);
      // Showing the version already shown changes nothing.
      await select(owner, chatId, again.versions[0].id).expect(200);
      expect((await shown(owner, chatId)).map(([, id]) => id)).toEqual([question.id, first.id, followUp.id, followUpReply.id]);
    });

    it('regenerates an earlier reply: what followed it is kept in the earlier version', async () => {
      const chatId = generateId();
      const first = say('Hello');
      const firstReply = await submit(owner, chatId, [first]);
      const second = say('Tell me about legal reviews');
      const secondReply = await submit(owner, chatId, [first, firstReply, second]);

      const again = await regenerate(owner, chatId, [first], firstReply.id);
      expect((await shown(owner, chatId)).map(([, id]) => id)).toEqual([first.id, again.id]);
      const [fork] = (await branches(owner, chatId)).forks;
      await select(owner, chatId, fork.versions[0].id).expect(200);
      expect((await shown(owner, chatId)).map(([, id]) => id)).toEqual([first.id, firstReply.id, second.id, secondReply.id]);
    });
  });

  describe('edit and resend', () => {
    it('branches from the edited message: the history shows the edit and its reply, the old branch stays reachable', async () => {
      const chatId = generateId();
      const first = say('Hello');
      const firstReply = await submit(owner, chatId, [first]);
      const second = say('Write a LinkedIn post about zebras');
      const secondReply = await submit(owner, chatId, [first, firstReply, second]);

      // What useChat's sendMessage({ text, messageId }) posts: the history up to the edited message, which keeps its id.
      const edited = say('Write a LinkedIn post about giraffes', second.id);
      const editedReply = await submit(owner, chatId, [first, firstReply, edited], second.id);
      const now = await shown(owner, chatId);
      expect(now.map(([role, id]) => [role, id])).toEqual([
        ['user', first.id],
        ['assistant', firstReply.id],
        ['user', second.id],
        ['assistant', editedReply.id],
      ]);
      expect(now[2][2]).toBe('Write a LinkedIn post about giraffes');

      const [fork] = (await branches(owner, chatId)).forks;
      expect(fork.messageId).toBe(second.id);
      expect(fork.versions.map((version) => [version.role, version.preview, version.current])).toEqual([
        ['user', 'Write a LinkedIn post about zebras', false],
        ['user', 'Write a LinkedIn post about giraffes', true],
      ]);
      await select(owner, chatId, fork.versions[0].id).expect(200);
      const old = await shown(owner, chatId);
      expect(old.map(([, id]) => id)).toEqual([first.id, firstReply.id, second.id, secondReply.id]);
      expect(old[2][2]).toBe('Write a LinkedIn post about zebras');
    });

    it('edits the first message: the whole conversation branches', async () => {
      const chatId = generateId();
      const first = say('Hello there');
      const reply = await submit(owner, chatId, [first]);
      const editedReply = await submit(owner, chatId, [say('Hello again', first.id)], first.id);
      expect(await shown(owner, chatId)).toEqual([
        ['user', first.id, 'Hello again'],
        ['assistant', editedReply.id, expect.any(String)],
      ]);
      const [fork] = (await branches(owner, chatId)).forks;
      expect(fork.versions.map((version) => version.preview)).toEqual(['Hello there', 'Hello again']);
      await select(owner, chatId, fork.versions[0].id).expect(200);
      expect((await shown(owner, chatId)).map(([, id, text]) => [id, text])).toEqual([
        [first.id, 'Hello there'],
        [reply.id, expect.any(String)],
      ]);
    });

    it('previews a kept branch by its first message, whatever order the database keeps its rows in', async () => {
      const chatId = generateId();
      const first = say('Hello there');
      await submit(owner, chatId, [first]);
      await submit(owner, chatId, [say('Hello again', first.id)], first.id);
      // Writing the kept question anew puts its row after the kept reply's (in the table and in the
      // index on the branch), so a read that does not order a branch's rows by their place in the
      // conversation meets the reply first.
      const [{ id: conversationId }] = await db.query<{ id: string }[]>('SELECT conversation_id AS id FROM messages WHERE message_id = $1', [first.id]);
      await db.query(
        "WITH kept AS (DELETE FROM archived_messages WHERE conversation_id = $1 AND role = 'user' RETURNING *) INSERT INTO archived_messages SELECT * FROM kept",
        [conversationId],
      );
      const [fork] = (await branches(owner, chatId)).forks;
      expect(fork.versions.map((version) => [version.role, version.preview])).toEqual([
        ['user', 'Hello there'],
        ['user', 'Hello again'],
      ]);
    });

    it('refuses an edit that does not fit the conversation, changing nothing', async () => {
      const chatId = generateId();
      const question = say('Hello');
      const reply = await submit(owner, chatId, [question]);
      const before = await history(owner, chatId);
      const { conversation } = before;
      const send = (caller: TestUser, body: object) => api(app, caller).post('/api/assistant/router').send({ trigger: 'submit-message', ...body });

      expectError(await send(owner, { id: chatId, messages: [say('Changed', question.id), say('Later')], messageId: question.id }), 400, 'messageId: an edited message is sent as the last message, under its own id');
      expectError(await send(owner, { id: chatId, messages: [say('Changed', 'never-sent')], messageId: 'never-sent' }), 400, 'messageId: not a message of this conversation');
      expectError(await send(owner, { id: chatId, messages: [say('Unsent'), say('Changed', question.id)], messageId: question.id }), 400, /^messageId: an edit resends the history/);
      expectError(await send(owner, { id: chatId, messages: [question, say('A reply edited as a user message', reply.id)], messageId: reply.id }), 400, 'messageId: not a user message of this conversation');
      expectError(await send(owner, { id: generateId(), messages: [say('Changed', question.id)], messageId: question.id }), 400, 'messageId: not a message of this conversation');
      // Another member's chat and another team's are not there to edit.
      for (const caller of [member, stranger]) {
        expectError(await send(caller, { conversationId: conversation.id, messages: [say('Changed', question.id)], messageId: question.id }), 404, 'Conversation not found');
      }
      expect(await history(owner, chatId)).toEqual(before);
      expect((await branches(owner, chatId)).forks).toEqual([]);
    });
  });

  describe('branches', () => {
    it('refuses a version that is not there, one on a branch not shown, and callers who cannot read the conversation', async () => {
      const chatId = generateId();
      const question = say('Hello');
      const first = await submit(owner, chatId, [question]);
      const followUp = say('Something more');
      await submit(owner, chatId, [question, first, followUp]);
      // A fork inside the first reply's branch: its follow-up's reply generated again.
      await regenerate(owner, chatId, [question, first, followUp]);
      const nested = (await branches(owner, chatId)).forks[0].versions.find((version) => !version.current)!;
      await regenerate(owner, chatId, [question], first.id);
      const before = await history(owner, chatId);
      const messagesBefore = before.messages;

      expectError(await select(owner, chatId, nested.id), 409, /^This version follows a message of another version/);
      expectError(await select(owner, chatId, '999999999'), 404, 'Version not found');
      expectError(await select(owner, chatId, 'abc'), 400, [/^version must be a version id from GET …\/branches$/]);
      expectError(await api(app, owner).post(`/api/assistant/conversations/${chatId}/branches`).send({}), 400);
      expectError(await api(app, owner).post('/api/assistant/conversations/has%20space/branches').send({ version: '1' }), 400);
      for (const caller of [member, stranger]) {
        expectError(await api(app, caller).get(`/api/assistant/conversations/${before.conversation.id}/branches`), 404, 'Conversation not found');
        expectError(await select(caller, before.conversation.id, nested.id), 404, 'Conversation not found');
      }
      expect((await history(owner, chatId)).messages).toEqual(messagesBefore);
    });
  });

  describe('feedback', () => {
    it('stores one rating per member per reply, changeable, and counts them per agent and model in the usage API', async () => {
      const chatId = generateId();
      const question = say('Write a LinkedIn post about our product launch');
      const reply = await submit(owner, chatId, [question]);
      const path = `/api/assistant/conversations/${chatId}/messages/${reply.id}/feedback`;
      const up = (await api(app, owner).put(path).send({ rating: 'up' }).expect(200)).body as MessageFeedbackResponse;
      expect(up).toMatchObject({ messageId: reply.id, rating: 'up', note: null });
      const down = (await api(app, owner).put(path).send({ rating: 'down', note: '  Too long  ' }).expect(200)).body as MessageFeedbackResponse;
      expect(down).toMatchObject({ rating: 'down', note: 'Too long' });
      expect((await api(app, owner).get(`/api/assistant/conversations/${chatId}/feedback`).expect(200)).body).toEqual([down]);

      const metadata = reply.metadata as { agentId: string; modelId: string };
      const report = (await api(app, owner).get('/api/usage/feedback').expect(200)).body as FeedbackReportResponse;
      expect(report.scope).toBe('team');
      expect(report.rows).toEqual([{ agentId: metadata.agentId, modelId: metadata.modelId, up: 0, down: 1 }]);
      // A member sees their own ratings only.
      const own = (await api(app, member).get('/api/usage/feedback').expect(200)).body as FeedbackReportResponse;
      expect(own).toMatchObject({ scope: 'own', rows: [] });
      expect(((await api(app, stranger).get('/api/usage/feedback').expect(200)).body as FeedbackReportResponse).rows).toEqual([]);

      await api(app, owner).delete(path).expect(200, { success: true });
      expect((await api(app, owner).get(`/api/assistant/conversations/${chatId}/feedback`).expect(200)).body).toEqual([]);
      expect(((await api(app, owner).get('/api/usage/feedback').expect(200)).body as FeedbackReportResponse).rows).toEqual([]);
    });

    it('refuses bad ratings, messages that are not replies, and callers who cannot read the conversation, storing nothing', async () => {
      const chatId = generateId();
      const question = say('Hello');
      const reply = await submit(owner, chatId, [question]);
      const { conversation } = await history(owner, chatId);
      const rate = (caller: TestUser, messageId: string, body: object, id = chatId) => api(app, caller).put(`/api/assistant/conversations/${id}/messages/${messageId}/feedback`).send(body);

      expectError(await rate(owner, reply.id, {}), 400, [/^rating must be one of: up, down$/]);
      expectError(await rate(owner, reply.id, { rating: 'meh' }), 400, [/^rating must be one of: up, down$/]);
      expectError(await rate(owner, reply.id, { rating: 'up', note: 'x'.repeat(2001) }), 400, [/^note must be at most 2000 characters$/]);
      expectError(await rate(owner, reply.id, { rating: 'up', note: 42 }), 400, [/^note must be a string$/]);
      expectError(await rate(owner, reply.id, { rating: 'up', extra: true }), 400, [/property extra should not exist/]);
      expectError(await rate(owner, question.id, { rating: 'up' }), 404, 'Reply not found');
      expectError(await rate(owner, 'no-such-message', { rating: 'up' }), 404, 'Reply not found');
      expectError(await rate(owner, 'x'.repeat(201), { rating: 'up' }), 400, 'messageId must be 1–200 characters');
      for (const caller of [member, stranger]) {
        expectError(await rate(caller, reply.id, { rating: 'up' }, conversation.id), 404, 'Conversation not found');
        expectError(await api(app, caller).delete(`/api/assistant/conversations/${conversation.id}/messages/${reply.id}/feedback`), 404, 'Conversation not found');
        expectError(await api(app, caller).get(`/api/assistant/conversations/${conversation.id}/feedback`), 404, 'Conversation not found');
      }
      expectError(await api(app, owner).get('/api/usage/feedback?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z'), 400, 'from must be before to');
      expectError(await api(app, owner).get('/api/usage/feedback?groupBy=day'), 400, [/property groupBy should not exist/]);
      const [{ count }] = await db.query<{ count: number }[]>('SELECT count(*)::int AS count FROM message_feedback WHERE conversation_id = $1', [conversation.id]);
      expect(count).toBe(0);
    });
  });

  describe('titles', () => {
    it("titles a new conversation after its first reply with the model's summary, and keeps a rename", async () => {
      const chatId = generateId();
      const question = say('Hi! Could you please write an Instagram post about our new bakery opening next Saturday?');
      await submit(owner, chatId, [question]);
      const titled = (await history(owner, chatId)).conversation;
      expect(titled.title).toBe('Instagram post about new bakery opening');
      // The call that wrote it is in the ledger, under its own kind.
      await app.get(UsageLedger).flush();
      expect(await db.query<unknown[]>(`SELECT 1 FROM usage_records WHERE conversation_id = $1 AND kind = 'title'`, [titled.id])).toHaveLength(1);

      const renamed = await api(app, owner).patch(`/api/assistant/conversations/${chatId}`).send({ title: '  Bakery\nlaunch  ' }).expect(200);
      expect(renamed.body).toEqual({ id: titled.id, title: 'Bakery launch' });
      // Later replies write no title over the name given.
      const reply = (await history(owner, chatId)).messages[1];
      await submit(owner, chatId, [question, reply, say('Make it shorter')]);
      expect((await history(owner, chatId)).conversation.title).toBe('Bakery launch');
    });

    it('refuses a bad title and callers who cannot write the conversation, changing nothing', async () => {
      const chatId = generateId();
      await submit(owner, chatId, [say('Write a post about green tea')]);
      const conversation = (await conversations(owner)).find((entry) => entry.title === 'Post about green tea');
      if (!conversation) throw new Error('the generated title is not there');
      const rename = (caller: TestUser, body: object, id = chatId) => api(app, caller).patch(`/api/assistant/conversations/${id}`).send(body);
      expectError(await rename(owner, {}), 400, [/^title must be a string$/]);
      expectError(await rename(owner, { title: '   ' }), 400, [/^title must not be empty$/]);
      expectError(await rename(owner, { title: 'x'.repeat(101) }), 400, [/^title must be at most 100 characters$/]);
      expectError(await rename(owner, { title: 7 }), 400, [/^title must be a string$/]);
      for (const caller of [member, stranger]) expectError(await rename(caller, { title: 'Mine now' }, conversation.id), 404, 'Conversation not found');
      expect((await history(owner, chatId)).conversation.title).toBe(conversation.title);
    });
  });

  describe('search', () => {
    it("finds the caller's conversations by what was said, never another member's private chat or another team's", async () => {
      const ownersChat = generateId();
      const question = say('Write a LinkedIn post about our bakeries. Mention the artisanal sourdough.');
      await submit(owner, ownersChat, [question]);
      // The title says nothing of the sourdough: only the message can match it.
      expect((await conversations(owner)).map((entry) => entry.title)).toContain('LinkedIn post about bakeries');
      const membersChat = generateId();
      await submit(member, membersChat, [say('Plan a sourdough bakery tasting for my friends')]);
      const strangersChat = generateId();
      await submit(stranger, strangersChat, [say('Our sourdough bakery secret recipe')]);
      const search = async (caller: TestUser, q: string) =>
        ((await api(app, caller).get(`/api/assistant/search?q=${encodeURIComponent(q)}`).expect(200)).body as SearchHitResponse[]).map((hit) => hit.conversationId);
      const idOf = async (caller: TestUser, chatId: string) => (await history(caller, chatId)).conversation.id;

      // Stemmed: "bakery" finds "bakeries".
      expect(await search(owner, 'bakery sourdough')).toEqual([await idOf(owner, ownersChat)]);
      expect(await search(member, 'bakery sourdough')).toEqual([await idOf(member, membersChat)]);
      expect(await search(stranger, 'bakery sourdough')).toEqual([await idOf(stranger, strangersChat)]);
      const [hit] = (await api(app, owner).get('/api/assistant/search?q=artisanal').expect(200)).body as SearchHitResponse[];
      expect(hit.matches[0]).toMatchObject({ messageId: question.id, role: 'user' });
      expect(hit.matches[0].snippet).toContain('**artisanal**');
      expect(await search(owner, 'recipe')).toEqual([]);
      expect(await search(owner, 'the')).toEqual([]);

      // What an edit replaced is kept, but not found: search reads the history shown.
      await submit(owner, ownersChat, [say('Write a LinkedIn post about croissants', question.id)], question.id);
      expect(await search(owner, 'artisanal')).toEqual([]);
      expect(await search(owner, 'croissants')).toEqual([await idOf(owner, ownersChat)]);
    });

    it('shows every word matched in a long message, however far in and however far apart', async () => {
      const filler = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i} is about ovens, trays and morning deliveries.`).join(' ');
      const text = `Intro about our bread. ${filler(600)} The secret is the artisanal sourdough starter kept since 1920. ${filler(20)}`;
      const chatId = generateId();
      const question = say(text);
      await submit(owner, chatId, [question]);
      const snippets = async (q: string) => {
        const hits = (await api(app, owner).get(`/api/assistant/search?q=${encodeURIComponent(q)}`).expect(200)).body as SearchHitResponse[];
        const hit = hits.find((entry) => entry.matches.some((match) => match.messageId === question.id));
        return hit?.matches.find((match) => match.messageId === question.id)?.snippet ?? '';
      };

      // Far in, alone, as a phrase, and apart from a word near the start or repeated all along.
      expect(await snippets('sourdough')).toContain('**sourdough**');
      expect(await snippets('"sourdough starter"')).toContain('**sourdough** **starter**');
      for (const [q, words] of [
        ['bread sourdough', ['**bread**', '**sourdough**']],
        ['trays sourdough', ['**trays**', '**sourdough**']],
        ['sourdough -croissant', ['**sourdough**']],
      ] as const) {
        const snippet = await snippets(q);
        for (const word of words) expect(snippet, q).toContain(word);
        // A snippet, not the message.
        expect(snippet.length, q).toBeLessThan(400);
      }
    });

    it('refuses a bad query', async () => {
      expectError(await api(app, owner).get('/api/assistant/search'), 400, [/^q must be a string$/]);
      expectError(await api(app, owner).get('/api/assistant/search?q=%20%20'), 400, [/^q must not be empty$/]);
      expectError(await api(app, owner).get(`/api/assistant/search?q=${'a'.repeat(201)}`), 400, [/^q must be at most 200 characters$/]);
      expectError(await api(app, owner).get('/api/assistant/search?q=x&limit=0'), 400);
    });
  });
});
