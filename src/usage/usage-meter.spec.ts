import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart, LanguageModelV4StreamResult } from '@ai-sdk/provider';
import type { UsageAttribution } from '../llm/usage-attribution.js';
import type { ModelUsage } from './usage-ledger.service.js';
import { meterLanguageModel } from './usage-meter.js';

const CHARGE: UsageAttribution = { teamId: 't', userId: 'u', kind: 'chat' };
const PARAMS: LanguageModelV4CallOptions = { prompt: [{ role: 'user', content: [{ type: 'text', text: 'x'.repeat(400) }] }] };
const REPORTED = { inputTokens: { total: 7, noCache: 7, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 3, text: 3, reasoning: undefined } };

function streamOf(parts: LanguageModelV4StreamPart[], failAfter?: Error): ReadableStream<LanguageModelV4StreamPart> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at < parts.length) controller.enqueue(parts[at++]);
      else if (failAfter) controller.error(failAfter);
      else controller.close();
    },
  });
}

async function metered(stream: ReadableStream<LanguageModelV4StreamPart>) {
  const recorded: ModelUsage[] = [];
  const middleware = meterLanguageModel({ record: (_charge, usage) => void recorded.push(usage) }, 'm', CHARGE);
  const doStream = () => Promise.resolve<LanguageModelV4StreamResult>({ stream });
  const doGenerate = () => Promise.reject(new Error('not used'));
  const result = await middleware.wrapStream!({ doStream, doGenerate, params: PARAMS, model: undefined as never });
  return { recorded, stream: result.stream };
}

const text = (delta: string): LanguageModelV4StreamPart => ({ type: 'text-delta', id: '1', delta });

describe('meterLanguageModel', () => {
  it('records the provider’s figures at the finish, once', async () => {
    const { recorded, stream } = await metered(streamOf([text('hello'), { type: 'finish', usage: REPORTED, finishReason: { unified: 'stop', raw: undefined } }]));
    for await (const _ of stream) void _;
    expect(recorded).toEqual([{ modelId: 'm', inputTokens: 7, outputTokens: 3, images: 0 }]);
  });

  it('estimates what the provider left out: the prompt at 4 characters a token, the output from the streamed text', async () => {
    const none = { inputTokens: { ...REPORTED.inputTokens, total: undefined }, outputTokens: { ...REPORTED.outputTokens, total: undefined } };
    const { recorded, stream } = await metered(streamOf([text('x'.repeat(40)), { type: 'finish', usage: none, finishReason: { unified: 'stop', raw: undefined } }]));
    for await (const _ of stream) void _;
    expect(recorded).toEqual([{ modelId: 'm', inputTokens: 101, outputTokens: 10, images: 0 }]);
  });

  it('records a stream its reader cancels, with what it streamed', async () => {
    const { recorded, stream } = await metered(streamOf([text('x'.repeat(8)), text('y'.repeat(8)), text('z')]));
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    expect(recorded).toEqual([{ modelId: 'm', inputTokens: 101, outputTokens: 2, images: 0 }]);
  });

  it('records a stream that fails midway, and one that ends without a finish', async () => {
    const failing = await metered(streamOf([text('x'.repeat(12))], new Error('connection reset')));
    await expect(async () => {
      for await (const _ of failing.stream) void _;
    }).rejects.toThrow('connection reset');
    expect(failing.recorded).toEqual([{ modelId: 'm', inputTokens: 101, outputTokens: 3, images: 0 }]);

    const unfinished = await metered(streamOf([text('x'.repeat(4))]));
    for await (const _ of unfinished.stream) void _;
    expect(unfinished.recorded).toEqual([{ modelId: 'm', inputTokens: 101, outputTokens: 1, images: 0 }]);
  });
});
