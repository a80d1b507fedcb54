import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, jsonSchema, type LanguageModel, type ModelMessage, Output, streamText } from 'ai';
import OpenAI, { APIError } from 'openai';
import { textOfMessage } from '../../helpers/ui-messages.js';
import { spendOnRealModel } from '../../helpers/usage.js';
import { api, type Caller } from '../../helpers/api.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { UsageLedger } from '../../../src/usage/usage-ledger.service.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/**
 * The same scenarios through each client an engineer points at /v1 with only a base URL and a key:
 * the official `openai` client (Responses), the AI SDK's default OpenAI provider (Responses), its
 * `.chat()` model (chat completions) and `@ai-sdk/openai-compatible` (chat completions).
 */

const MODELS = ['router', 'social', 'video', 'finance', 'legal', 'general'];
/** A schema as OpenAI's strict structured outputs take it. */
const POST_SCHEMA = {
  type: 'object' as const,
  properties: { headline: { type: 'string' as const }, hashtags: { type: 'array' as const, items: { type: 'string' as const } } },
  required: ['headline', 'hashtags'],
  additionalProperties: false,
};
interface Post {
  headline: string;
  hashtags: string[];
}

/** An error as each client raises it, reduced to what client code reads. */
interface ClientError {
  status: number | undefined;
  type: string | undefined;
  code: string | undefined;
  param: string | undefined;
}

/** A reply and the conversation the service kept it in. */
interface Reply {
  text: string;
  conversationId: string;
}

/** One client, driven the way its documentation shows. */
interface Client {
  name: string;
  listModels(): Promise<string[]>;
  text(model: string, prompt: string, settings?: { temperature?: number }): Promise<Reply>;
  stream(model: string, prompt: string): Promise<Reply & { deltas: string[] }>;
  structured(model: string, prompt: string): Promise<Post>;
  /** Each prompt a turn of one conversation, as the client carries it on; the last reply's conversation. */
  converse(model: string, prompts: string[]): Promise<Reply>;
  /** The error a call rejects with. */
  failure(call: Promise<unknown>): Promise<ClientError>;
}

interface ClientSetup {
  name: string;
  make: (baseURL: string, apiKey: string) => Client;
}

async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}

async function apiToken(app: INestApplication, user: TestUser): Promise<Caller> {
  const created = await api(app, user).post('/api/auth/tokens').send({ name: 'SDK' }).expect(201);
  return { token: created.body.token as string };
}

/** The AI SDK has no model list: its users ask the endpoint every OpenAI-compatible server has. */
async function fetchModels(baseURL: string, apiKey: string): Promise<string[]> {
  const response = await fetch(`${baseURL}/models`, { headers: { Authorization: `Bearer ${apiKey}` } });
  return ((await response.json()) as { data: { id: string }[] }).data.map((model) => model.id);
}

async function rejectionOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
}

/** The conversation a response header named; the AI SDK exposes response headers on its results. */
function conversationOf(headers: Record<string, string> | undefined): string {
  return headers?.['x-conversation-id'] ?? '';
}

function officialOpenAi(baseURL: string, apiKey: string): Client {
  const openai = new OpenAI({ baseURL, apiKey, maxRetries: 0 });
  return {
    name: 'openai (responses)',
    async listModels() {
      const ids: string[] = [];
      for await (const model of openai.models.list()) ids.push(model.id);
      return ids;
    },
    async text(model, prompt, settings = {}) {
      const { data, response } = await openai.responses.create({ model, input: prompt, ...settings }).withResponse();
      return { text: data.output_text, conversationId: response.headers.get('x-conversation-id') ?? '' };
    },
    async stream(model, prompt) {
      const { data: events, response } = await openai.responses.create({ model, input: prompt, stream: true }).withResponse();
      const deltas: string[] = [];
      let text = '';
      for await (const event of events) {
        if (event.type === 'response.output_text.delta') deltas.push(event.delta);
        if (event.type === 'response.completed') text = event.response.output_text ?? outputText(event.response);
      }
      return { text, deltas, conversationId: response.headers.get('x-conversation-id') ?? '' };
    },
    async structured(model, prompt) {
      const response = await openai.responses.create({ model, input: prompt, text: { format: { type: 'json_schema', name: 'post', schema: POST_SCHEMA, strict: true } } });
      return JSON.parse(response.output_text) as Post;
    },
    async converse(model, prompts) {
      let previous: string | undefined;
      let reply: Reply = { text: '', conversationId: '' };
      for (const prompt of prompts) {
        const { data, response } = await openai.responses.create({ model, input: prompt, previous_response_id: previous }).withResponse();
        previous = data.id;
        reply = { text: data.output_text, conversationId: response.headers.get('x-conversation-id') ?? '' };
      }
      return reply;
    },
    async failure(call) {
      const error = await rejectionOf(call);
      expect(error).toBeInstanceOf(APIError);
      const { status, type, code, param } = error as APIError;
      return { status, type, code: code ?? undefined, param: param ?? undefined };
    },
  };
}

function outputText(response: OpenAI.Responses.Response): string {
  return response.output.flatMap((item) => (item.type === 'message' ? item.content.map((part) => (part.type === 'output_text' ? part.text : '')) : [])).join('');
}

/** An AI SDK client over one of its models. */
function aiSdk(name: string, baseURL: string, apiKey: string, modelFor: (id: string) => LanguageModel): Client {
  return {
    name,
    listModels: () => fetchModels(baseURL, apiKey),
    async text(model, prompt, settings = {}) {
      const result = await generateText({ model: modelFor(model), prompt, maxRetries: 0, ...settings });
      return { text: result.text, conversationId: conversationOf(result.response.headers) };
    },
    async stream(model, prompt) {
      const result = streamText({ model: modelFor(model), prompt, maxRetries: 0 });
      const deltas: string[] = [];
      for await (const delta of result.textStream) deltas.push(delta);
      return { text: await result.text, deltas, conversationId: conversationOf((await result.response).headers) };
    },
    async structured(model, prompt) {
      const result = await generateText({ model: modelFor(model), prompt, maxRetries: 0, output: Output.object({ schema: jsonSchema<Post>(POST_SCHEMA), name: 'post' }) });
      return result.output;
    },
    async converse(model, prompts) {
      const messages: ModelMessage[] = [];
      let reply: Reply = { text: '', conversationId: '' };
      for (const prompt of prompts) {
        messages.push({ role: 'user', content: prompt });
        const result = await generateText({ model: modelFor(model), messages, maxRetries: 0 });
        messages.push(...result.response.messages);
        reply = { text: result.text, conversationId: conversationOf(result.response.headers) };
      }
      return reply;
    },
    async failure(call) {
      const error = await rejectionOf(call);
      expect(APICallError.isInstance(error)).toBe(true);
      const { statusCode, responseBody } = error as APICallError;
      const body = JSON.parse(responseBody ?? '{}') as { error?: { type?: string; code?: string | null; param?: string | null } };
      return { status: statusCode, type: body.error?.type, code: body.error?.code ?? undefined, param: body.error?.param ?? undefined };
    },
  };
}

const CLIENTS: ClientSetup[] = [
  { name: 'openai (responses)', make: officialOpenAi },
  {
    name: '@ai-sdk/openai default provider (responses)',
    make: (baseURL, apiKey) => {
      const provider = createOpenAI({ baseURL, apiKey });
      return aiSdk('@ai-sdk/openai default provider (responses)', baseURL, apiKey, (id) => provider(id));
    },
  },
  {
    name: '@ai-sdk/openai .chat() (chat completions)',
    make: (baseURL, apiKey) => {
      const provider = createOpenAI({ baseURL, apiKey });
      return aiSdk('@ai-sdk/openai .chat() (chat completions)', baseURL, apiKey, (id) => provider.chat(id));
    },
  },
  {
    name: '@ai-sdk/openai-compatible (chat completions)',
    make: (baseURL, apiKey) => {
      // supportsStructuredOutputs: the provider's own switch for servers that take json_schema; without it, it sends json_object and no schema.
      const provider = createOpenAICompatible({ name: 'assistant', baseURL, apiKey, supportsStructuredOutputs: true });
      return aiSdk('@ai-sdk/openai-compatible (chat completions)', baseURL, apiKey, (id) => provider.chatModel(id));
    },
  },
];

describe.each(CLIENTS)('/v1 with $name', ({ make }) => {
  let app: INestApplication;
  let base: string;
  let owner: Caller;
  let client: Client;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000', STREAM_FLUSHES_PER_SECOND: '0' } });
    await resetDatabase(app);
    base = `${await listen(app)}/v1`;
    owner = await apiToken(app, await signUp(app));
    client = make(base, owner.token);
  });
  afterAll(() => app.close());

  async function history(conversationId: string): Promise<[string, string][]> {
    const body = (await api(app, owner).get(`/api/assistant/history?id=${conversationId}`).expect(200)).body as { messages: Parameters<typeof textOfMessage>[0][] };
    return body.messages.map((message) => [message.role, textOfMessage(message)]);
  }

  it('lists the models', async () => {
    expect(await client.listModels()).toEqual(MODELS);
  });

  it('answers a text, stored as a conversation', async () => {
    const reply = await client.text('general', 'Hello there, what can you do?');
    expect(reply.text).toMatch(/^This is the offline model/);
    expect(await history(reply.conversationId)).toEqual([
      ['user', 'Hello there, what can you do?'],
      ['assistant', reply.text],
    ]);
  });

  it('streams the text in several deltas, the same text that is stored', async () => {
    const reply = await client.stream('router', 'Hello, please introduce yourself');
    expect(reply.deltas.length).toBeGreaterThan(1);
    expect(reply.deltas.join('')).toBe(reply.text);
    expect(await history(reply.conversationId)).toEqual([
      ['user', 'Hello, please introduce yourself'],
      ['assistant', reply.text],
    ]);
  });

  it('gives structured output that matches the schema, stored as the reply', async () => {
    const post = await client.structured('social', 'Write a post about our bakery opening');
    expect(post).toEqual({ headline: expect.any(String) as string, hashtags: expect.any(Array) as unknown[] });
    expect(post.headline).toContain('bakery');
  });

  it('continues a conversation over turns: one conversation holds every turn', async () => {
    const reply = await client.converse('general', ['Hello, I run a bakery', 'What did I say I run?']);
    const turns = await history(reply.conversationId);
    expect(turns.map(([role, text]) => [role, role === 'user' ? text : expect.any(String)])).toEqual([
      ['user', 'Hello, I run a bakery'],
      ['assistant', expect.any(String)],
      ['user', 'What did I say I run?'],
      ['assistant', expect.any(String)],
    ]);
    expect(turns[3][1]).toBe(reply.text);
  });

  it('raises a wrong key as 401 authentication_error', async () => {
    const stranger = make(base, 'not-a-token');
    expect(await stranger.failure(stranger.text('general', 'Hello'))).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });
  });

  it('raises an unknown model as 404 model_not_found', async () => {
    expect(await client.failure(client.text('gpt-4o', 'Hello'))).toEqual({ status: 404, type: 'not_found_error', code: 'model_not_found', param: 'model' });
  });

  it('raises a setting out of range as 400 naming it', async () => {
    expect(await client.failure(client.text('general', 'Hello', { temperature: 5 }))).toEqual({ status: 400, type: 'invalid_request_error', code: undefined, param: 'temperature' });
  });
});

describe.each(CLIENTS)('/v1 limits with $name', ({ make }) => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '2', RATE_LIMIT_WINDOW_SECONDS: '60' } });
    await resetDatabase(app);
    base = `${await listen(app)}/v1`;
  });
  afterAll(() => app.close());

  it("raises the plan's rate limit as 429 rate_limit_exceeded", async () => {
    const client = make(base, (await apiToken(app, await signUp(app))).token);
    await client.text('general', 'Hello');
    await client.text('general', 'Hello again');
    expect(await client.failure(client.text('general', 'Hello once more'))).toMatchObject({ status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded' });
  });

  it('raises a used-up budget as 429 insufficient_quota', async () => {
    const user = await signUp(app);
    const client = make(base, (await apiToken(app, user)).token);
    await api(app, user).put(`/api/teams/${user.teamId}/budget`).send({ monthlyTokens: 1 }).expect(200);
    await client.text('general', 'Write a short post about our bakery');
    await app.get(UsageLedger).flush();
    await spendOnRealModel(app, user, 10);
    expect(await client.failure(client.text('general', 'Hello'))).toMatchObject({ status: 429, type: 'insufficient_quota', code: 'insufficient_quota' });
  });
});
