import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UsageLedger } from '../../../src/usage/usage-ledger.service.js';
import { api } from '../../helpers/api.js';
import { type ChatCompletionRequest, chatCompletion, LocalOpenAIServer, readJson, sendJson } from '../../helpers/fake-openai.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { waitForRun } from '../../helpers/runs.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const SLOW = { OFFLINE_MODEL_CHUNK_DELAY_MS: '40', STREAM_FLUSHES_PER_SECOND: '0', RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'silent' };
const LONG_QUESTION = 'Please walk me through everything you can do for a small marketing team';
/** About 20,000 tokens of material after the question (4 characters a token). */
const MATERIAL = Array.from({ length: 2000 }, (_, i) => `Note ${String(i).padStart(4, '0')}: the team met on Monday and planned the campaign.`).join('\n');
const BIG_PROMPT = `${LONG_QUESTION}\n${MATERIAL}`.slice(0, 90_000);

interface UsageRow {
  kind: string;
  input_tokens: number;
  output_tokens: number;
}

async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}

function post(base: string, user: TestUser, body: unknown): Promise<Response> {
  return fetch(`${base}/api/assistant/router`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body: JSON.stringify(body),
  });
}

/** Reads the reply until its first text delta, then stops it and reads it to its end. */
async function stopAfterFirstToken(app: INestApplication, user: TestUser, response: Response): Promise<string> {
  expect(response.status).toBe(200);
  const conversationId = response.headers.get('x-conversation-id')!;
  const decoder = new TextDecoder();
  let raw = '';
  let stopped = false;
  for await (const bytes of response.body!) {
    raw += decoder.decode(bytes, { stream: true });
    if (!stopped && raw.includes('"type":"text-delta"')) {
      stopped = true;
      await api(app, user).post(`/api/assistant/conversations/${conversationId}/stop`).expect(200);
    }
  }
  expect(stopped).toBe(true);
  return conversationId;
}

/**
 * Streams each reply a word at a time, slowly, and reports usage (in its last chunk, as OpenAI does
 * with include_usage) only when `reportUsage`: a reply stopped midway never gets that far. A
 * structured call (a workflow's planning) gets a plan of one general step.
 */
class SlowOpenAI extends LocalOpenAIServer {
  reportUsage = true;
  private wordsWritten = 0;
  private readonly wordWaiters: { count: number; resolve: () => void }[] = [];

  /** Resolves once the replies under way have written `count` more words than now. */
  moreWords(count: number): Promise<void> {
    return new Promise((resolve) => this.wordWaiters.push({ count: this.wordsWritten + count, resolve }));
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson<ChatCompletionRequest>(req);
    if (body.response_format) {
      const plan = { title: 'A long answer', steps: [{ description: LONG_QUESTION, agentId: 'general', requiresApproval: false }] };
      return sendJson(res, chatCompletion(body.model, JSON.stringify(plan)));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (extra: object) => `data: ${JSON.stringify({ id: 'chatcmpl-slow', object: 'chat.completion.chunk', created: 1, model: body.model, ...extra })}\n\n`;
    const words = 'This is a long answer that arrives one word at a time, slowly, so it can be stopped midway. '.repeat(4).match(/\S+\s*/g) ?? [];
    for (const word of words) {
      if (res.destroyed) return;
      res.write(chunk({ choices: [{ index: 0, delta: { content: word }, finish_reason: null }] }));
      this.wroteWord();
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    res.write(chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
    if (this.reportUsage) res.write(chunk({ choices: [], usage: { prompt_tokens: 1234, completion_tokens: 56, total_tokens: 1290 } }));
    res.end('data: [DONE]\n\n');
  }

  private wroteWord(): void {
    this.wordsWritten++;
    for (const waiter of this.wordWaiters.filter((waiter) => waiter.count <= this.wordsWritten)) {
      this.wordWaiters.splice(this.wordWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
}

/** Issue 28, item 3: a model call is counted however it ends (stopped, failed, never reported by its provider). */
describe('usage of calls that do not finish', () => {
  describe('offline model', () => {
    let app: INestApplication;
    let base: string;
    let db: DataSource;

    beforeAll(async () => {
      app = await createTestApp({ env: SLOW });
      await resetDatabase(app);
      db = app.get(DataSource);
      base = await listen(app);
    });
    afterAll(() => app.close());

    const rowsOf = async (conversationId: string): Promise<UsageRow[]> => {
      await app.get(UsageLedger).flush();
      return db.query<UsageRow[]>(`SELECT kind, input_tokens, output_tokens FROM usage_records WHERE conversation_id = $1 ORDER BY id`, [conversationId]);
    };

    it('a reply stopped after its first token records its prompt’s input tokens and the output it streamed', async () => {
      const user = await signUp(app);
      const body = { messages: [userMessage(BIG_PROMPT)], agentId: 'general' };

      const completed = await post(base, user, body);
      await completed.text();
      const [full] = await rowsOf(completed.headers.get('x-conversation-id')!);
      expect(full.kind).toBe('chat');
      expect(full.input_tokens).toBeGreaterThan(20_000);

      const conversationId = await stopAfterFirstToken(app, user, await post(base, user, body));
      // The reply's rows, not the new conversation's title, written once the stopped reply is stored.
      const rows = await waitFor(async () => {
        const found = (await rowsOf(conversationId)).filter((row) => row.kind !== 'title');
        return found.length > 0 && found;
      }, 'the stopped reply’s usage');
      expect(rows).toHaveLength(1);
      expect(rows[0].kind).toBe('chat');
      expect(Math.abs(rows[0].input_tokens - full.input_tokens)).toBeLessThanOrEqual(full.input_tokens * 0.02);
      expect(rows[0].output_tokens).toBeGreaterThan(0);
      expect(rows[0].output_tokens).toBeLessThan(full.output_tokens);
    });

  });

  describe('a provider that reports usage only at the end, or never', () => {
    let app: INestApplication;
    let base: string;
    let db: DataSource;
    const provider = new SlowOpenAI();

    beforeAll(async () => {
      const url = await provider.start();
      app = await createTestApp({ env: { ...SLOW, OPENAI_BASE_URL: url, DEFAULT_MODEL: 'openai:gpt-test' } });
      await resetDatabase(app);
      db = app.get(DataSource);
      base = await listen(app);
    });
    afterAll(async () => {
      await app.close();
      await provider.stop();
    });

    const chatRows = async (conversationId: string): Promise<UsageRow[]> => {
      await app.get(UsageLedger).flush();
      return db.query<UsageRow[]>(`SELECT kind, input_tokens, output_tokens FROM usage_records WHERE conversation_id = $1 AND kind = 'chat'`, [conversationId]);
    };
    const body = { messages: [userMessage(BIG_PROMPT)], agentId: 'general' };
    const promptTokens = Math.ceil(BIG_PROMPT.length / 4);

    it('takes the provider’s figures when they come', async () => {
      provider.reportUsage = true;
      const user = await signUp(app);
      const response = await post(base, user, body);
      await response.text();
      expect(await chatRows(response.headers.get('x-conversation-id')!)).toEqual([{ kind: 'chat', input_tokens: 1234, output_tokens: 56 }]);
    });

    it('a reply stopped before the provider reported counts the prompt and the streamed text', async () => {
      provider.reportUsage = true;
      const user = await signUp(app);
      const conversationId = await stopAfterFirstToken(app, user, await post(base, user, body));
      const rows = await waitFor(async () => {
        const found = await chatRows(conversationId);
        return found.length > 0 && found;
      }, 'the stopped reply’s usage');
      expect(rows).toHaveLength(1);
      expect(rows[0].input_tokens).toBeGreaterThanOrEqual(promptTokens);
      expect(rows[0].input_tokens).toBeLessThan(promptTokens * 1.1);
      expect(rows[0].output_tokens).toBeGreaterThan(0);
    });

    it('a reply whose provider never reports usage is counted from its prompt and text', async () => {
      provider.reportUsage = false;
      const user = await signUp(app);
      const response = await post(base, user, body);
      await response.text();
      const rows = await chatRows(response.headers.get('x-conversation-id')!);
      expect(rows).toHaveLength(1);
      expect(rows[0].input_tokens).toBeGreaterThanOrEqual(promptTokens);
      // About 90 words of about 5 characters.
      expect(rows[0].output_tokens).toBeGreaterThan(50);
    });

    it('a run stopped mid-step records the step’s consumption', async () => {
      const user = await signUp(app);
      const { workflowId } = await createWorkflow(app, user, { goal: 'Write a LinkedIn post about our week' });
      await db.query(`UPDATE workflows SET status = 'active', approved_at = now() WHERE id = $1`, [workflowId]);
      // Stopped once the step's reply has streamed a few words: its one model call is cut.
      const streaming = provider.moreWords(3);
      const { runId } = (await api(app, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
      await streaming;
      await api(app, user).post(`/api/workflows/${workflowId}/runs/${runId}/stop`).expect(200);
      await waitForRun(app, user, workflowId, runId, 'failed');

      const rows = await waitFor(async () => {
        await app.get(UsageLedger).flush();
        const found = await db.query<UsageRow[]>(`SELECT kind, input_tokens, output_tokens FROM usage_records WHERE run_id = $1 ORDER BY id`, [runId]);
        return found.length > 0 && found;
      }, 'the stopped step’s usage');
      expect(rows).toEqual([expect.objectContaining({ kind: 'run-step' })]);
      expect(rows[0].input_tokens).toBeGreaterThan(0);
      expect(rows[0].output_tokens).toBeGreaterThan(0);
    });
  });
});
