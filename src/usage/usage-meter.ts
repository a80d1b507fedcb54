import type { ImageModelV4Middleware, LanguageModelV4Middleware, LanguageModelV4StreamPart, LanguageModelV4Usage } from '@ai-sdk/provider';
import type { UsageAttribution } from './usage-attribution.js';
import type { UsageLedger } from './usage-ledger.service.js';

function tokens(usage: LanguageModelV4Usage): { inputTokens: number; outputTokens: number } {
  return { inputTokens: usage.inputTokens.total ?? 0, outputTokens: usage.outputTokens.total ?? 0 };
}

/**
 * Meters a language model under the registry's id: a generated answer when it returns, a stream
 * when its `finish` part passes (after handing it on: no chunk waits for the ledger). Charged to
 * `attribution`, the one the model was handed out with. A stream that fails or is stopped before its
 * finish carries no usage figures and records nothing.
 */
export function meterLanguageModel(ledger: UsageLedger, modelId: string, attribution: UsageAttribution): LanguageModelV4Middleware {
  return {
    specificationVersion: 'v4',
    wrapGenerate: async ({ doGenerate }) => {
      const result = await doGenerate();
      ledger.record(attribution, { modelId, ...tokens(result.usage), images: 0 });
      return result;
    },
    wrapStream: async ({ doStream }) => {
      const result = await doStream();
      const metered = new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
        transform(part, controller) {
          controller.enqueue(part);
          if (part.type === 'finish') ledger.record(attribution, { modelId, ...tokens(part.usage), images: 0 });
        },
      });
      return { ...result, stream: result.stream.pipeThrough(metered) };
    },
  };
}

/** Meters an image model: the images each call returned, and tokens where the provider reports them. */
export function meterImageModel(ledger: UsageLedger, modelId: string, attribution: UsageAttribution): ImageModelV4Middleware {
  return {
    specificationVersion: 'v4',
    wrapGenerate: async ({ doGenerate }) => {
      const result = await doGenerate();
      const usage = { modelId, inputTokens: result.usage?.inputTokens ?? 0, outputTokens: result.usage?.outputTokens ?? 0, images: result.images.length };
      ledger.record(attribution, usage, 'image');
      return result;
    },
  };
}
