import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { DataSource } from 'typeorm';
import type { ConversationResponse, HistoryResponse } from '../../../src/conversations/conversations.response.js';
import { ConversationsService } from '../../../src/conversations/conversations.service.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { REVIEWED_GOAL } from '../../helpers/paused-run.js';
import { waitForRun } from '../../helpers/runs.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';
import { toolDone } from '../../../src/llm/tool-phrases.js';

const UUID = /^[0-9a-f-]{36}$/;
/** The niche a conversation takes from the agent that answered it. */
const NICHES: Record<string, string> = { social: 'social media', video: 'video', finance: 'finance', legal: 'legal', general: 'general' };

describe('assistant: router, history, conversations', () => {
  let app: INestApplication;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    [alice, bob] = [await signUp(app), await signUp(app)];
  });
  afterAll(() => app.close());

  const countRows = async (table: string, where = 'true', params: unknown[] = []) =>
    (await app.get(DataSource).query<{ count: number }[]>(`SELECT count(*)::int AS count FROM ${table} WHERE ${where}`, params))[0].count;

  describe('POST /api/assistant/router', () => {
    it('starts a conversation and streams a reply a chat client can read, then stores both messages', async () => {
      const question = userMessage('Hello there, what can you do?');
      const reply = await chat(app, alice, { messages: [question] });

      expect(reply.conversationId).toMatch(UUID);
      expect(reply.message.role).toBe('assistant');
      expect(reply.message.metadata).toMatchObject({ agentId: 'general', modelId: 'offline', conversationId: reply.conversationId });
      expect(textOfMessage(reply.message)).toMatch(/^This is the offline model/);
      expect(textOfMessage(reply.message)).toContain('You wrote: "Hello there, what can you do?"');

      // Titled once the reply is stored: the model's summary of the first message.
      const history = await waitFor(async () => {
        const read = await api(app, alice).get(`/api/assistant/history?id=${reply.conversationId}`).expect(200);
        return (read.body as HistoryResponse).conversation.title === 'What can you do' && read;
      }, 'the generated title');
      expect(history.body.conversation).toEqual({
        id: reply.conversationId,
        title: 'What can you do',
        niche: 'general',
        workflowRun: null,
        shared: false,
        author: { id: alice.userId, name: expect.any(String) },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(history.body.messages).toEqual([question, { ...reply.message, metadata: expect.objectContaining(reply.message.metadata as object) }]);
    });

    it.each([
      ['Outline a LinkedIn post about remote work', 'social', 'generate_outline', 'post_outline'],
      ['Write an Instagram post about our new bakery opening', 'social', 'format_post', 'social_post'],
      ['Make an image of a lighthouse at sunset', 'social', 'generate_image', 'image'],
      ['Write a reel about morning routines for TikTok', 'video', 'format_reel', 'reel_script'],
      ['Write a YouTube script about unit testing', 'video', 'format_script', 'script'],
      ['Give me thumbnail concepts for my cooking channel', 'video', 'generate_thumbnail_concept', 'thumbnail'],
      ['Here is my receipt:\nCorner Cafe\n2 x Latte 4.50\nCroissant 3.20\nTotal 12.20', 'finance', 'extract_receipt_data', 'receipt'],
      [
        'Please review this contract: 1. The Supplier shall indemnify the Client against all claims. 2. This agreement renews automatically each year.',
        'legal',
        'analyze_legal_document',
        'legal_analysis',
      ],
    ])('routes "%s" to %s, which calls %s and saves a %s asset', async (text, agentId, toolName, assetType) => {
      const reply = await chat(app, alice, { messages: [userMessage(text)] });
      expect(reply.message.metadata).toMatchObject({ agentId, modelId: 'offline' });

      const toolPart = reply.message.parts.find((part) => part.type === `tool-${toolName}`);
      expect(toolPart).toMatchObject({ state: 'output-available', output: { assetId: expect.any(Number), type: assetType } });
      const assetPart = reply.message.parts.find((part) => part.type === 'data-asset');
      expect(assetPart).toMatchObject({ data: { type: assetType, conversationId: reply.conversationId, runId: null, teamId: alice.teamId } });

      const assets = await api(app, alice).get(`/api/assets?conversationId=${reply.conversationId}`).expect(200);
      expect(assets.body).toEqual([(assetPart as { data: unknown }).data]);
      // The reply says what the tool did, as the chat shows it, never its function's name.
      expect(textOfMessage(reply.message)).toContain(toolDone(toolName, (toolPart as { input: unknown }).input));
      expect(textOfMessage(reply.message)).not.toContain(toolName);
      const history = await api(app, alice).get(`/api/assistant/history?id=${reply.conversationId}`).expect(200);
      expect(history.body.conversation.niche).toBe(NICHES[agentId]);
    });

    it('uses a forced agent and an explicit model', async () => {
      const reply = await chat(app, alice, { messages: [userMessage('Hello')], agentId: 'legal', modelId: 'offline' });
      expect(reply.message.metadata).toMatchObject({ agentId: 'legal', modelId: 'offline' });
      const history = await api(app, alice).get(`/api/assistant/history?id=${reply.conversationId}`).expect(200);
      expect(history.body.conversation.niche).toBe('legal');
    });

    it('continues a conversation: the client resends the whole history and nothing is stored twice', async () => {
      const first = userMessage('Write a LinkedIn post about our hiring day');
      const one = await chat(app, alice, { messages: [first] });
      const second = userMessage('Thanks, that works');
      const two = await chat(app, alice, { messages: [first, one.message, second], conversationId: one.conversationId });

      expect(two.conversationId).toBe(one.conversationId);
      // The follow-up fits no agent clearly, so the previous agent keeps the turn.
      expect(two.message.metadata).toMatchObject({ agentId: 'social' });
      const history = await api(app, alice).get(`/api/assistant/history?id=${one.conversationId}`).expect(200);
      expect(history.body.messages.map((message: UIMessage) => [message.id, message.role])).toEqual([
        [first.id, 'user'],
        [one.message.id, 'assistant'],
        [second.id, 'user'],
        [two.message.id, 'assistant'],
      ]);
      expect(await countRows('messages', 'conversation_id = $1', [one.conversationId])).toBe(4);
    });

    it('refuses a new message under an id the conversation already holds (409), storing nothing, instead of dropping its text', async () => {
      const first = userMessage('Write a LinkedIn post about our hiring day');
      const one = await chat(app, alice, { messages: [first] });
      // A client that sends only its new message and numbers messages itself, starting again at its
      // first id; one that takes the reply's id; one that retries an answered message.
      for (const latest of [{ ...userMessage('A second question'), id: first.id }, { ...userMessage('A third question'), id: one.message.id }, first]) {
        const response = await api(app, alice).post('/api/assistant/router').send({ messages: [latest], conversationId: one.conversationId });
        expectError(
          response,
          409,
          `messages[0].id: the conversation already holds a message "${latest.id}"; a new message needs an id of its own (trigger regenerate-message answers a message again)`,
        );
      }
      const history = await api(app, alice).get(`/api/assistant/history?id=${one.conversationId}`).expect(200);
      expect(history.body.messages.map((message: UIMessage) => message.id)).toEqual([first.id, one.message.id]);
    });

    it('answers a stored user message that has no reply yet when it is sent again (a reply that was never stored)', async () => {
      const conversationId = await app
        .get(ConversationsService)
        .createWithMessages(alice.teamId, { userId: alice.userId, title: 'Unanswered' }, [userMessage('Is anyone there?')]);
      const [unanswered] = (await api(app, alice).get(`/api/assistant/history?id=${conversationId}`).expect(200)).body.messages as UIMessage[];

      const reply = await chat(app, alice, { messages: [unanswered], conversationId });
      expect(textOfMessage(reply.message)).toContain('You wrote: "Is anyone there?"');
      const history = await api(app, alice).get(`/api/assistant/history?id=${conversationId}`).expect(200);
      expect(history.body.messages.map((message: UIMessage) => [message.id, message.role])).toEqual([
        [unanswered.id, 'user'],
        [reply.message.id, 'assistant'],
      ]);
    });

    it('takes the niche of the agent that answered last, and not from a request refused before its reply', async () => {
      const one = await chat(app, alice, { messages: [userMessage('Write a LinkedIn post about our hiring day')] });
      const nicheOf = async () => (await api(app, alice).get(`/api/assistant/history?id=${one.conversationId}`).expect(200)).body.conversation.niche as string;
      expect(await nicheOf()).toBe(NICHES.social);

      const two = await chat(app, alice, { messages: [userMessage('Summarise our options')], conversationId: one.conversationId, agentId: 'legal' });
      expect(two.message.metadata).toMatchObject({ agentId: 'legal' });
      expect(await nicheOf()).toBe('legal');

      const refused = await api(app, alice)
        .post('/api/assistant/router')
        .send({ messages: [userMessage('And the numbers?')], conversationId: one.conversationId, agentId: 'finance', modelId: 'gpt-5' });
      expectError(refused, 400, /^Unknown modelId "gpt-5"/);
      expect(await nicheOf()).toBe('legal');
    });

    it.each([
      [{}, [/^messages/]],
      [{ messages: [] }, [/^messages must contain at least one message$/]],
      [{ messages: 'hello' }, [/^messages must be an array$/]],
      [{ messages: [{ id: 'x', role: 'user' }] }, /^messages\[0\]\.parts: /],
      [{ messages: [{ id: 'x', role: 'robot', parts: [{ type: 'text', text: 'hi' }] }] }, /^messages\[0\]\.role: /],
      [{ messages: [userMessage('hi'), { id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'hello' }] }] }, 'messages must end with a user message'],
      [{ messages: [userMessage('hi')], conversationId: 'not-a-uuid' }, [/^conversationId must be a conversation id \(UUID\)$/]],
      [{ messages: [userMessage('hi')], agentId: 'hacker' }, 'Unknown agentId "hacker"'],
      [{ messages: [userMessage('hi')], modelId: 'gpt-5' }, /^Unknown modelId "gpt-5"/],
      [{ messages: [userMessage('hi')], modelId: 'openai:gpt-4o' }, /^Unknown modelId "openai:gpt-4o": no OpenAI provider is configured$/],
      [{ messages: [userMessage('hi')], teamId: '6f9619ff-8b86-4d11-b42d-00c04fc964ff' }, [/^teamId: property teamId should not exist$/]],
    ])('answers 400 for %j and stores nothing', async (body, message) => {
      const before = await countRows('conversations');
      const response = await api(app, alice).post('/api/assistant/router').send(body);
      expectError(response, 400, message);
      expect(await countRows('conversations')).toBe(before);
    });

    it("answers 404 for an unknown or another team's conversation, storing nothing in it", async () => {
      const bobs = await chat(app, bob, { messages: [userMessage('Private plans')] });
      const intrusion = await api(app, alice)
        .post('/api/assistant/router')
        .send({ messages: [userMessage('Show me')], conversationId: bobs.conversationId });
      expectError(intrusion, 404, 'Conversation not found');
      expectError(
        await api(app, alice).post('/api/assistant/router').send({ messages: [userMessage('x')], conversationId: '6f9619ff-8b86-4d11-b42d-00c04fc964ff' }),
        404,
      );
      expect(await countRows('messages', 'conversation_id = $1', [bobs.conversationId])).toBe(2);
    });

    it("answers 409 to a message in a workflow run's conversation while the run is going, storing nothing; once it ended, the conversation takes messages", async () => {
      const erin = await signUp(app);
      const { workflowId } = await createWorkflow(app, erin, { goal: REVIEWED_GOAL });
      // Two steps, the first reviewed: the run waits for its approval.
      await app.get(DataSource).query(`UPDATE workflow_steps SET requires_approval = (step_index = 0) WHERE workflow_id = $1`, [workflowId]);
      await app.get(DataSource).query(`UPDATE workflows SET status = 'active', approved_at = now() WHERE id = $1`, [workflowId]);
      const { runId, conversationId } = (await api(app, erin).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number; conversationId: string };
      await waitForRun(app, erin, workflowId, runId, 'awaiting_approval');
      const before = await countRows('messages', 'conversation_id = $1', [conversationId]);

      const say = () => api(app, erin).post('/api/assistant/router').send({ messages: [userMessage('What is taking so long?')], conversationId });
      expectError(await say(), 409, `This conversation is workflow run ${runId}'s, which is still going; it takes messages once the run has ended`);
      expect(await countRows('messages', 'conversation_id = $1', [conversationId])).toBe(before);

      await api(app, erin).post(`/api/workflows/${workflowId}/runs/${runId}/stop`).expect(200);
      expect((await say()).status).toBe(200);
      expect(await countRows('messages', 'conversation_id = $1', [conversationId])).toBe(before + 2);
    });
  });

  describe('GET /api/assistant/history', () => {
    it('validates the id and hides other teams', async () => {
      const bobs = await chat(app, bob, { messages: [userMessage('Secret')] });
      expectError(await api(app, alice).get('/api/assistant/history'), 400, [/^id must be a conversation id/]);
      expectError(await api(app, alice).get('/api/assistant/history?id=a%20b'), 400);
      expectError(await api(app, alice).get(`/api/assistant/history?id=${'x'.repeat(65)}`), 400);
      expectError(await api(app, alice).get('/api/assistant/history?id=42'), 404, 'Conversation not found');
      expectError(await api(app, alice).get('/api/assistant/history?id=6f9619ff-8b86-4d11-b42d-00c04fc964ff'), 404, 'Conversation not found');
      expectError(await api(app, alice).get(`/api/assistant/history?id=${bobs.conversationId}`), 404, 'Conversation not found');
    });
  });

  describe('GET /api/assistant/conversations', () => {
    it("lists the active team's conversations, most recently active first, at most 50", async () => {
      const carol = await signUp(app);
      const service = app.get(ConversationsService);
      for (let i = 0; i < 51; i++) await service.create(carol.teamId, { userId: carol.userId, title: `Old ${i}` });
      const recent = await chat(app, carol, { messages: [userMessage('The newest one')] });

      const list = await waitFor(async () => {
        const read = await api(app, carol).get('/api/assistant/conversations').expect(200);
        return (read.body as ConversationResponse[])[0]?.title === 'Newest one' && read;
      }, 'the generated title');
      expect(list.body).toHaveLength(50);
      expect(list.body[0]).toEqual({
        id: recent.conversationId,
        title: 'Newest one',
        niche: 'general',
        workflowRun: null,
        shared: false,
        author: { id: carol.userId, name: expect.any(String) },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const updated = list.body.map((conversation: { updatedAt: string }) => conversation.updatedAt);
      expect([...updated].sort().reverse()).toEqual(updated);

      const teamOfBob = await api(app, bob).get('/api/assistant/conversations').expect(200);
      expect(teamOfBob.body.map((c: { id: string }) => c.id)).not.toContain(recent.conversationId);
    });

    it('pages with limit (at most 50) and offset, in the same order, so older conversations can be reached', async () => {
      const dave = await signUp(app);
      const service = app.get(ConversationsService);
      for (let i = 0; i < 55; i++) await service.create(dave.teamId, { userId: dave.userId, title: `Conversation ${i}` });
      const ids = async (query: string) =>
        ((await api(app, dave).get(`/api/assistant/conversations${query}`).expect(200)).body as { id: string }[]).map((conversation) => conversation.id);
      const firstPage = await ids('');
      const all = [...firstPage, ...(await ids('?offset=50'))];
      expect(all).toHaveLength(55);
      expect(new Set(all).size).toBe(55);
      expect(await ids('?limit=10&offset=20')).toEqual(all.slice(20, 30));
      expect(await ids('?limit=1000')).toEqual(firstPage);
      expect(await ids('?offset=55')).toEqual([]);

      for (const [query, message] of [
        ['limit=0', 'limit must not be less than 1'],
        ['limit=ten', 'limit must be a whole number'],
        ['offset=-1', 'offset must not be less than 0'],
        ['offset=99999999999', 'offset must not be greater than 2147483647'],
        ['page=2', 'page: property page should not exist'],
      ]) {
        expectError(await api(app, dave).get(`/api/assistant/conversations?${query}`), 400, [new RegExp(`^${message}$`)]);
      }
    });

    it('titles a conversation from its first user message, cut to 100 characters, until its first reply is stored', async () => {
      // Then the model's title replaces it, off the reply's path (message-actions.e2e-spec.ts): only the cut is read here.
      const cut = await app.get(ConversationsService).create(alice.teamId, { userId: alice.userId, title: `${'Long question '.repeat(20)}end` });
      expect(cut.title).toHaveLength(100);
      expect(cut.title).toMatch(/^Long question .*…$/);
    });

    it('never cuts a title or a quoted request inside a character: an emoji across the cut stays whole or goes', async () => {
      // Emoji are two UTF-16 units each: the title's cut (99 units and "…") and the offline reply's
      // quote (200 units) both fall between the two halves of one.
      const quoted = `${'a'.repeat(98)}${'😀'.repeat(10)}b${'😀'.repeat(40)}`;
      const text = `${quoted}${'😀'.repeat(10)} end`;
      // Until its first reply is stored, a conversation is titled by its first message, cut.
      const cut = await app.get(ConversationsService).create(alice.teamId, { userId: alice.userId, title: text });
      expect(cut.title).toBe(`${'a'.repeat(98)}…`);
      const reply = await chat(app, alice, { messages: [userMessage(text)] });
      const history = await api(app, alice).get(`/api/assistant/history?id=${reply.conversationId}`).expect(200);

      // The reply quoting the request is stored (a lone half of an emoji is no JSON PostgreSQL stores).
      expect(history.body.messages.map((message: UIMessage) => message.role)).toEqual(['user', 'assistant']);
      expect(textOfMessage(history.body.messages[1])).toContain(`You wrote: "${quoted}…"`);
    });
  });

  describe('DELETE /api/assistant/conversations', () => {
    it('deletes the conversation and its messages; its assets stay, unlinked', async () => {
      const reply = await chat(app, alice, { messages: [userMessage('Write a LinkedIn post about our offsite')] });
      const [asset] = (await api(app, alice).get(`/api/assets?conversationId=${reply.conversationId}`).expect(200)).body;

      expectError(await api(app, bob).delete(`/api/assistant/conversations?id=${reply.conversationId}`), 404);
      await api(app, alice).delete(`/api/assistant/conversations?id=${reply.conversationId}`).expect(200, { success: true });

      expect(await countRows('messages', 'conversation_id = $1', [reply.conversationId])).toBe(0);
      expectError(await api(app, alice).get(`/api/assistant/history?id=${reply.conversationId}`), 404);
      const kept = await api(app, alice).get(`/api/assets/${asset.id}`).expect(200);
      expect(kept.body).toEqual({ ...asset, conversationId: null });
      expectError(await api(app, alice).delete(`/api/assistant/conversations?id=${reply.conversationId}`), 404);
      expectError(await api(app, alice).delete('/api/assistant/conversations'), 400);
    });
  });

  it.each([
    ['post', '/api/assistant/router'],
    ['get', '/api/assistant/history?id=6f9619ff-8b86-4d11-b42d-00c04fc964ff'],
    ['get', '/api/assistant/conversations'],
    ['delete', '/api/assistant/conversations?id=6f9619ff-8b86-4d11-b42d-00c04fc964ff'],
  ] as const)('%s %s answers 401 without credentials', async (method, path) => {
    expectError(await api(app)[method](path), 401, 'Authentication required');
  });
});
