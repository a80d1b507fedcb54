import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import OpenAI, { APIError, AuthenticationError, BadRequestError, InternalServerError, NotFoundError, RateLimitError } from 'openai';
import type { ChatCompletionCreateParams } from 'openai/resources/chat/completions';
import type { AssetResponse } from '../../../src/assets/asset.response.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
import { spendOnRealModel } from '../../helpers/usage.js';
import { api, type Caller } from '../../helpers/api.js';
import { FakeOpenAI } from '../../helpers/fake-openai.js';
import { HttpListener } from '../../helpers/http-listener.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { UsageLedger } from '../../../src/usage/usage-ledger.service.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const UUID = /^[0-9a-f-]{36}$/;
const MODELS = ['router', 'social', 'video', 'finance', 'legal', 'general'];
const POST_REQUEST = 'Write an Instagram post about our new bakery opening';
/** A 1×1 PNG. */
const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** This service's fields on completions and chunks. */
interface ServiceFields {
  conversation_id: string;
  assets?: AssetResponse[];
}

async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}

/** A long-lived API token of the user's active team, as a script would use. */
async function apiToken(app: INestApplication, user: TestUser): Promise<Caller> {
  const created = await api(app, user).post('/api/auth/tokens').send({ name: 'OpenAI client' }).expect(201);
  return { token: created.body.token as string };
}

function openAiClient(base: string, caller: Caller): OpenAI {
  return new OpenAI({ baseURL: `${base}/v1`, apiKey: caller.token, maxRetries: 0 });
}

/** The request with this service's extension field, which the SDK's types do not know. */
function withConversationId<T extends ChatCompletionCreateParams>(params: T, conversationId: string): T {
  return { ...params, conversation_id: conversationId };
}

async function historyOf(app: INestApplication, caller: Caller, conversationId: string): Promise<{ messages: UIMessage[]; conversation: { id: string; niche: string } }> {
  return (await api(app, caller).get(`/api/assistant/history?id=${conversationId}`).expect(200)).body;
}

async function conversationIds(app: INestApplication, caller: Caller): Promise<string[]> {
  return ((await api(app, caller).get('/api/assistant/conversations').expect(200)).body as { id: string }[]).map((conversation) => conversation.id);
}

/** The error an SDK call rejects with. */
async function rejection(call: Promise<unknown>): Promise<APIError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(APIError);
  return error as APIError;
}

describe('OpenAI-compatible API (/v1) with the official openai client', () => {
  let app: INestApplication;
  let base: string;
  let alice: TestUser;
  let aliceToken: Caller;
  let client: OpenAI;

  beforeAll(async () => {
    // Every token its own chunk, so a streamed reply arrives in several deltas.
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000', STREAM_FLUSHES_PER_SECOND: '0' } });
    await resetDatabase(app);
    base = await listen(app);
    alice = await signUp(app);
    aliceToken = await apiToken(app, alice);
    client = openAiClient(base, aliceToken);
  });
  afterAll(() => app.close());

  describe('models', () => {
    it('lists the router and each agent', async () => {
      const models = [];
      for await (const model of client.models.list()) models.push(model);
      expect(models.map((model) => model.id)).toEqual(MODELS);
      for (const model of models) expect(model).toMatchObject({ object: 'model', owned_by: 'assistant', created: expect.any(Number) });
    });

    it('retrieves one, and answers an unknown one with 404 model_not_found', async () => {
      expect(await client.models.retrieve('finance')).toMatchObject({ id: 'finance', object: 'model' });
      const error = await rejection(client.models.retrieve('gpt-4o'));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.error).toEqual({ message: 'The model "gpt-4o" does not exist; GET /v1/models lists the models', type: 'not_found_error', param: 'model', code: 'model_not_found' });
    });
  });

  describe('chat completions without streaming', () => {
    it('answers through the router as a chat.completion, stored as a conversation; system messages and sampling settings are ignored', async () => {
      const { data, response } = await client.chat.completions
        .create({
          model: 'router',
          messages: [
            { role: 'system', content: 'You are a pirate' },
            { role: 'user', content: 'Hello there, what can you do?' },
          ],
          temperature: 0.2,
          top_p: 0.9,
          max_tokens: 500,
          max_completion_tokens: 500,
          seed: 7,
          stop: ['\n\n\n'],
          user: 'end-user-1',
          presence_penalty: 0,
          frequency_penalty: 0,
          n: 1,
          store: false,
          metadata: { source: 'test' },
          parallel_tool_calls: false,
          response_format: { type: 'text' },
        })
        .withResponse();
      const completion = data as typeof data & ServiceFields;

      expect(completion).toMatchObject({ object: 'chat.completion', model: 'router', id: expect.stringMatching(/^chatcmpl-/), created: expect.any(Number), assets: [] });
      expect(completion.choices).toHaveLength(1);
      expect(completion.choices[0]).toMatchObject({ index: 0, finish_reason: 'stop', message: { role: 'assistant' } });
      const content = completion.choices[0].message.content!;
      expect(content).toMatch(/^This is the offline model/);
      expect(completion.conversation_id).toMatch(UUID);
      expect(response.headers.get('x-conversation-id')).toBe(completion.conversation_id);
      expect(completion.usage!.prompt_tokens).toBeGreaterThan(0);
      expect(completion.usage!.completion_tokens).toBeGreaterThan(0);
      expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens);

      const history = await historyOf(app, aliceToken, completion.conversation_id);
      expect(history.messages.map((message) => [message.role, textOfMessage(message)])).toEqual([
        ['user', 'Hello there, what can you do?'],
        ['assistant', content],
      ]);
      expect(history.messages[1].metadata).toMatchObject({ agentId: 'general', modelId: 'offline' });
      expect(await conversationIds(app, aliceToken)).toContain(completion.conversation_id);
    });

    it('forces the agent the model names', async () => {
      const completion = (await client.chat.completions.create({ model: 'legal', messages: [{ role: 'user', content: 'Hello' }] })) as OpenAI.ChatCompletion & ServiceFields;
      expect(completion.model).toBe('legal');
      const history = await historyOf(app, aliceToken, completion.conversation_id);
      expect(history.conversation.niche).toBe('legal');
      expect(history.messages[1].metadata).toMatchObject({ agentId: 'legal' });
    });

    it('lists the assets the tools saved, in `assets` and as links in the text, and they are the team\'s assets', async () => {
      const completion = (await client.chat.completions.create({ model: 'router', messages: [{ role: 'user', content: POST_REQUEST }] })) as OpenAI.ChatCompletion &
        ServiceFields;
      expect(completion.assets).toEqual([expect.objectContaining({ type: 'social_post', conversationId: completion.conversation_id, teamId: alice.teamId })]);
      const [asset] = completion.assets!;
      const content = completion.choices[0].message.content!;
      expect(content).toMatch(/Made an? \w+ post/);
      expect(content).not.toContain('format_post');
      expect(content).toContain(`Assets (in the dashboard: http://localhost:3000/dashboard/chat/${completion.conversation_id}):`);
      expect(content).toContain(`- social post: [${asset.title}](http://localhost:3000/api/assets/${asset.id})`);

      expect((await api(app, aliceToken).get(`/api/assets?conversationId=${completion.conversation_id}`).expect(200)).body).toEqual([asset]);
      expect((await api(app, aliceToken).get(`/api/assets/${asset.id}`).expect(200)).body).toEqual(asset);
      expect(await conversationIds(app, aliceToken)).toContain(completion.conversation_id);
    });

    it('takes an image as a data: URL, as a file of the user message', async () => {
      const completion = (await client.chat.completions.create({
        model: 'social',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What do you think of these colours?' },
              { type: 'image_url', image_url: { url: PNG_DATA_URL, detail: 'low' } },
            ],
          },
        ],
      })) as OpenAI.ChatCompletion & ServiceFields;
      const history = await historyOf(app, aliceToken, completion.conversation_id);
      expect(history.messages[0].parts).toEqual([
        { type: 'text', text: 'What do you think of these colours?' },
        expect.objectContaining({ type: 'file', mediaType: 'image/png' }),
      ]);
    });
  });

  describe('streamed chat completions', () => {
    it('streams chunks: the role first, the text, the finish, then the usage; the text is what is stored', async () => {
      const { data: stream, response } = await client.chat.completions
        .create({ model: 'router', messages: [{ role: 'user', content: 'Hello, please introduce yourself' }], stream: true, stream_options: { include_usage: true } })
        .withResponse();
      const chunks: (OpenAI.ChatCompletionChunk & ServiceFields)[] = [];
      for await (const chunk of stream) chunks.push(chunk as OpenAI.ChatCompletionChunk & ServiceFields);

      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const conversationId = response.headers.get('x-conversation-id')!;
      expect(conversationId).toMatch(UUID);
      for (const chunk of chunks) {
        expect(chunk).toMatchObject({ id: chunks[0].id, object: 'chat.completion.chunk', model: 'router', conversation_id: conversationId });
      }
      expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
      const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
      expect(text).toMatch(/^This is the offline model/);
      expect(chunks.filter((chunk) => chunk.choices[0]?.delta.content).length).toBeGreaterThan(1);
      const finishes = chunks.filter((chunk) => chunk.choices[0]?.finish_reason);
      expect(finishes.map((chunk) => chunk.choices[0].finish_reason)).toEqual(['stop']);
      const last = chunks.at(-1)!;
      expect(last.choices).toEqual([]);
      expect(last.usage!.completion_tokens).toBeGreaterThan(0);
      expect(last.usage!.total_tokens).toBe(last.usage!.prompt_tokens + last.usage!.completion_tokens);

      const history = await historyOf(app, aliceToken, conversationId);
      expect(textOfMessage(history.messages[1])).toBe(text);
    });

    it('streams a forced agent\'s assets as chunks with `assets`, then their links as text; no usage chunk unless asked', async () => {
      const stream = await client.chat.completions.create({ model: 'social', messages: [{ role: 'user', content: POST_REQUEST }], stream: true });
      const chunks: (OpenAI.ChatCompletionChunk & ServiceFields)[] = [];
      for await (const chunk of stream) chunks.push(chunk as OpenAI.ChatCompletionChunk & ServiceFields);

      const assetChunks = chunks.filter((chunk) => chunk.assets);
      expect(assetChunks).toHaveLength(1);
      expect(assetChunks[0].choices[0].delta).toEqual({});
      const [asset] = assetChunks[0].assets!;
      const conversationId = chunks[0].conversation_id;
      expect(asset).toMatchObject({ type: 'social_post', conversationId });
      const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
      expect(text).toContain(`- social post: [${asset.title}](http://localhost:3000/api/assets/${asset.id})`);
      expect(chunks.at(-1)!.choices[0].finish_reason).toBe('stop');
      expect(chunks.some((chunk) => chunk.usage)).toBe(false);

      expect((await api(app, aliceToken).get(`/api/assets?conversationId=${conversationId}`).expect(200)).body).toEqual([asset]);
      const history = await historyOf(app, aliceToken, conversationId);
      expect(history.messages[1].metadata).toMatchObject({ agentId: 'social' });
    });
  });

  describe('conversations', () => {
    it('without conversation_id, each request is a new conversation holding the turns the client sent', async () => {
      const before = await conversationIds(app, aliceToken);
      const question = { role: 'user', content: 'Write a LinkedIn post about our hiring day' } as const;
      const first = (await client.chat.completions.create({ model: 'router', messages: [question] })) as OpenAI.ChatCompletion & ServiceFields;
      const answer = first.choices[0].message.content!;
      const second = (await client.chat.completions.create({
        model: 'router',
        messages: [question, { role: 'assistant', content: answer }, { role: 'user', content: 'Thanks, that works' }],
      })) as OpenAI.ChatCompletion & ServiceFields;

      expect(second.conversation_id).not.toBe(first.conversation_id);
      expect(await conversationIds(app, aliceToken)).toEqual(expect.arrayContaining([...before, first.conversation_id, second.conversation_id]));
      expect((await conversationIds(app, aliceToken)).length).toBe(before.length + 2);
      const history = await historyOf(app, aliceToken, second.conversation_id);
      expect(history.messages.map((message) => [message.role, textOfMessage(message)])).toEqual([
        ['user', question.content],
        ['assistant', answer],
        ['user', 'Thanks, that works'],
        ['assistant', second.choices[0].message.content],
      ]);
    });

    it('with conversation_id (body or X-Conversation-Id), continues the conversation kept under it: stored history is the truth', async () => {
      const chatId = 'openai-chat-1';
      const question = { role: 'user', content: 'Write a LinkedIn post about our hiring day' } as const;
      const first = (await client.chat.completions.create(withConversationId({ model: 'router', messages: [question] }, chatId))) as OpenAI.ChatCompletion & ServiceFields;
      const answer = first.choices[0].message.content!;
      const second = (await client.chat.completions.create(
        withConversationId({ model: 'router', messages: [question, { role: 'assistant', content: 'Something else' }, { role: 'user', content: 'Thanks, that works' }] }, chatId),
      )) as OpenAI.ChatCompletion & ServiceFields;
      const third = (await client.chat.completions.create(
        { model: 'router', messages: [{ role: 'user', content: 'And one more thing' }], stream: true },
        { headers: { 'X-Conversation-Id': chatId } },
      ).withResponse());
      for await (const chunk of third.data) void chunk;

      expect(second.conversation_id).toBe(first.conversation_id);
      expect(third.response.headers.get('x-conversation-id')).toBe(first.conversation_id);
      const history = await historyOf(app, aliceToken, first.conversation_id);
      expect(history.messages.map((message) => [message.role, message.role === 'user' ? textOfMessage(message) : ''])).toEqual([
        ['user', question.content],
        ['assistant', ''],
        ['user', 'Thanks, that works'],
        ['assistant', ''],
        ['user', 'And one more thing'],
        ['assistant', ''],
      ]);
      // The reply as stored; the completion added the assets' links to it.
      expect(answer.startsWith(textOfMessage(history.messages[1]))).toBe(true);
      // The follow-up fits no agent clearly, so the previous agent (social) keeps the turn: the router saw the stored history.
      expect(history.messages[3].metadata).toMatchObject({ agentId: 'social' });

      // The id the service returned names the conversation as well.
      const fourth = (await client.chat.completions.create(withConversationId({ model: 'general', messages: [{ role: 'user', content: 'Bye' }] }, first.conversation_id))) as OpenAI.ChatCompletion &
        ServiceFields;
      expect(fourth.conversation_id).toBe(first.conversation_id);
    });

    it("another team's conversation_id never reaches that team's conversation", async () => {
      const first = (await client.chat.completions.create(withConversationId({ model: 'router', messages: [{ role: 'user', content: 'Our secret launch plan' }] }, 'shared-name'))) as OpenAI.ChatCompletion &
        ServiceFields;
      const bob = await signUp(app);
      const bobToken = await apiToken(app, bob);
      const bobClient = openAiClient(base, bobToken);
      for (const reference of ['shared-name', first.conversation_id]) {
        const bobs = (await bobClient.chat.completions.create(withConversationId({ model: 'general', messages: [{ role: 'user', content: `Hello from Bob via ${reference}` }] }, reference))) as OpenAI.ChatCompletion &
          ServiceFields;
        expect(bobs.conversation_id).not.toBe(first.conversation_id);
        expect((await historyOf(app, bobToken, bobs.conversation_id)).messages.map(textOfMessage)[0]).toBe(`Hello from Bob via ${reference}`);
        expect(bobs.choices[0].message.content).not.toContain('secret');
      }
      expect((await historyOf(app, aliceToken, first.conversation_id)).messages).toHaveLength(2);
      // For Bob, Alice's conversation id is only the chat id of his own conversation.
      expect((await historyOf(app, bobToken, first.conversation_id)).conversation.id).not.toBe(first.conversation_id);
    });
  });

  describe('errors, in OpenAI\'s shape', () => {
    const hello = { model: 'router', messages: [{ role: 'user' as const, content: 'Hello' }] };

    it('answers a wrong API key with 401 AuthenticationError, and a request without one the same', async () => {
      const stranger = new OpenAI({ baseURL: `${base}/v1`, apiKey: 'not-a-token', maxRetries: 0 });
      const refused = { message: 'Authentication required', type: 'authentication_error', param: null, code: 'invalid_api_key' };
      for (const call of [() => stranger.chat.completions.create(hello), () => stranger.models.list()]) {
        const error = await rejection(call());
        expect(error).toBeInstanceOf(AuthenticationError);
        expect(error.error).toEqual(refused);
      }
      // The SDK insists on a key: a bare request goes without one.
      const anonymous = await fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(hello) });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: refused });
    });

    it('answers an unknown model with 404 model_not_found, storing nothing', async () => {
      const before = await conversationIds(app, aliceToken);
      const error = await rejection(client.chat.completions.create({ ...hello, model: 'gpt-4o' }));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ status: 404, type: 'not_found_error', code: 'model_not_found', param: 'model' });
      expect(await conversationIds(app, aliceToken)).toEqual(before);
    });

    it.each<[string, Record<string, unknown>, string, string | null]>([
      ['no messages', { messages: [] }, 'messages must contain at least one message', 'messages'],
      ['a message of an unknown role', { messages: [{ role: 'robot', content: 'hi' }] }, 'messages[0].role: must be one of system, developer, user, assistant, tool, function', 'messages[0].role'],
      ['no user message last', { messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] }, 'messages: must end with a user message', 'messages'],
      ['an unsupported content part', { messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: '', format: 'wav' } }] }] }, 'messages[0].content[0].type: must be "text" or "image_url"', 'messages[0].content[0].type'],
      ['n above 1', { n: 2 }, 'n must be 1: one choice is generated per request', 'n'],
      ['max_tokens of the wrong type', { max_tokens: '10' }, 'max_tokens must be an integer number', 'max_tokens'],
      // Sampling settings are ignored (the agents choose theirs), but out of OpenAI's ranges they are refused as OpenAI refuses them.
      ['max_tokens below 1', { max_tokens: -5 }, 'max_tokens must not be less than 1', 'max_tokens'],
      ['max_completion_tokens of 0', { max_completion_tokens: 0 }, 'max_completion_tokens must not be less than 1', 'max_completion_tokens'],
      ['a temperature above 2', { temperature: 5 }, 'temperature must not be greater than 2', 'temperature'],
      ['a negative top_p', { top_p: -0.1 }, 'top_p must not be less than 0', 'top_p'],
      ['a presence_penalty below -2', { presence_penalty: -3 }, 'presence_penalty must not be less than -2', 'presence_penalty'],
      ['a frequency_penalty above 2', { frequency_penalty: 2.5 }, 'frequency_penalty must not be greater than 2', 'frequency_penalty'],
      ['top_logprobs above 20', { top_logprobs: 21 }, 'top_logprobs must not be greater than 20', 'top_logprobs'],
      // Settings taken and ignored are still capped, as every string this service takes is.
      ['a service_tier longer than any OpenAI names', { service_tier: 'x'.repeat(257) }, 'service_tier must be shorter than or equal to 256 characters', 'service_tier'],
      ['a modality longer than any OpenAI names', { modalities: ['text', 'x'.repeat(257)] }, 'modalities: each value in modalities must be shorter than or equal to 256 characters', 'modalities'],
      ['five stop sequences', { stop: ['a', 'b', 'c', 'd', 'e'] }, 'stop must be a string or up to 4 strings', 'stop'],
      ['an unknown stream option', { stream_options: { colour: 'blue' } }, 'stream_options.colour: property colour should not exist', 'stream_options.colour'],
      [
        'tools of its own',
        { tools: [{ type: 'function', function: { name: 'lookup', parameters: {} } }] },
        'tools cannot be sent: the agents run their own tools on the server',
        'tools',
      ],
      ['a field nobody knows', { colour: 'blue' }, 'colour: property colour should not exist', 'colour'],
      ['a conversation_id that is no chat id', { conversation_id: 'has spaces' }, 'conversation_id must be a chat id (1–64 letters, digits, "-" or "_")', 'conversation_id'],
      // Checks of the messages name the request's fields, counting the system messages that are dropped.
      [
        'a user text over the limit, after a system message',
        { messages: [{ role: 'system', content: 'Be brief' }, { role: 'user', content: 'a'.repeat(100_001) }] },
        'messages[1].content: must be at most 100000 characters',
        'messages[1].content',
      ],
      [
        'a text part over the limit',
        { messages: [{ role: 'developer', content: 'Be brief' }, { role: 'user', content: [{ type: 'image_url', image_url: { url: PNG_DATA_URL } }, { type: 'text', text: 'a'.repeat(100_001) }] }] },
        'messages[1].content[1].text: must be at most 100000 characters',
        'messages[1].content[1].text',
      ],
      [
        'an image that is not what its data URL says',
        { messages: [{ role: 'system', content: 'Be brief' }, { role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] }] },
        'messages[1].content[1].image_url.url: the content is not a PNG file',
        'messages[1].content[1].image_url.url',
      ],
      [
        'a file type that is not taken',
        { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:application/x-sh;base64,AAAA' } }] }] },
        'messages[0].content[0].image_url.url: "application/x-sh" is not accepted; attach PDF, PNG, JPEG, WebP, GIF, plain text, Markdown or CSV',
        'messages[0].content[0].image_url.url',
      ],
      [
        'a user message with nothing in it',
        { messages: [{ role: 'system', content: 'Be brief' }, { role: 'user', content: ' ' }] },
        'messages[1]: the message to answer has no text and no file',
        'messages[1]',
      ],
      [
        'a bad last message of a kept conversation (only that one is added)',
        {
          conversation_id: 'kept-conversation',
          messages: [{ role: 'user', content: 'Hello' }, { role: 'assistant', content: 'Hi' }, { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/gif;base64,AAAA' } }] }],
        },
        'messages[2].content[0].image_url.url: the content is not a GIF file',
        'messages[2].content[0].image_url.url',
      ],
    ])('refuses %s with 400 BadRequestError', async (_case, fields, message, param) => {
      const before = await conversationIds(app, aliceToken);
      const error = await rejection(client.chat.completions.create({ ...hello, ...fields } as unknown as ChatCompletionCreateParams));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.error).toEqual({ message, type: 'invalid_request_error', param, code: null });
      expect(await conversationIds(app, aliceToken)).toEqual(before);
    });

    it('refuses a remote image URL with 400, fetching nothing and storing nothing', async () => {
      const listener = new HttpListener();
      const url = await listener.start();
      try {
        const before = await conversationIds(app, aliceToken);
        const error = await rejection(
          client.chat.completions.create({
            model: 'social',
            messages: [{ role: 'user', content: [{ type: 'text', text: 'Describe this' }, { type: 'image_url', image_url: { url: `${url}/cat.png` } }] }],
          }),
        );
        expect(error).toBeInstanceOf(BadRequestError);
        expect(error.error).toEqual({
          message: 'messages[0].content[1].image_url.url: must be a data: URL (base64 image); URLs are never fetched',
          type: 'invalid_request_error',
          param: 'messages[0].content[1].image_url.url',
          code: null,
        });
        expect(await conversationIds(app, aliceToken)).toEqual(before);
        expect(listener.requests).toEqual([]);
      } finally {
        await listener.stop();
      }
    });

    it('gives errors from outside the routes (body parser, media type, unknown paths) the same shape; /api keeps its own', async () => {
      const post = (body: string, contentType = 'application/json') =>
        fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${aliceToken.token}`, 'content-type': contentType }, body });
      const malformed = await post('{"model":');
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({ error: { message: 'Malformed JSON in request body', type: 'invalid_request_error', param: null, code: null } });
      const text = await post('hello', 'text/plain');
      expect(text.status).toBe(415);
      expect(await text.json()).toEqual({ error: { message: 'Request bodies must be application/json', type: 'invalid_request_error', param: null, code: 'unsupported_media_type' } });
      const unknown = await fetch(`${base}/v1/embeddings`, { method: 'POST', headers: { authorization: `Bearer ${aliceToken.token}` } });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: { message: expect.stringMatching(/embeddings/), type: 'not_found_error', param: null, code: null } });

      const prefixed = await fetch(`${base}/api/v1/models`, { headers: { authorization: `Bearer ${aliceToken.token}` } });
      expect(prefixed.status).toBe(404);
      expect(await prefixed.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
      const unauthenticated = await fetch(`${base}/api/assistant/agents`);
      expect(await unauthenticated.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Authentication required' });
    });
  });
});

describe('OpenAI-compatible API: the plan rate limit', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '2', RATE_LIMIT_WINDOW_SECONDS: '60' } });
    await resetDatabase(app);
    base = await listen(app);
  });
  afterAll(() => app.close());

  it("counts completions against the team's plan: 429 RateLimitError with Retry-After", async () => {
    const user = await signUp(app);
    const client = openAiClient(base, await apiToken(app, user));
    const hello = { model: 'router', messages: [{ role: 'user' as const, content: 'Hello' }] };
    await client.chat.completions.create(hello);
    const stream = await client.chat.completions.create({ ...hello, stream: true });
    for await (const chunk of stream) void chunk;

    const error = await rejection(client.chat.completions.create(hello));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.error).toEqual({
      message: "Rate limit of your team's plan exceeded (2 requests per 60 s); retry later",
      type: 'rate_limit_error',
      param: null,
      code: 'rate_limit_exceeded',
    });
    expect(Number(error.headers?.get('retry-after'))).toBeGreaterThan(0);
    // The model list is not a completion: not counted.
    expect((await client.models.list()).data).toHaveLength(MODELS.length);
  });
});

describe('OpenAI-compatible API: a used-up token budget', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    base = await listen(app);
  });
  afterAll(() => app.close());

  it('is 429 insufficient_quota, which the client raises as RateLimitError, streaming or not; /api keeps its 402', async () => {
    const owner = await signUp(app);
    // The client's default retries: the refusal tells it not to (x-should-retry: false), so it answers at once.
    const client = new OpenAI({ baseURL: `${base}/v1`, apiKey: (await apiToken(app, owner)).token });
    const hello = { model: 'general', messages: [{ role: 'user' as const, content: 'Write a short post about our bakery' }] };
    await api(app, owner).put(`/api/teams/${owner.teamId}/budget`).send({ monthlyTokens: 1 }).expect(200);
    // Answered under the budget; then the team spends it on a real provider's model (the offline model's calls spend none).
    await client.chat.completions.create(hello);
    await app.get(UsageLedger).flush();
    await spendOnRealModel(app, owner, 10);
    const before = await conversationIds(app, owner);

    for (const call of [client.chat.completions.create(hello), client.chat.completions.create({ ...hello, stream: true })]) {
      const error = await rejection(call);
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error.status).toBe(429);
      expect(error.headers?.get('x-should-retry')).toBe('false');
      expect(error.error).toEqual({
        message: expect.stringMatching(/^The team's monthly token budget \(1 tokens\) is used up; it resets on \d{4}-\d{2}-01$/) as string,
        type: 'insufficient_quota',
        param: null,
        code: 'insufficient_quota',
      });
    }
    expect(await conversationIds(app, owner)).toEqual(before);
    expect((await api(app, owner).post('/api/assistant/router').send({ messages: [userMessage('One more')] })).status).toBe(402);
  });
});

describe('OpenAI-compatible API: a reply that fails', () => {
  const provider = new FakeOpenAI();
  let app: INestApplication;
  let client: OpenAI;
  let user: TestUser;

  beforeAll(async () => {
    provider.failWith = 'upstream detail: model shard unavailable';
    const env = { OPENAI_BASE_URL: await provider.start(), OPENAI_API_KEY: 'sk-test', DEFAULT_MODEL: 'openai:gpt-test', RATE_LIMIT_FREE: '1000' };
    app = await createTestApp({ env });
    await resetDatabase(app);
    user = await signUp(app);
    client = openAiClient(await listen(app), await apiToken(app, user));
  });
  afterAll(async () => {
    await app.close();
    await provider.stop();
  });

  const hello = { model: 'general', messages: [{ role: 'user' as const, content: 'Hello' }] };
  const failure = { message: 'The agent failed while answering. Please try again.', type: 'server_error', param: null, code: null };

  it('is a 500 server_error without streaming, saying nothing of the cause', async () => {
    const error = await rejection(client.chat.completions.create(hello));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.error).toEqual(failure);
  });

  it('is an error event in the stream, which the client raises, after the text so far', async () => {
    const stream = await client.chat.completions.create({ ...hello, stream: true });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    const error = await rejection(
      (async () => {
        for await (const chunk of stream) chunks.push(chunk);
      })(),
    );
    expect(error.error).toEqual(failure);
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
    expect(chunks.some((chunk) => chunk.choices[0]?.finish_reason)).toBe(false);
  });
});

describe('OpenAI-compatible API: a client that leaves mid-reply', () => {
  let app: INestApplication;
  let client: OpenAI;
  let token: Caller;

  beforeAll(async () => {
    app = await createTestApp({ env: { OFFLINE_MODEL_CHUNK_DELAY_MS: '25', STREAM_FLUSHES_PER_SECOND: '0', RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    token = await apiToken(app, await signUp(app));
    client = openAiClient(await listen(app), token);
  });
  afterAll(() => app.close());

  it('stops only its own reading: the reply is generated and stored to its end', async () => {
    const question = 'Please walk me through everything you can do for a small marketing team';
    const { data: stream, response } = await client.chat.completions
      .create({ model: 'general', messages: [{ role: 'user', content: question }], stream: true })
      .withResponse();
    const conversationId = response.headers.get('x-conversation-id')!;
    // Leaving the loop aborts the request, as a closed tab does.
    for await (const chunk of stream) if (chunk.choices[0]?.delta.content) break;

    // Still being generated after the client left: resuming finds it (204 once it is over).
    const resumed = await api(app, token).get(`/api/assistant/router/${conversationId}/stream`);
    expect(resumed.status).toBe(200);
    const history = await historyOf(app, token, conversationId);
    expect(history.messages[1].metadata).not.toHaveProperty('stopped');
    expect(textOfMessage(history.messages[1])).toContain(`You wrote: "${question}"`);
  });
});
