import type { LanguageModelV4Content, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import * as api from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { generateText, isStepCount, jsonSchema, streamText, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { AiSdkSpans } from './ai-sdk-spans.js';

/** The span as the SDK hands it to a span processor, as far as these tests read it. */
interface EndedSpan {
  name: string;
  kind: number;
  attributes: api.Attributes;
  status: { code: number; message?: string };
  spanContext(): api.SpanContext;
  parentSpanContext?: api.SpanContext;
}

const ended: EndedSpan[] = [];
/** Keeps every span once it ends (our own processor: the tests read spans, nothing is exported). */
const collector = {
  onStart: () => undefined,
  onEnd: (span: EndedSpan) => void ended.push(span),
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};
const sdk = new NodeSDK({ spanProcessors: [collector], instrumentations: [] });
const integration = new AiSdkSpans(api, api.trace.getTracer('test'));
const telemetry = { integrations: [integration] };

const USAGE = {
  inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
const answer = (content: LanguageModelV4Content[]): LanguageModelV4GenerateResult => ({
  content,
  finishReason: { unified: content.some((part) => part.type === 'tool-call') ? 'tool-calls' : 'stop', raw: undefined },
  usage: USAGE,
  warnings: [],
});
const TOOL_CALL = answer([{ type: 'tool-call', toolCallId: 'call-1', toolName: 'lookup', input: '{}' }]);
const TEXT = answer([{ type: 'text', text: 'Done.' }]);

const childrenOf = (parent: EndedSpan) => ended.filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);
const named = (name: string) => ended.find((span) => span.name === name)!;

/** Runs `work` under a span of the test's own, as a chat turn or a run step would be. */
function underParent<T>(work: () => Promise<T>): Promise<T> {
  return api.trace.getTracer('test').startActiveSpan('parent', async (span) => {
    try {
      return await work();
    } finally {
      span.end();
    }
  });
}

describe('AiSdkSpans', () => {
  beforeAll(() => sdk.start());
  afterAll(() => sdk.shutdown());
  beforeEach(() => {
    ended.length = 0;
  });

  it('traces a call under the active span, its model calls (model, tokens, finish reason) and its tool under it, the tool\'s own spans under the tool', async () => {
    const lookup = tool({
      inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {} }),
      // What the tool does is traced under its execution.
      execute: () => api.trace.getTracer('test').startActiveSpan('tool work', (span) => (span.end(), Promise.resolve('found'))),
    });
    const model = new MockLanguageModelV4({ provider: 'mock', modelId: 'mock-model', doGenerate: [TOOL_CALL, TEXT] });
    await underParent(() => generateText({ model, prompt: 'secret prompt', tools: { lookup }, stopWhen: isStepCount(2), telemetry: { ...telemetry, functionId: 'reply:test' } }));

    const call = named('ai.generateText');
    expect(childrenOf(named('parent'))).toEqual([call]);
    expect(call.attributes).toMatchObject({ 'ai.function_id': 'reply:test', 'gen_ai.request.model': 'mock-model', 'gen_ai.usage.input_tokens': 24 });
    const [first, second] = childrenOf(call).filter((span) => span.name === 'chat mock-model');
    for (const [span, finishReason] of [[first, 'tool-calls'], [second, 'stop']] as const) {
      expect(span).toMatchObject({
        kind: api.SpanKind.CLIENT,
        attributes: { 'gen_ai.provider.name': 'mock', 'gen_ai.response.finish_reasons': [finishReason], 'gen_ai.usage.input_tokens': 12, 'gen_ai.usage.output_tokens': 5 },
      });
    }
    const execution = named('execute_tool lookup');
    expect(childrenOf(call)).toContain(execution);
    expect(execution.attributes).toMatchObject({ 'gen_ai.tool.name': 'lookup', 'gen_ai.tool.call.id': 'call-1' });
    expect(childrenOf(execution).map((span) => span.name)).toEqual(['tool work']);
    // Ids, names and counts only: no prompt, output or tool result.
    expect(JSON.stringify(ended.map((span) => span.attributes))).not.toMatch(/secret prompt|Done\.|found/);
  });

  it('a tool that throws ends its span failed, with the error\'s class and not its message', async () => {
    const lookup = tool({
      inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {} }),
      execute: (): Promise<string> => Promise.reject(new RangeError('the customer Jane Doe owes 300')),
    });
    const model = new MockLanguageModelV4({ modelId: 'mock-model', doGenerate: [TOOL_CALL, TEXT] });
    await generateText({ model, prompt: 'hello', tools: { lookup }, stopWhen: isStepCount(2), telemetry });

    expect(named('execute_tool lookup')).toMatchObject({ status: { code: api.SpanStatusCode.ERROR }, attributes: { 'error.type': 'RangeError' } });
    expect(JSON.stringify(ended.map((span) => [span.attributes, span.status]))).not.toContain('Jane Doe');
    expect(named('ai.generateText').status.code).not.toBe(api.SpanStatusCode.ERROR);
  });

  it('a failing model call ends its span and its call\'s failed', async () => {
    const model = new MockLanguageModelV4({ modelId: 'mock-model', doGenerate: () => Promise.reject(new Error('provider down')) });
    await expect(generateText({ model, prompt: 'hello', maxRetries: 0, telemetry })).rejects.toThrow('provider down');

    expect(named('chat mock-model').status.code).toBe(api.SpanStatusCode.ERROR);
    expect(named('ai.generateText').status.code).toBe(api.SpanStatusCode.ERROR);
  });

  it('an aborted stream ends its spans, marked aborted', async () => {
    const abort = new AbortController();
    const model = new MockLanguageModelV4({
      modelId: 'mock-model',
      doStream: () =>
        Promise.resolve({
          stream: new ReadableStream({
            start(controller) {
              controller.enqueue({ type: 'stream-start', warnings: [] });
              controller.enqueue({ type: 'text-start', id: 't' });
              controller.enqueue({ type: 'text-delta', id: 't', delta: 'Hel' });
              // …and nothing more: the client stops the reply.
            },
          }),
        }),
    });
    const result = streamText({ model, prompt: 'hello', abortSignal: abort.signal, telemetry });
    for await (const part of result.stream) if (part.type === 'text-delta') abort.abort();

    expect(named('ai.streamText').attributes['ai.aborted']).toBe(true);
    expect(named('chat mock-model').attributes['ai.aborted']).toBe(true);
  });
});
