import type {
  JSONSchema7,
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { matchIntent, type OfflineAgentId } from './intents.js';
import { fillFromSchema } from './schema-filler.js';
import { planWorkflow } from './workflow-planner.js';

/** Names of the structured outputs this model answers with dedicated logic. */
export const AGENT_ROUTE_OUTPUT = 'agent_route';
export const WORKFLOW_PLAN_OUTPUT = 'workflow_plan';

export interface OfflineModelOptions {
  /** Pause between streamed chunks, to behave like a remote model in demos and tests. */
  chunkDelayMs: number;
}

/**
 * The built-in model used when no LLM is configured. A real AI SDK language model (streams, tool
 * calls, structured output) that answers deterministically from the conversation: it picks the
 * tool the request asks for, fills its arguments from the text, and writes short replies. It
 * never claims to be anything else.
 */
export class OfflineLanguageModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = 'offline';
  readonly modelId = 'offline';
  readonly supportedUrls = {};

  constructor(private readonly options: OfflineModelOptions) {}

  doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const content = respond(options);
    return Promise.resolve({
      content,
      finishReason: finishReason(content),
      usage: usage(options.prompt, content),
      warnings: [],
      response: { modelId: this.modelId },
    });
  }

  doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const content = respond(options);
    const parts = toStreamParts(content, options.prompt, this.modelId);
    const { abortSignal } = options;
    const delay = this.options.chunkDelayMs;
    let sent = 0;
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      async pull(controller) {
        if (abortSignal?.aborted) {
          controller.error(abortSignal.reason);
          return;
        }
        if (delay > 0 && sent > 0) await sleep(delay, abortSignal);
        const part = parts[sent++];
        if (part) controller.enqueue(part);
        else controller.close();
      },
    });
    return Promise.resolve({ stream });
  }
}

function respond(options: LanguageModelV4CallOptions): LanguageModelV4Content[] {
  const request = lastUserText(options.prompt);
  if (options.responseFormat?.type === 'json') {
    return [{ type: 'text', text: JSON.stringify(structuredOutput(options.responseFormat, request)) }];
  }
  const last = options.prompt.at(-1);
  if (last?.role === 'tool') return [{ type: 'text', text: describeToolResults(last.content) }];

  const tools = (options.tools ?? []).flatMap((tool) => (tool.type === 'function' ? [tool] : []));
  // The first line says what is asked; what follows is material (a pasted receipt, earlier steps' output).
  const intent = matchIntent(request.split('\n')[0] ?? '', tools.map((tool) => tool.name));
  const chosen = intent && tools.find((tool) => tool.name === intent.tool);
  if (chosen) {
    return [
      {
        type: 'tool-call',
        toolCallId: `call_${hash(`${options.prompt.length}:${request}`)}`,
        toolName: chosen.name,
        input: JSON.stringify(fillFromSchema(chosen.inputSchema, request)),
      },
    ];
  }
  return [{ type: 'text', text: plainReply(request) }];
}

function structuredOutput(format: { schema?: JSONSchema7; name?: string }, request: string): unknown {
  if (format.name === AGENT_ROUTE_OUTPUT) {
    const agentId: OfflineAgentId = matchIntent(request)?.agent ?? 'general';
    return { agentId, confident: agentId !== 'general' };
  }
  if (format.name === WORKFLOW_PLAN_OUTPUT) return planWorkflow(request);
  return fillFromSchema(format.schema, request);
}

function describeToolResults(results: Extract<LanguageModelV4Prompt[number], { role: 'tool' }>['content']): string {
  return results
    .map((part) => {
      if (part.type !== 'tool-result') return '';
      const { output } = part;
      if (output.type === 'error-text' || output.type === 'error-json') {
        const reason = (typeof output.value === 'string' ? output.value : JSON.stringify(output.value)).replace(/^Error: /, '');
        return `I could not finish ${part.toolName}: ${reason}`;
      }
      const value = output.type === 'json' ? output.value : undefined;
      const saved = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
      const title = typeof saved.title === 'string' ? `"${saved.title}"` : 'the result';
      const asset = typeof saved.assetId === 'number' ? ` and saved it as asset #${saved.assetId}` : '';
      return `Done: I used ${part.toolName} to make ${title}${asset}.`;
    })
    .filter(Boolean)
    .join('\n');
}

function plainReply(request: string): string {
  const quoted = request.length > 200 ? `${request.slice(0, 200)}…` : request;
  return (
    'This is the offline model: no language model is configured, so I answer from fixed rules. ' +
    'Ask me to outline or write a post, make an image, write a reel or video script, suggest thumbnail ' +
    `concepts, read a receipt or review a contract, and I will use the right tool. You wrote: "${quoted}"`
  );
}

function lastUserText(prompt: LanguageModelV4Prompt): string {
  const message = prompt.findLast((entry) => entry.role === 'user');
  if (!message) return '';
  return message.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join(' ')
    .trim();
}

function toStreamParts(content: LanguageModelV4Content[], prompt: LanguageModelV4Prompt, modelId: string): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }, { type: 'response-metadata', modelId }];
  content.forEach((item, index) => {
    if (item.type === 'text') {
      const id = `text_${index}`;
      parts.push({ type: 'text-start', id });
      for (const word of item.text.match(/\S+\s*/g) ?? [item.text]) parts.push({ type: 'text-delta', id, delta: word });
      parts.push({ type: 'text-end', id });
    } else if (item.type === 'tool-call') {
      parts.push(
        { type: 'tool-input-start', id: item.toolCallId, toolName: item.toolName },
        { type: 'tool-input-delta', id: item.toolCallId, delta: item.input },
        { type: 'tool-input-end', id: item.toolCallId },
        item,
      );
    }
  });
  parts.push({ type: 'finish', finishReason: finishReason(content), usage: usage(prompt, content) });
  return parts;
}

function finishReason(content: LanguageModelV4Content[]): LanguageModelV4GenerateResult['finishReason'] {
  return { unified: content.some((item) => item.type === 'tool-call') ? 'tool-calls' : 'stop', raw: undefined };
}

/** Words stand in for tokens: close enough for the usage figures the UI shows. */
function usage(prompt: LanguageModelV4Prompt, content: LanguageModelV4Content[]): LanguageModelV4Usage {
  const input = countWords(JSON.stringify(prompt));
  const output = countWords(content.map((item) => (item.type === 'text' ? item.text : JSON.stringify(item))).join(' '));
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function hash(text: string): string {
  let value = 2166136261;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 16777619);
  return (value >>> 0).toString(36);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}
