import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import OpenAI, { APIError, BadRequestError, NotFoundError } from 'openai';
import { api, type Caller } from '../../helpers/api.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** This service's fields on a response. */
interface ServiceFields {
  conversation_id: string;
}

async function apiToken(app: INestApplication, user: TestUser): Promise<Caller> {
  const created = await api(app, user).post('/api/auth/tokens').send({ name: 'Responses' }).expect(201);
  return { token: created.body.token as string };
}

async function rejection(call: Promise<unknown>): Promise<APIError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(APIError);
  return error as APIError;
}

async function conversationIds(app: INestApplication, caller: Caller): Promise<string[]> {
  return ((await api(app, caller).get('/api/assistant/conversations').expect(200)).body as { id: string }[]).map((conversation) => conversation.id);
}

describe('/v1/responses', () => {
  let app: INestApplication;
  let alice: Caller;
  let bob: Caller;
  let client: OpenAI;
  let bobClient: OpenAI;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000', STREAM_FLUSHES_PER_SECOND: '0' } });
    await resetDatabase(app);
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/v1`;
    alice = await apiToken(app, await signUp(app));
    bob = await apiToken(app, await signUp(app));
    client = new OpenAI({ baseURL: base, apiKey: alice.token, maxRetries: 0 });
    bobClient = new OpenAI({ baseURL: base, apiKey: bob.token, maxRetries: 0 });
  });
  afterAll(() => app.close());

  it('answers input items as a response that echoes instructions and metadata; GET reads it back from its conversation', async () => {
    const created = (await client.responses.create({
      model: 'general',
      instructions: 'You are a pirate',
      metadata: { source: 'test' },
      store: true,
      input: [
        { role: 'developer', content: 'Be brief' },
        { role: 'user', content: [{ type: 'input_text', text: 'Hello there' }] },
      ],
    })) as OpenAI.Responses.Response & ServiceFields;
    expect(created).toMatchObject({ object: 'response', status: 'completed', model: 'general', instructions: 'You are a pirate', metadata: { source: 'test' }, error: null });
    expect(created.id).toMatch(/^resp_[0-9a-f]{64}$/);
    expect(created.output_text).toMatch(/^This is the offline model/);
    expect(created.output[0]).toMatchObject({ type: 'message', role: 'assistant', status: 'completed', id: created.id.replace(/^resp_/, 'msg_') });
    expect(created.usage!.total_tokens).toBe(created.usage!.input_tokens + created.usage!.output_tokens);
    expect(created.usage!.output_tokens).toBeGreaterThan(0);

    const read = await client.responses.retrieve(created.id);
    expect(read).toMatchObject({ id: created.id, status: 'completed', created_at: expect.any(Number) as number, model: 'general', usage: created.usage });
    expect(read.output_text).toBe(created.output_text);
  });

  it('streams the Responses events in order, numbered, ending with the completed response', async () => {
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of await client.responses.create({ model: 'router', input: 'Hello, please introduce yourself', stream: true })) events.push(event);
    const types = [...new Set(events.map((event) => event.type))];
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    const completed = events.at(-1) as OpenAI.Responses.ResponseCompletedEvent;
    const deltas = events.flatMap((event) => (event.type === 'response.output_text.delta' ? [event.delta] : []));
    expect(completed.response.output).toEqual([expect.objectContaining({ content: [expect.objectContaining({ text: deltas.join('') })] })]);
    expect((await client.responses.retrieve(completed.response.id)).output_text).toBe(deltas.join(''));
  });

  it('continues the conversation of previous_response_id, which another team cannot reach', async () => {
    const first = (await client.responses.create({ model: 'general', input: 'Hello, I run a bakery' })) as OpenAI.Responses.Response & ServiceFields;
    const second = (await client.responses.create({ model: 'general', input: 'What do I run?', previous_response_id: first.id })) as OpenAI.Responses.Response & ServiceFields;
    expect(second.conversation_id).toBe(first.conversation_id);
    expect(second.previous_response_id).toBe(first.id);

    const bobsBefore = await conversationIds(app, bob);
    const stolen = await rejection(bobClient.responses.create({ model: 'general', input: 'Tell me their secrets', previous_response_id: first.id }));
    expect(stolen).toBeInstanceOf(NotFoundError);
    expect(stolen.error).toMatchObject({ param: 'previous_response_id', type: 'not_found_error' });
    expect(await rejection(bobClient.responses.retrieve(first.id))).toBeInstanceOf(NotFoundError);
    expect(await conversationIds(app, bob)).toEqual(bobsBefore);
  });

  it('answers an unknown or malformed response id with 404', async () => {
    expect(await rejection(client.responses.retrieve(`resp_${'0'.repeat(64)}`))).toBeInstanceOf(NotFoundError);
    expect(await rejection(client.responses.retrieve('resp_abc'))).toBeInstanceOf(NotFoundError);
    const unknown = await rejection(client.responses.create({ model: 'general', input: 'Hi', previous_response_id: 'resp_nope' }));
    expect(unknown.error).toMatchObject({ param: 'previous_response_id' });
  });

  it('gives JSON for text.format json_object and json_schema', async () => {
    const object = await client.responses.create({ model: 'general', input: 'Describe our bakery as JSON', text: { format: { type: 'json_object' } } });
    expect(JSON.parse(object.output_text)).toEqual(expect.any(Object));
    const schema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false };
    const filled = await client.responses.create({ model: 'general', input: 'Name our bakery', text: { format: { type: 'json_schema', name: 'bakery', schema, strict: true } } });
    expect(JSON.parse(filled.output_text)).toEqual({ name: expect.any(String) as string });
    expect(filled.text?.format).toMatchObject({ type: 'json_schema', name: 'bakery' });
  });

  it('refuses what it cannot honour with 400 naming the field, storing nothing', async () => {
    const before = await conversationIds(app, alice);
    const refusals: [Record<string, unknown>, string][] = [
      [{ input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'https://example.com/cat.png' }] }] }, 'input[0].content[0].image_url'],
      [{ input: [{ role: 'user', content: [{ type: 'input_file', file_id: 'file-1' }] }] }, 'input[0].content[0].type'],
      [{ input: [{ role: 'assistant', content: 'Hi' }] }, 'input'],
      [{ input: [{ type: 'web_search_call', id: 'x' }, { role: 'user', content: 'Hi' }] }, 'input[0].type'],
      [{ input: '' }, 'input'],
      [{ input: 'x'.repeat(8001) }, 'input'],
      [{ input: 'Hi', instructions: 'x'.repeat(8001) }, 'instructions'],
      [{ input: 'Hi', text: { format: { type: 'json_schema', name: 'list', schema: { type: 'array' } } } }, 'text.format.schema.type'],
      [{ input: 'Hi', text: { format: { type: 'json_schema', name: 'no spaces allowed', schema: { type: 'object' } } } }, 'text.format.name'],
      [{ input: 'Hi', text: { format: { type: 'yaml' } } }, 'text.format.type'],
      [{ input: 'Hi', tools: [{ type: 'function', name: 'f', parameters: {} }] }, 'tools'],
      [{ input: 'Hi', background: true }, 'background'],
      [{ input: 'Hi', conversation: 'chat-1', previous_response_id: `resp_${'0'.repeat(64)}` }, 'previous_response_id'],
      [{ input: 'Hi', colour: 'blue' }, 'colour'],
    ];
    for (const [body, param] of refusals) {
      const error = await rejection(client.responses.create({ model: 'general', ...body } as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming));
      expect(error, JSON.stringify(body)).toBeInstanceOf(BadRequestError);
      expect(error.error, JSON.stringify(body)).toMatchObject({ param, type: 'invalid_request_error' });
    }
    expect(await conversationIds(app, alice)).toEqual(before);
  });

  it('keeps a conversation under the conversation field, as chat completions keep one under conversation_id', async () => {
    const first = (await client.responses.create({ model: 'general', input: 'Hello', conversation: 'support-7' })) as OpenAI.Responses.Response & ServiceFields;
    const second = (await client.responses.create({ model: 'general', input: 'Again', conversation: { id: 'support-7' } })) as OpenAI.Responses.Response & ServiceFields;
    expect(second.conversation_id).toBe(first.conversation_id);
    const history = (await api(app, alice).get('/api/assistant/history?id=support-7').expect(200)).body as { messages: { role: string }[] };
    expect(history.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });
});

describe('/v1/chat/completions response_format', () => {
  let app: INestApplication;
  let client: OpenAI;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/v1`;
    client = new OpenAI({ baseURL: base, apiKey: (await apiToken(app, await signUp(app))).token, maxRetries: 0 });
  });
  afterAll(() => app.close());

  it('answers json_object and json_schema with JSON, with no asset links in it', async () => {
    const messages = [{ role: 'user' as const, content: 'Write an Instagram post about our new bakery opening' }];
    const object = await client.chat.completions.create({ model: 'social', messages, response_format: { type: 'json_object' } });
    expect(JSON.parse(object.choices[0].message.content!)).toEqual(expect.any(Object));
    const schema = { type: 'object', properties: { caption: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['caption', 'tags'] };
    const filled = await client.chat.completions.create({ model: 'social', messages, response_format: { type: 'json_schema', json_schema: { name: 'post', schema } } });
    expect(JSON.parse(filled.choices[0].message.content!)).toEqual({ caption: expect.stringContaining('bakery') as string, tags: [] });
  });

  it('refuses a response_format it cannot honour with 400 naming the field', async () => {
    const messages = [{ role: 'user' as const, content: 'Hi' }];
    const refusals: [Record<string, unknown>, string][] = [
      [{ type: 'json_schema' }, 'response_format.json_schema'],
      [{ type: 'json_schema', json_schema: { name: 'a b', schema: { type: 'object' } } }, 'response_format.json_schema.name'],
      [{ type: 'json_schema', json_schema: { name: 'post' } }, 'response_format.json_schema.schema'],
      [{ type: 'json_schema', json_schema: { name: 'post', schema: { type: 'string' } } }, 'response_format.json_schema.schema.type'],
      [{ type: 'xml' }, 'response_format.type'],
    ];
    for (const [format, param] of refusals) {
      const error = await rejection(client.chat.completions.create({ model: 'general', messages, response_format: format as never }));
      expect(error, JSON.stringify(format)).toBeInstanceOf(BadRequestError);
      expect(error.error, JSON.stringify(format)).toMatchObject({ param });
    }
  });
});
