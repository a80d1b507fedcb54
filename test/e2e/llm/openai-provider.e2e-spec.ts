import type { IncomingMessage, ServerResponse } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { chatCompletion, LocalOpenAIServer, readJson, sendJson } from '../../helpers/fake-openai.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** A 1×1 PNG, as the image model's answer and as the photo of a receipt. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** What the failing stream's error says: it must never reach the user. */
const UPSTREAM_DETAIL = 'upstream shard 7 overloaded (internal)';

interface ProviderRequest {
  path: string;
  body: {
    model?: string;
    stream?: boolean;
    prompt?: string;
    n?: number;
    messages?: { role: string; content: unknown }[];
    response_format?: { type: string; json_schema?: { name?: string; schema?: { properties?: Record<string, unknown> } } };
    tools?: { function: { name: string } }[];
  };
}

type StreamScript = { chunks: unknown[]; then: 'finish' | 'error-event' | 'cut' };

/** What the fake provider answers, set by each test. */
interface Script {
  /** The agent the routing call picks. */
  route?: string;
  /** The object the plan call returns. */
  plan?: unknown;
  /** The text a plain (non-streaming, unstructured) call returns: the vision read. */
  text?: string;
  /** Base64 images the image model returns. */
  images?: string[];
  /** The agent's streamed calls, in order. */
  streams?: StreamScript[];
}

/**
 * A local server speaking the OpenAI API (chat completions, streamed or not, with structured
 * output; image generations), as any OpenAI-compatible server does. It records every request.
 */
class FakeOpenAI extends LocalOpenAIServer {
  readonly requests: ProviderRequest[] = [];
  script: Script = {};
  private streamCalls = 0;

  reset(script: Script): void {
    this.script = script;
    this.requests.length = 0;
    this.streamCalls = 0;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson<ProviderRequest['body']>(req);
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    this.requests.push({ path, body });

    if (path === '/v1/images/generations') {
      return sendJson(res, { created: 1, data: (this.script.images ?? []).map((b64_json) => ({ b64_json })) });
    }
    if (path !== '/v1/chat/completions') return sendJson(res, { error: { message: `no route ${path}` } }, 404);
    const structured = body.response_format?.json_schema?.name;
    if (structured === 'agent_route') return completion(res, body, JSON.stringify({ agentId: this.script.route ?? 'general', confident: true }));
    if (structured === 'workflow_plan') return completion(res, body, JSON.stringify(this.script.plan));
    if (!body.stream) return completion(res, body, this.script.text ?? '');

    const stream = this.script.streams?.[this.streamCalls++];
    if (!stream) return sendJson(res, { error: { message: 'no stream scripted' } }, 500);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const base = { id: 'chatcmpl-stream', object: 'chat.completion.chunk', created: 1, model: body.model };
    for (const chunk of stream.chunks) res.write(`data: ${JSON.stringify({ ...base, ...(chunk as object) })}\n\n`);
    if (stream.then === 'cut') {
      // The connection closes mid-reply (after what was sent, which a reset could discard), as
      // when a proxy or the provider goes away: the chunked body never ends.
      res.socket?.end();
      return;
    }
    if (stream.then === 'error-event') {
      res.end(`data: ${JSON.stringify({ error: { message: UPSTREAM_DETAIL, type: 'server_error', code: 'overloaded' } })}\n\n`);
      return;
    }
    res.write(`data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 20, completion_tokens: 8, total_tokens: 28 } })}\n\n`);
    res.end('data: [DONE]\n\n');
  }
}

function completion(res: ServerResponse, body: ProviderRequest['body'], content: string): void {
  sendJson(res, chatCompletion(body.model, content));
}

/** A streamed call that calls one tool. */
function toolCall(name: string, args: unknown): StreamScript {
  const text = JSON.stringify(args);
  const half = Math.floor(text.length / 2);
  const call = (fn: object, extra: object = {}) => ({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, ...extra, function: fn }] }, finish_reason: null }] });
  return {
    chunks: [
      call({ name, arguments: '' }, { id: 'call_1', type: 'function' }),
      call({ arguments: text.slice(0, half) }),
      call({ arguments: text.slice(half) }),
      { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
    ],
    then: 'finish',
  };
}

/** Streamed text deltas, then how the stream ends. */
function words(list: string[], then: StreamScript['then'] = 'finish'): StreamScript {
  const deltas = list.map((content) => ({ choices: [{ index: 0, delta: { content }, finish_reason: null }] }));
  return { chunks: then === 'finish' ? [...deltas, { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }] : deltas, then };
}

describe('the OpenAI provider beyond chat: plans, images, vision, and a stream that fails midway', () => {
  const fake = new FakeOpenAI();
  let app: INestApplication;
  let user: TestUser;

  beforeAll(async () => {
    const baseUrl = await fake.start();
    app = await createTestApp({
      env: { OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: 'sk-test', DEFAULT_MODEL: 'openai:gpt-test', PUBLIC_URL: 'https://assistant.example.com' },
    });
    await resetDatabase(app);
    user = await signUp(app);
  });
  afterAll(async () => {
    await app?.close();
    await fake.stop();
  });

  describe('plan generation', () => {
    it('asks the model for a structured plan and saves the steps it returns', async () => {
      const plan = {
        title: 'Weekly LinkedIn post',
        steps: [
          { description: 'Outline a LinkedIn post about the week', agentId: 'social', requiresApproval: false },
          { description: 'Write the post from the outline', agentId: 'social', requiresApproval: true },
          { description: 'Suggest a thumbnail for the video version', agentId: 'video', requiresApproval: false },
        ],
      };
      fake.reset({ plan });
      const goal = 'Every Monday, outline and write a LinkedIn post about our week, and publish it after review.';
      const created = await api(app, user).post('/api/workflows').send({ goal }).expect(201);
      expect(created.body).toMatchObject({
        title: 'Weekly LinkedIn post',
        status: 'draft',
        steps: plan.steps.map((step, stepIndex) => ({ stepIndex, ...step })),
      });
      const stored = await api(app, user).get(`/api/workflows/${created.body.workflowId}`).expect(200);
      expect(stored.body).toMatchObject({ title: 'Weekly LinkedIn post', goal, status: 'draft' });
      expect(stored.body.workflowSteps.map((step: { description: string; agentId: string; requiresApproval: boolean }) => [step.description, step.agentId, step.requiresApproval])).toEqual(
        plan.steps.map((step) => [step.description, step.agentId, step.requiresApproval]),
      );

      expect(fake.requests).toHaveLength(1);
      const [request] = fake.requests;
      expect(request.body).toMatchObject({ model: 'gpt-test', response_format: { type: 'json_schema', json_schema: { name: 'workflow_plan' } } });
      expect(request.body.stream).toBeFalsy();
      expect(Object.keys(request.body.response_format?.json_schema?.schema?.properties ?? {}).sort()).toEqual(['steps', 'title']);
      expect(JSON.stringify(request.body.messages)).toContain(goal);
    });

    it('refuses a plan that breaks the schema (an unknown agent): 500 without details, and no workflow', async () => {
      fake.reset({ plan: { title: 'Bad plan', steps: [{ description: 'Hack the planet', agentId: 'hacker', requiresApproval: false }] } });
      const before = await countRows(app, 'workflows');
      const response = await api(app, user).post('/api/workflows').send({ goal: 'Do something odd' });
      expectError(response, 500, 'Internal server error');
      expect(JSON.stringify(response.body)).not.toContain('hacker');
      expect(await countRows(app, 'workflows')).toBe(before);
    });
  });

  it('creates an image with the image model, stores its bytes, and serves them at the asset\'s link', async () => {
    fake.reset({
      route: 'social',
      images: [PNG_BASE64],
      streams: [toolCall('generate_image', { prompt: 'A lighthouse at dusk', style: 'photo' }), words(['Here ', 'is ', 'your ', 'image.'])],
    });
    const reply = await chat(app, user, { messages: [userMessage('Make an image of a lighthouse at dusk')] });
    expect(reply.message.metadata).toMatchObject({ agentId: 'social', modelId: 'openai:gpt-test' });
    expect(textOfMessage(reply.message)).toBe('Here is your image.');

    const imageCalls = fake.requests.filter((request) => request.path === '/v1/images/generations');
    expect(imageCalls.map((request) => request.body)).toEqual([
      expect.objectContaining({ model: 'gpt-image-1', n: 1, prompt: 'A lighthouse at dusk\n\nStyle: Photorealistic photograph, natural light.' }),
    ]);

    const [image] = (await api(app, user).get(`/api/assets?conversationId=${reply.conversationId}&type=image`).expect(200)).body;
    expect(image).toMatchObject({ title: 'A lighthouse at dusk', metadata: { prompt: 'A lighthouse at dusk', style: 'photo' } });
    expect(image.content).toMatch(new RegExp(`^https://assistant\\.example\\.com/files/images/${user.teamId}/[A-Za-z0-9_-]{22}\\.png$`));
    const served = await api(app).get(new URL(image.content).pathname).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    // The model's image itself, not the offline model's rendered card.
    expect(Buffer.compare(served.body as Buffer, Buffer.from(PNG_BASE64, 'base64'))).toBe(0);
  });

  it('reads an attached receipt photo with the vision model and saves what it read', async () => {
    const transcript = 'Corner Cafe\n2026-03-14\n2 x Latte 4.50\nCroissant 3.20\nTotal 12.20';
    fake.reset({
      route: 'finance',
      text: transcript,
      streams: [toolCall('extract_receipt_data', {}), words(['Saved ', 'your ', 'receipt.'])],
    });
    const photo = { type: 'file', mediaType: 'image/png', filename: 'receipt.png', url: `data:image/png;base64,${PNG_BASE64}` } as const;
    const reply = await chat(app, user, { messages: [userMessage('Here is my receipt', [photo] as UIMessage['parts'])] });
    expect(reply.message.metadata).toMatchObject({ agentId: 'finance', modelId: 'openai:gpt-test' });
    expect(textOfMessage(reply.message)).toBe('Saved your receipt.');

    // The vision read: one plain call carrying the photo's bytes and the instruction.
    const visionCalls = fake.requests.filter((request) => request.path === '/v1/chat/completions' && !request.body.stream && !request.body.response_format);
    expect(visionCalls).toHaveLength(1);
    expect(visionCalls[0].body).toMatchObject({
      model: 'gpt-test',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: expect.stringMatching(/^Transcribe this receipt/) },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
          ],
        },
      ],
    });

    const [receipt] = (await api(app, user).get(`/api/assets?conversationId=${reply.conversationId}&type=receipt`).expect(200)).body;
    expect(receipt.metadata).toEqual({ total: 12.2, currency: 'USD', itemCount: 2 });
    expect(receipt.title).toContain('Corner Cafe');
    expect(receipt.content).toContain('Latte');
    expect(receipt.content).toContain('Croissant');
  });

  describe('a stream that fails midway', () => {
    it.each([
      ['an error event from the provider', 'error-event'],
      ['the connection dropped', 'cut'],
    ] as const)('after %s: the client gets the text so far and a safe error, the partial reply is stored, the conversation goes on', async (_name, then) => {
      fake.reset({ route: 'general', streams: [words(['Here ', 'is ', 'the ', 'start'], then), words(['Second ', 'answer.'])] });
      const response = await api(app, user).post('/api/assistant/router').send({ messages: [userMessage('Tell me about our week')] }).expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(response.text).not.toContain(UPSTREAM_DETAIL);
      expect(response.text).not.toContain('overloaded');
      const conversationId = String(response.headers['x-conversation-id']);
      const events = response.text
        .split('\n')
        .filter((line) => line.startsWith('data: {'))
        .map((line) => JSON.parse(line.slice('data: '.length)) as { type: string; delta?: string; errorText?: string });
      expect(events.filter((event) => event.type === 'text-delta').map((event) => event.delta).join('')).toBe('Here is the start');
      expect(events.filter((event) => event.type === 'error')).toEqual([{ type: 'error', errorText: 'The agent failed while answering. Please try again.' }]);
      // One agent call: a failure after output is not retried (it would repeat the text).
      expect(fake.requests.filter((request) => request.body.stream)).toHaveLength(1);

      const history = await api(app, user).get(`/api/assistant/history?id=${conversationId}`).expect(200);
      expect(history.body.messages.map((message: UIMessage) => [message.role, textOfMessage(message)])).toEqual([
        ['user', 'Tell me about our week'],
        ['assistant', 'Here is the start'],
      ]);

      // Nothing is left hanging: the next message in the conversation is answered.
      const next = await chat(app, user, { messages: [userMessage('Go on')], conversationId });
      expect(textOfMessage(next.message)).toBe('Second answer.');
    });
  });
});

async function countRows(app: INestApplication, table: string): Promise<number> {
  const [{ count }] = await app.get(DataSource).query(`SELECT count(*)::int AS count FROM ${table}`);
  return count;
}
