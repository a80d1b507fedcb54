import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { coalesceDeltas, StreamPacing } from './delta-coalescing.js';

const text = (delta: string, id = 't1'): LanguageModelV4StreamPart => ({ type: 'text-delta', id, delta });
const finish: LanguageModelV4StreamPart = {
  type: 'finish',
  finishReason: { unified: 'stop', raw: undefined },
  usage: {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  },
};

/** A model stream the test feeds by hand. */
function manualSource() {
  let controller!: ReadableStreamDefaultController<LanguageModelV4StreamPart>;
  let cancelled: unknown;
  const stream = new ReadableStream<LanguageModelV4StreamPart>({
    start: (c) => void (controller = c),
    cancel: (reason) => void (cancelled = reason),
  });
  return { stream, controller, cancelled: () => cancelled };
}

/** Lets the coalescer's reader take everything the source holds (its reads are microtasks). */
const drained = () => new Promise((resolve) => setImmediate(resolve));

async function readAll(stream: ReadableStream<LanguageModelV4StreamPart>): Promise<LanguageModelV4StreamPart[]> {
  const parts: LanguageModelV4StreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe('coalesceDeltas', () => {
  it('merges the deltas that arrive between two flushes, in order, without losing any', async () => {
    // The pacing's clock stands still until the test moves it: on a loaded machine more than
    // 50 ms can pass between two of the test's lines, and the next flush would go out early.
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const source = manualSource();
    // One stream with a budget of 20 flushes/s: at most one flush per 50 ms.
    const output = coalesceDeltas(source.stream, new StreamPacing(20));
    const reader = output.getReader();
    source.controller.enqueue({ type: 'text-start', id: 't1' });
    // The first flush goes out at once; what comes in the next 50 ms waits for the next one.
    expect(await reader.read()).toEqual({ done: false, value: { type: 'text-start', id: 't1' } });
    const words = Array.from({ length: 50 }, (_, index) => `word${index} `);
    for (const word of words) source.controller.enqueue(text(word));
    source.controller.enqueue({ type: 'text-end', id: 't1' });
    source.controller.enqueue(finish);
    source.controller.close();
    reader.releaseLock();

    const received = readAll(output);
    await vi.advanceTimersByTimeAsync(50);
    expect(await received).toEqual([text(words.join('')), { type: 'text-end', id: 't1' }, finish]);
  });

  it('hands the first part on at once, so the time to the first token is unchanged', async () => {
    const source = manualSource();
    const reader = coalesceDeltas(source.stream, new StreamPacing(1)).getReader();
    source.controller.enqueue(text('Hello'));
    // The source stays open: had the first flush waited for the interval (1 s here) or for the
    // end, this read would not resolve before the test times out.
    await expect(reader.read()).resolves.toEqual({ done: false, value: text('Hello') });
    await reader.cancel();
  });

  it('keeps blocks apart: other ids, other kinds and deltas with provider metadata are not merged', async () => {
    const source = manualSource();
    const output = coalesceDeltas(source.stream, new StreamPacing(1));
    const withMetadata: LanguageModelV4StreamPart = { type: 'text-delta', id: 't1', delta: 'c', providerMetadata: { openai: { logprob: -1 } } };
    source.controller.enqueue(text('a'));
    source.controller.enqueue(text('b'));
    source.controller.enqueue(withMetadata);
    source.controller.enqueue(text('d'));
    source.controller.enqueue(text('x', 't2'));
    source.controller.enqueue({ type: 'reasoning-delta', id: 't2', delta: 'r' });
    source.controller.enqueue({ type: 'tool-input-delta', id: 'call-1', delta: '{"a":' });
    source.controller.enqueue({ type: 'tool-input-delta', id: 'call-1', delta: '1}' });
    source.controller.close();
    await drained();

    expect(await readAll(output)).toEqual([
      text('ab'),
      withMetadata,
      text('d'),
      text('x', 't2'),
      { type: 'reasoning-delta', id: 't2', delta: 'r' },
      { type: 'tool-input-delta', id: 'call-1', delta: '{"a":1}' },
    ]);
  });

  it('delivers every part that came before an error, then the error', async () => {
    const source = manualSource();
    const output = coalesceDeltas(source.stream, new StreamPacing(1));
    source.controller.enqueue(text('partial '));
    source.controller.enqueue(text('answer'));
    // Erroring a web stream discards what it still holds, so the source errors once read.
    await drained();
    source.controller.error(new Error('provider went away'));
    await drained();

    const received: LanguageModelV4StreamPart[] = [];
    await expect(
      (async () => {
        for await (const part of output) received.push(part);
      })(),
    ).rejects.toThrow('provider went away');
    expect(received).toEqual([text('partial answer')]);
  });

  it('counts a stream as active until it ends or is cancelled, and cancels the model stream', async () => {
    const pacing = new StreamPacing(1000);
    const ended = manualSource();
    const cancelled = manualSource();
    const first = coalesceDeltas(ended.stream, pacing);
    const second = coalesceDeltas(cancelled.stream, pacing);
    expect(pacing.interval()).toBe(2);

    ended.controller.enqueue(text('done'));
    ended.controller.close();
    await readAll(first);
    expect(pacing.interval()).toBe(1);

    await second.cancel('client left');
    expect(cancelled.cancelled()).toBe('client left');
    expect(pacing.interval()).toBe(0);
  });
});

describe('StreamPacing', () => {
  it('shares the budget among the active streams, and 0 turns it off', () => {
    const pacing = new StreamPacing(500);
    const leave = Array.from({ length: 200 }, () => pacing.enter());
    expect(pacing.interval()).toBe(400);
    leave[0]();
    leave[0]();
    expect(pacing.interval()).toBe(398);
    expect(new StreamPacing(0).enabled).toBe(false);
    expect(pacing.enabled).toBe(true);
  });
});
