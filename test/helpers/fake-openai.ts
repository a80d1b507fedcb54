import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONVERSATION_TITLE_OUTPUT } from '../../src/llm/offline/offline-language-model.js';

export interface ChatCompletionRequest {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: unknown }[];
  response_format?: { json_schema?: { name?: string } };
}

/**
 * An OpenAI-compatible server on a free loopback port, answering as `handle` says: the plumbing
 * every fake provider of the tests shares.
 */
export abstract class LocalOpenAIServer {
  private readonly server: Server = createServer((req, res) => void this.handle(req, res));

  /** Listens, and returns the base URL to give as OPENAI_BASE_URL. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/** A request's JSON body (`{}` when empty). */
export async function readJson<T>(req: IncomingMessage): Promise<T> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString() || '{}') as T;
}

export function sendJson(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A whole (not streamed) chat completion answering `content`. */
export function chatCompletion(model: string | undefined, content: string): object {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/**
 * A local OpenAI-compatible server for chat completions: routing calls (structured output) get
 * `route`, streamed calls stream `reply` word by word, or fail with `failWith` (an API error the
 * provider does not retry). It records every request.
 */
export class FakeOpenAI extends LocalOpenAIServer {
  readonly requests: ChatCompletionRequest[] = [];
  route = 'general';
  reply = 'Hello from the fake model.';
  failWith?: string;
  private routeGate?: { count: number; waiting: (() => void)[] };
  private replyGate?: { opened: Promise<void>; open: () => void };
  /** The plan a workflow-planning call gets: two steps of the social agent. */
  plan = {
    title: 'A LinkedIn post',
    steps: [
      { description: 'Outline the LinkedIn post', agentId: 'social', requiresApproval: false },
      { description: 'Write the LinkedIn post', agentId: 'social', requiresApproval: false },
    ],
  };
  /** The title a conversation-title call gets. */
  title = 'A fake title';
  private titleGate?: { opened: Promise<void>; open: () => void; held: number };

  /** Routing calls are answered only once `count` of them are waiting: requests that route together. */
  holdRoutes(count: number): void {
    this.routeGate = { count, waiting: [] };
  }

  /** Streamed calls wait until `releaseReplies()`: a reply that stays under way meanwhile. */
  holdReplies(): void {
    let open = () => undefined as void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    this.replyGate = { opened, open };
  }

  releaseReplies(): void {
    this.replyGate?.open();
    this.replyGate = undefined;
  }

  /** Conversation-title calls wait until `releaseTitles()`: a title write that stays under way. */
  holdTitles(): void {
    let open = () => undefined as void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    this.titleGate = { opened, open, held: 0 };
  }

  /** How many title calls the gate holds now. */
  get heldTitles(): number {
    return this.titleGate?.held ?? 0;
  }

  releaseTitles(): void {
    this.titleGate?.open();
    this.titleGate = undefined;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson<ChatCompletionRequest>(req);
    this.requests.push(body);
    if (body.response_format?.json_schema?.name === 'agent_route') {
      await this.passRouteGate();
      return sendJson(res, chatCompletion(body.model, JSON.stringify({ agentId: this.route, confident: true })));
    }
    if (body.response_format?.json_schema?.name === 'workflow_plan') return sendJson(res, chatCompletion(body.model, JSON.stringify(this.plan)));
    if (body.response_format?.json_schema?.name === CONVERSATION_TITLE_OUTPUT) {
      const gate = this.titleGate;
      if (gate) {
        gate.held++;
        await gate.opened;
      }
      return sendJson(res, chatCompletion(body.model, JSON.stringify({ title: this.title })));
    }
    if (this.failWith) return sendJson(res, { error: { message: this.failWith, type: 'invalid_request_error', code: 'bad_request' } }, 400);
    await this.replyGate?.opened;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    for (const word of this.reply.match(/\S+\s*/g) ?? []) res.write(chunk({ content: word }));
    res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
  }

  private passRouteGate(): Promise<void> {
    const gate = this.routeGate;
    if (!gate) return Promise.resolve();
    return new Promise((resolve) => {
      gate.waiting.push(resolve);
      if (gate.waiting.length < gate.count) return;
      this.routeGate = undefined;
      for (const release of gate.waiting) release();
    });
  }
}
