import type {
  ImageModelV4Middleware,
  LanguageModelV4CallOptions,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { UsageAttribution } from '../llm/usage-attribution.js';
import { tokensOfText } from '../llm/prompt-tokens.js';
import { estimatePromptTokens } from './usage-estimate.js';
import type { UsageLedger } from './usage-ledger.service.js';

/**
 * Meters a language model under the registry's id, charged to `attribution` (the one the model was
 * handed out with), however the call ends:
 * - a generated answer when it returns; a stream when its `finish` part passes (after handing it
 *   on: no chunk waits for the ledger), with the provider's figures;
 * - a stream that is stopped, fails or times out before its finish, when it ends: the prompt's
 *   tokens estimated (the provider has read it and bills it) and the output streamed so far;
 * - a call aborted before its answer or first chunk: the prompt's tokens estimated;
 * - figures the provider did not report (a server that sends no usage): estimated the same way.
 * A call the provider refused (an API error before any output) records nothing: it is not billed.
 */
export function meterLanguageModel(ledger: Pick<UsageLedger, 'record'>, modelId: string, attribution: UsageAttribution): LanguageModelV4Middleware {
  const record = (inputTokens: number, outputTokens: number) => ledger.record(attribution, { modelId, inputTokens, outputTokens, images: 0 });
  return {
    specificationVersion: 'v4',
    wrapGenerate: async ({ doGenerate, params }) => {
      let result: Awaited<ReturnType<typeof doGenerate>>;
      try {
        result = await doGenerate();
      } catch (error) {
        if (params.abortSignal?.aborted) record(estimatePromptTokens(params), 0);
        throw error;
      }
      const output = () =>
        tokensOfText(result.content.map((item) => (item.type === 'text' || item.type === 'reasoning' ? item.text : item.type === 'tool-call' ? `${item.toolName}${item.input}` : '')).join(''));
      record(result.usage.inputTokens.total ?? estimatePromptTokens(params), result.usage.outputTokens.total ?? output());
      return result;
    },
    wrapStream: async ({ doStream, params }) => {
      let result: LanguageModelV4StreamResult;
      try {
        result = await doStream();
      } catch (error) {
        if (params.abortSignal?.aborted) record(estimatePromptTokens(params), 0);
        throw error;
      }
      return { ...result, stream: metered(result.stream, params, record) };
    },
  };
}

/**
 * The model's stream, passed on part by part, recording the call once: at its `finish`, or when it
 * ends without one (errored, cancelled by its reader, or closed early) with what was counted.
 */
function metered(
  source: ReadableStream<LanguageModelV4StreamPart>,
  params: LanguageModelV4CallOptions,
  record: (inputTokens: number, outputTokens: number) => void,
): ReadableStream<LanguageModelV4StreamPart> {
  const reader = source.getReader();
  let outputCharacters = 0;
  let recorded = false;
  const settle = (usage?: LanguageModelV4Usage) => {
    if (recorded) return;
    recorded = true;
    record(usage?.inputTokens.total ?? estimatePromptTokens(params), usage?.outputTokens.total ?? Math.ceil(outputCharacters / 4));
  };
  return new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      let next: Awaited<ReturnType<typeof reader.read>>;
      try {
        next = await reader.read();
      } catch (error) {
        settle();
        controller.error(error);
        return;
      }
      if (next.done) {
        settle();
        controller.close();
        return;
      }
      const part = next.value;
      controller.enqueue(part);
      if (part.type === 'text-delta' || part.type === 'reasoning-delta') outputCharacters += part.delta.length;
      else if (part.type === 'tool-call') outputCharacters += part.toolName.length + part.input.length;
      else if (part.type === 'finish') settle(part.usage);
    },
    async cancel(reason) {
      settle();
      await reader.cancel(reason);
    },
  });
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
