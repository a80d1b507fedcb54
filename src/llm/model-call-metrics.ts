import { APICallError, type LanguageModelV4FinishReason, type LanguageModelV4Middleware, type LanguageModelV4StreamPart, type LanguageModelV4Usage } from '@ai-sdk/provider';
import type { Metrics } from '../metrics/metrics.service.js';

/** Why a model call failed, in the few kinds an operator acts on differently. */
function modelErrorKind(error: unknown): 'rate_limit' | 'server' | 'timeout' | 'other' {
  if (APICallError.isInstance(error) && error.statusCode === 429) return 'rate_limit';
  if (APICallError.isInstance(error) && (error.statusCode ?? 0) >= 500) return 'server';
  if (error instanceof Error && (error.name === 'TimeoutError' || /timed? ?out/i.test(error.message))) return 'timeout';
  return 'other';
}

/**
 * Records every call of a language model under `model` (an id from a bounded set: the registry
 * passes "other" for a name a client made up): calls by outcome, duration (a stream's until its
 * end), errors by kind (a content filter's stop is a refusal), and tokens by kind.
 */
export function modelCallMetrics(metrics: Metrics, model: string): LanguageModelV4Middleware {
  const finished = (started: number, usage: LanguageModelV4Usage | undefined, reason: LanguageModelV4FinishReason | undefined) => {
    metrics.modelDuration.observe({ model }, (performance.now() - started) / 1000);
    if (reason?.unified === 'content-filter') {
      metrics.modelCalls.inc({ model, outcome: 'error' });
      metrics.modelErrors.inc({ model, kind: 'refusal' });
    } else metrics.modelCalls.inc({ model, outcome: 'ok' });
    if (usage?.inputTokens.total) metrics.modelTokens.inc({ model, kind: 'input' }, usage.inputTokens.total);
    if (usage?.outputTokens.total) metrics.modelTokens.inc({ model, kind: 'output' }, usage.outputTokens.total);
  };
  const failed = (started: number, error: unknown, aborted: boolean) => {
    metrics.modelDuration.observe({ model }, (performance.now() - started) / 1000);
    metrics.modelCalls.inc({ model, outcome: aborted ? 'stopped' : 'error' });
    if (!aborted) metrics.modelErrors.inc({ model, kind: modelErrorKind(error) });
  };
  return {
    specificationVersion: 'v4',
    wrapGenerate: async ({ doGenerate, params }) => {
      const started = performance.now();
      try {
        const result = await doGenerate();
        finished(started, result.usage, result.finishReason);
        return result;
      } catch (error) {
        failed(started, error, params.abortSignal?.aborted === true);
        throw error;
      }
    },
    wrapStream: async ({ doStream, params }) => {
      const started = performance.now();
      const aborted = () => params.abortSignal?.aborted === true;
      let result: Awaited<ReturnType<typeof doStream>>;
      try {
        result = await doStream();
      } catch (error) {
        failed(started, error, aborted());
        throw error;
      }
      let settled = false;
      const settle = (end: () => void) => {
        if (settled) return;
        settled = true;
        end();
      };
      const stream = result.stream.pipeThrough(
        new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
          transform(part, controller) {
            controller.enqueue(part);
            if (part.type === 'finish') settle(() => finished(started, part.usage, part.finishReason));
            else if (part.type === 'error') settle(() => failed(started, part.error, aborted()));
          },
          flush: () => settle(() => failed(started, new Error('stream ended without a finish'), aborted())),
        }),
      );
      return { ...result, stream };
    },
  };
}
