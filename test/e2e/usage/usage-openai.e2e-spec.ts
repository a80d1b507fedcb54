import type { IncomingMessage, ServerResponse } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { DataSource } from 'typeorm';
import type { UsageReportResponse } from '../../../src/usage/usage.response.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { LocalOpenAIServer, readJson, sendJson } from '../../helpers/fake-openai.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
import { createWorkflow } from '../../helpers/workflows.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** A 1×1 PNG: the image model's answer and the photo of a receipt. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The usage the fake server reports for each kind of call: distinct, so each row is recognised. */
const USAGE = {
  route: { prompt_tokens: 11, completion_tokens: 3 },
  plan: { prompt_tokens: 55, completion_tokens: 13 },
  vision: { prompt_tokens: 66, completion_tokens: 16 },
  toolCall: { prompt_tokens: 101, completion_tokens: 21 },
  answer: { prompt_tokens: 202, completion_tokens: 42 },
  image: { input_tokens: 7, output_tokens: 300 },
  title: { prompt_tokens: 33, completion_tokens: 5 },
};
const PRICES = { 'openai:gpt-test': { input: 1, output: 4 }, 'openai:gpt-image-1': { input: 5, output: 10, image: 0.25 } };

interface Body {
  stream?: boolean;
  model?: string;
  messages?: { role: string }[];
  response_format?: { json_schema?: { name?: string } };
}

/** An OpenAI-compatible server: routing, plans, vision reads, image generations, and streamed replies that call one tool, then answer. */
class MeteredOpenAI extends LocalOpenAIServer {
  route = 'general';
  tool: { name: string; args: unknown } | undefined;

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson<Body>(req);
    if (req.url?.endsWith('/images/generations')) return sendJson(res, { created: 1, data: [{ b64_json: PNG_BASE64 }], usage: { ...USAGE.image, total_tokens: 307 } });
    const name = body.response_format?.json_schema?.name;
    if (name === 'agent_route') return completion(res, body, JSON.stringify({ agentId: this.route, confident: true }), USAGE.route);
    if (name === 'conversation_title') return completion(res, body, JSON.stringify({ title: 'A new chat' }), USAGE.title);
    if (name === 'workflow_plan') {
      const plan = { title: 'Launch post', steps: [{ description: 'Write the launch post', agentId: 'social', requiresApproval: false }] };
      return completion(res, body, JSON.stringify(plan), USAGE.plan);
    }
    if (!body.stream) return completion(res, body, 'Corner Cafe\nTotal 12.20', USAGE.vision);

    // A tool call first; once the tool's result is in the conversation, the answer.
    const answering = body.messages?.at(-1)?.role === 'tool' || !this.tool;
    const base = { id: 'chatcmpl-stream', object: 'chat.completion.chunk', created: 1, model: body.model };
    const delta = answering
      ? { content: 'Done.' }
      : { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: this.tool!.name, arguments: JSON.stringify(this.tool!.args) } }] };
    const usage = answering ? USAGE.answer : USAGE.toolCall;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`);
    res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: answering ? 'stop' : 'tool_calls' }] })}\n\n`);
    res.write(`data: ${JSON.stringify({ ...base, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`);
    res.end('data: [DONE]\n\n');
  }
}

function completion(res: ServerResponse, body: Body, content: string, usage: { prompt_tokens: number; completion_tokens: number }): void {
  sendJson(res, {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1,
    model: body.model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  });
}

interface Row {
  kind: string;
  model_id: string;
  input_tokens: number;
  output_tokens: number;
  images: number;
  conversation_id: string | null;
  workflow_id: string | null;
}

describe('usage ledger through an OpenAI-compatible provider: the figures the provider reports', () => {
  const fake = new MeteredOpenAI();
  let app: INestApplication;
  let user: TestUser;

  const rowsWhen = (count: number): Promise<Row[]> =>
    waitFor(async () => {
      const rows = await app
        .get(DataSource)
        .query<Row[]>('SELECT kind, model_id, input_tokens, output_tokens, images, conversation_id, workflow_id FROM usage_records WHERE team_id = $1 ORDER BY created_at, id', [user.teamId]);
      return rows.length >= count ? rows : undefined;
    }, `${count} usage rows`);
  const row = (kind: string, modelId: string, usage: { prompt_tokens?: number; completion_tokens?: number; input_tokens?: number; output_tokens?: number }, rest: Partial<Row> = {}) => ({
    kind,
    model_id: modelId,
    input_tokens: usage.prompt_tokens ?? usage.input_tokens,
    output_tokens: usage.completion_tokens ?? usage.output_tokens,
    images: 0,
    ...rest,
  });

  beforeAll(async () => {
    const baseUrl = await fake.start();
    app = await createTestApp({
      env: { OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: 'sk-test', DEFAULT_MODEL: 'openai:gpt-test', MODEL_PRICES: JSON.stringify(PRICES), LOG_LEVEL: 'error' },
    });
    await resetDatabase(app);
    user = await signUp(app);
  });
  afterAll(async () => {
    await app?.close();
    await fake.stop();
  });

  it('records routing, each streamed step, the image generation (per image) and the vision read, with exact token counts', async () => {
    fake.route = 'social';
    fake.tool = { name: 'generate_image', args: { prompt: 'A lighthouse at dusk', style: 'photo' } };
    const image = await chat(app, user, { messages: [userMessage('Make an image of a lighthouse at dusk')] });
    expect(textOfMessage(image.message)).toBe('Done.');
    const conversation = { conversation_id: image.conversationId, workflow_id: null };
    // The new conversation's title is written once its reply is stored.
    expect(await rowsWhen(5)).toEqual([
      row('routing', 'openai:gpt-test', USAGE.route, { conversation_id: null, workflow_id: null }),
      row('chat', 'openai:gpt-test', USAGE.toolCall, conversation),
      row('image', 'openai:gpt-image-1', USAGE.image, { ...conversation, images: 1 }),
      row('chat', 'openai:gpt-test', USAGE.answer, conversation),
      row('title', 'openai:gpt-test', USAGE.title, conversation),
    ]);

    fake.route = 'finance';
    fake.tool = { name: 'extract_receipt_data', args: {} };
    const photo = { type: 'file', mediaType: 'image/png', filename: 'receipt.png', url: `data:image/png;base64,${PNG_BASE64}` } as const;
    const receipt = await chat(app, user, { messages: [userMessage('Here is my receipt', [photo] as UIMessage['parts'])] });
    const receiptConversation = { conversation_id: receipt.conversationId, workflow_id: null };
    expect((await rowsWhen(10)).slice(5)).toEqual([
      row('routing', 'openai:gpt-test', USAGE.route, { conversation_id: null, workflow_id: null }),
      row('chat', 'openai:gpt-test', USAGE.toolCall, receiptConversation),
      row('tool', 'openai:gpt-test', USAGE.vision, receiptConversation),
      row('chat', 'openai:gpt-test', USAGE.answer, receiptConversation),
      row('title', 'openai:gpt-test', USAGE.title, receiptConversation),
    ]);
  });

  it('records a plan under its workflow, and prices each model by MODEL_PRICES', async () => {
    const created = await createWorkflow(app, user, { goal: 'Write a post about our launch' });
    expect((await rowsWhen(11)).slice(10)).toEqual([row('planning', 'openai:gpt-test', USAGE.plan, { conversation_id: null, workflow_id: created.workflowId })]);

    const report = (await api(app, user).get('/api/usage?groupBy=model').expect(200)).body as UsageReportResponse;
    const text = { input: 2 * 11 + 2 * 101 + 2 * 202 + 66 + 55 + 2 * 33, output: 2 * 3 + 2 * 21 + 2 * 42 + 16 + 13 + 2 * 5 };
    const textCost = (text.input * 1 + text.output * 4) / 1_000_000;
    const imageCost = (7 * 5 + 300 * 10) / 1_000_000 + 0.25;
    expect(report.rows).toEqual([
      { key: 'openai:gpt-test', inputTokens: text.input, outputTokens: text.output, calls: 10, images: 0, cost: textCost },
      { key: 'openai:gpt-image-1', inputTokens: 7, outputTokens: 300, calls: 1, images: 1, cost: imageCost },
    ]);
    expect(report.totals).toEqual({ inputTokens: text.input + 7, outputTokens: text.output + 300, calls: 11, images: 1, cost: Math.round((textCost + imageCost) * 1e6) / 1e6 });
  });
});
