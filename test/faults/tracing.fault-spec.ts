import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { waitFor } from '../helpers/mail-catcher.js';
import { activeWorkflow, faultCluster, runCompleted } from './fixtures.js';

const TWO_STEPS = 'Outline a LinkedIn post about resilience. Then write the LinkedIn post.';
/** Spans batched for 100 ms rather than 5 s: the receiver has them soon after the work. */
const TRACING_ENV = { OTEL_BSP_SCHEDULE_DELAY: '100', OTEL_SERVICE_NAME: 'assistant-under-test' };
const SERVER_SPAN = 2;
const CLIENT_SPAN = 3;
const CONSUMER_SPAN = 5;
/** A chat turn that routes to the social agent, whose reply calls one tool and then answers. */
const TOOL_TURN = 'Outline a LinkedIn post about resilience';

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpValue[] };
}

type AttributeValue = string | number | boolean | AttributeValue[] | undefined;

/** A span as OTLP/JSON sends it, its attributes flattened. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  status?: { code?: number };
  attributes: Record<string, AttributeValue>;
}

interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: (Omit<ReceivedSpan, 'attributes'> & { attributes?: { key: string; value: OtlpValue }[] })[] }[];
  }[];
}

const valueOf = (value: OtlpValue): AttributeValue =>
  value.arrayValue ? (value.arrayValue.values ?? []).map(valueOf) : (value.stringValue ?? (value.intValue === undefined ? value.boolValue : Number(value.intValue)));

/** A local OTLP/HTTP receiver (JSON): keeps every span it is sent, and the service names they came from. */
class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly services = new Set<string>();
  private readonly server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/v1/traces') this.receive(JSON.parse(body) as OtlpExport);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  /** The span's ancestors, nearest first, as far as they were received. */
  ancestorsOf(span: ReceivedSpan): ReceivedSpan[] {
    const chain: ReceivedSpan[] = [];
    let parent = this.spans.find((candidate) => candidate.spanId === span.parentSpanId);
    while (parent) {
      chain.push(parent);
      const next = parent.parentSpanId;
      parent = this.spans.find((candidate) => candidate.spanId === next);
    }
    return chain;
  }

  /** The spans received so far whose parent is `span`, by name when given. */
  childrenOf(span: ReceivedSpan, name?: string): ReceivedSpan[] {
    return this.spans.filter((candidate) => candidate.parentSpanId === span.spanId && (name === undefined || candidate.name === name));
  }

  private receive(payload: OtlpExport): void {
    for (const { resource, scopeSpans } of payload.resourceSpans) {
      for (const attribute of resource.attributes) if (attribute.key === 'service.name') this.services.add(String(valueOf(attribute.value)));
      for (const { spans } of scopeSpans) {
        for (const span of spans) {
          this.spans.push({ ...span, attributes: Object.fromEntries((span.attributes ?? []).map(({ key, value }) => [key, valueOf(value)])) });
        }
      }
    }
  }
}

const requestPath = (span: ReceivedSpan) => String(span.attributes['url.path'] ?? span.attributes['http.target'] ?? '');
const byStart = (a: ReceivedSpan, b: ReceivedSpan) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1);

/** The AI SDK's spans of one reply (AiSdkSpans), under `parent`: the reply's own, its model calls in order, its tool executions. */
interface ReplySpans {
  reply: ReceivedSpan;
  modelCalls: ReceivedSpan[];
  tools: ReceivedSpan[];
}

/** Waits for a reply under `parent` that called one tool and then answered: two model calls and a tool execution under it. */
function toolReplyUnder(receiver: OtlpReceiver, parent: ReceivedSpan, what: string): Promise<ReplySpans> {
  return waitFor(
    () => {
      const [reply] = receiver.childrenOf(parent, 'ai.streamText');
      if (!reply) return Promise.resolve(undefined);
      const modelCalls = receiver.childrenOf(reply).filter((span) => span.name.startsWith('chat ')).sort(byStart);
      const tools = receiver.childrenOf(reply).filter((span) => span.name.startsWith('execute_tool '));
      return Promise.resolve(modelCalls.length === 2 && tools.length === 1 ? { reply, modelCalls, tools } : undefined);
    },
    `${what}: a reply span with two model calls and a tool execution under it`,
    15_000,
  );
}

/** A model call's span as AiSdkSpans writes it: the model, why it stopped, and the tokens it reported. */
function expectModelCall(span: ReceivedSpan, finishReason: string): void {
  expect(span).toMatchObject({
    name: 'chat offline',
    kind: CLIENT_SPAN,
    attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'offline', 'gen_ai.response.finish_reasons': [finishReason] },
  });
  expect(span.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
  expect(span.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
}

/**
 * Issue 32: traces, opt-in. A real server process exports to a receiver started here; the spans
 * of a chat turn and of a run arrive with their parents, the run's steps under the request that
 * started it across the queue. Without an OTLP endpoint, the process imports none of the SDK.
 */
describe('OpenTelemetry traces', () => {
  const cluster = faultCluster('OpenTelemetry traces', { LOG_LEVEL: 'info' });
  const receiver = new OtlpReceiver();
  let endpoint = '';

  beforeAll(async () => {
    endpoint = await receiver.start();
  });
  afterAll(() => receiver.stop());

  it('a chat turn and a run are traced with their model and tool calls, the run\'s steps under POST /api/workflows/:id/run across the queue; logs carry the trace id', async () => {
    const server = await cluster.start({ ...TRACING_ENV, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
    const { token, workflowId } = await activeWorkflow(server, TWO_STEPS);

    const reply = await server.fetch('/api/assistant/router', {
      method: 'POST',
      token,
      json: { messages: [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text: TOOL_TURN }] }] },
    });
    expect(reply.status).toBe(200);
    const replyText = await reply.text();
    const turn = await waitFor(() => Promise.resolve(receiver.spans.find((span) => span.name === 'chat turn')), 'the chat turn span', 15_000);
    const request = await waitFor(
      () => Promise.resolve(receiver.ancestorsOf(turn).find((span) => span.kind === SERVER_SPAN)),
      'the chat turn\'s request span',
      15_000,
    );
    expect(requestPath(request)).toBe('/api/assistant/router');
    // The reply's database work (the turn and the reply stored) is traced inside the turn.
    await waitFor(
      () => Promise.resolve(receiver.spans.some((span) => span.attributes['db.system.name'] === 'postgresql' && receiver.ancestorsOf(span).includes(turn))),
      'a PostgreSQL span under the chat turn',
      15_000,
    );

    // The AI SDK's own spans: the routing call, then the reply (named by its agent) with its model
    // calls and its tool under it, the tool's queries under the tool.
    const [routing] = await waitFor(() => Promise.resolve(receiver.childrenOf(turn, 'ai.generateText')), 'the routing call under the chat turn', 15_000);
    expectModelCall(receiver.childrenOf(routing, 'chat offline')[0], 'stop');
    const { reply: replySpan, modelCalls, tools } = await toolReplyUnder(receiver, turn, 'the chat turn');
    expect(replySpan.attributes).toMatchObject({ 'ai.function_id': 'reply:social', 'gen_ai.request.model': 'offline' });
    expectModelCall(modelCalls[0], 'tool-calls');
    expectModelCall(modelCalls[1], 'stop');
    expect(tools[0]).toMatchObject({
      name: 'execute_tool generate_outline',
      attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'generate_outline' },
    });
    expect(tools[0].status?.code ?? 0).not.toBe(2);
    await waitFor(
      () => Promise.resolve(receiver.spans.some((span) => span.attributes['db.system.name'] === 'postgresql' && receiver.ancestorsOf(span).includes(tools[0]))),
      'a PostgreSQL span under the tool execution (its outline stored)',
      15_000,
    );
    // The tokens on the model calls' spans are the ones the reply reports to its client.
    const usage = /"usage":\{"inputTokens":(\d+),"outputTokens":(\d+)\}/.exec(replyText);
    expect(usage).not.toBeNull();
    const tokensOf = (kind: string) => modelCalls.reduce((sum, span) => sum + Number(span.attributes[`gen_ai.usage.${kind}_tokens`]), 0);
    expect([tokensOf('input'), tokensOf('output')]).toEqual([Number(usage![1]), Number(usage![2])]);

    const { runId } = await server.json<{ runId: number }>('POST', `/api/workflows/${workflowId}/run`, token);
    await runCompleted(cluster.db, runId);
    const { rows } = await cluster.db.query<{ count: number }>('SELECT count(*)::int AS count FROM run_steps WHERE run_id = $1', [runId]);
    expect(rows[0].count).toBe(2);
    const steps = await waitFor(
      () => {
        const found = receiver.spans.filter((span) => span.name === 'run step' && span.attributes['run.id'] === runId);
        return Promise.resolve(found.length === 2 ? found : undefined);
      },
      'both run step spans',
      15_000,
    );
    for (const step of steps) {
      const chain = await waitFor(
        () => {
          const ancestors = receiver.ancestorsOf(step);
          return Promise.resolve(ancestors.some((span) => span.kind === SERVER_SPAN) ? ancestors : undefined);
        },
        'the run step\'s request span',
        15_000,
      );
      expect(chain[0]).toMatchObject({ name: 'run', attributes: { 'run.id': runId } });
      // Across the queue: pg-boss's span of the job's handling continues the trace its sending began.
      expect(chain[1]).toMatchObject({ name: 'process run.execute', kind: CONSUMER_SPAN });
      const started = chain.find((span) => span.kind === SERVER_SPAN)!;
      expect(requestPath(started)).toBe(`/api/workflows/${workflowId}/run`);
      expect(started.traceId).toBe(step.traceId);
      // The step's reply, with its model and tool calls, under the step.
      const stepReply = await toolReplyUnder(receiver, step, `run step ${String(step.attributes['run.step'])}`);
      expect(stepReply.reply.attributes['ai.function_id']).toBe(`reply:${String(step.attributes['agent.id'])}`);
      expectModelCall(stepReply.modelCalls[0], 'tool-calls');
      expectModelCall(stepReply.modelCalls[1], 'stop');
    }
    expect([...receiver.services]).toEqual(['assistant-under-test']);
    expect(server.logs).toMatch(new RegExp(`"trace_id":"(${[...new Set(receiver.spans.map((span) => span.traceId))].join('|')})"`));
    cluster.table.record('chat turn and run, traced', `${receiver.spans.length} spans; model and tool calls under the turn and the steps; 2 run steps under POST /run`);
  }, 120_000);

  it('without an OTLP endpoint, the server imports no OpenTelemetry SDK, exporter or instrumentation', async () => {
    const importLog = join(mkdtempSync(join(tmpdir(), 'imports-')), 'imports.log');
    const server = await cluster.start({ NODE_OPTIONS: `--import=${resolve('test/helpers/import-log/register.mjs')}`, IMPORT_LOG: importLog });
    const { token } = await activeWorkflow(server, TWO_STEPS);
    const reply = await server.fetch('/api/assistant/router', {
      method: 'POST',
      token,
      json: { messages: [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'Hello there' }] }] },
    });
    await reply.text();
    const imported = readFileSync(importLog, 'utf8').split('\n');
    // The log works: the app's own modules are in it.
    expect(imported.some((url) => url.endsWith('/src/server.js'))).toBe(true);
    // pg-boss imports the OpenTelemetry API itself (told to make no spans); no SDK, exporter or
    // instrumentation is loaded.
    expect(imported.filter((url) => url.includes('@opentelemetry') && !url.includes('/@opentelemetry/api/'))).toEqual([]);
    // Nor our bootstrap and AI SDK integration: no AI SDK call reports to anything.
    expect(imported.filter((url) => /\/src\/tracing\/(start-tracing|ai-sdk-spans)\.js$/.test(url))).toEqual([]);
    cluster.table.record('tracing off', `${imported.length} modules imported, no OpenTelemetry SDK`);
    // A bound, not a pace: a boot that logs every import took over a minute on a loaded machine.
  }, 180_000);
});
