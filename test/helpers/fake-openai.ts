import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatCompletionRequest {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: unknown }[];
  response_format?: { json_schema?: { name?: string } };
}

/**
 * A local OpenAI-compatible server for chat completions: routing calls (structured output) get
 * `route`, streamed calls stream `reply` word by word, or fail with `failWith` (an API error the
 * provider does not retry). It records every request.
 */
export class FakeOpenAI {
  readonly requests: ChatCompletionRequest[] = [];
  route = 'general';
  reply = 'Hello from the fake model.';
  failWith?: string;
  private routeGate?: { count: number; waiting: (() => void)[] };
  private readonly server: Server = createServer((req, res) => void this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Routing calls are answered only once `count` of them are waiting: requests that route together. */
  holdRoutes(count: number): void {
    this.routeGate = { count, waiting: [] };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as ChatCompletionRequest;
    this.requests.push(body);
    if (body.response_format?.json_schema?.name === 'agent_route') {
      await this.passRouteGate();
      return json(res, completion(body, JSON.stringify({ agentId: this.route, confident: true })));
    }
    if (this.failWith) return json(res, { error: { message: this.failWith, type: 'invalid_request_error', code: 'bad_request' } }, 400);
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

function completion(body: ChatCompletionRequest, content: string): object {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1,
    model: body.model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function json(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
