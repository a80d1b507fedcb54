import type {
  JSONSchema7,
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FunctionTool,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { chatAsRequest, withoutChatPrefixes } from '../../common/chat-export.js';
import { cutText } from '../../common/cut-text.js';
import { stableHash } from '../../common/stable-hash.js';
import { askedWorkOf, hasVerb, materialReading, nounsOf } from './clause-reading.js';
import { agentOfTool, matchIntent, type OfflineAgentId, parseableRequest, REQUEST_MAX_LENGTH, requestOf } from './intents.js';
import { type ContextKind } from '../context-parts.js';
import { promptTextTokens, tokensOfText } from '../prompt-tokens.js';
import { toolDone, toolLabel } from '../tool-phrases.js';
import { summariseTitle } from './conversation-title.js';
import { fillFromSchema } from './schema-filler.js';
import { planWorkflow } from './workflow-planner.js';

/** Names of the structured outputs this model answers with dedicated logic. */
export const AGENT_ROUTE_OUTPUT = 'agent_route';
export const WORKFLOW_PLAN_OUTPUT = 'workflow_plan';
export const CONVERSATION_TITLE_OUTPUT = 'conversation_title';

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
      usage: usage(options, content),
      warnings: [],
      response: { modelId: this.modelId },
    });
  }

  doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const content = respond(options);
    const parts = toStreamParts(content, options, this.modelId);
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
  const { request: written, context } = lastUserMessage(options.prompt);
  // A message pasted from a chat is its messages, run together as one ask; the tools read the chat's lines themselves.
  const request = chatAsRequest(written);
  // The chat's lines without stamps and senders: what the tools read, and the material when the ask is the chat itself.
  const chatLines = request !== written ? withoutChatPrefixes(written) : undefined;
  if (options.responseFormat?.type === 'json') {
    return [{ type: 'text', text: JSON.stringify(structuredOutput(options.responseFormat, request, written)) }];
  }
  const last = options.prompt.at(-1);
  if (last?.role === 'tool') return [{ type: 'text', text: describeToolResults(options.prompt, last.content) }];

  const tools = (options.tools ?? []).flatMap((tool) => (tool.type === 'function' ? [tool] : []));
  // The first line says what is asked; what follows is material (a pasted receipt, earlier steps' output).
  const [firstLine = '', ...material] = request.split('\n');
  const asked = requestOf(firstLine);
  // A redo after a reviewer's note is the step's own request again, not a follow-up of its first attempt.
  const followUp = context.some((entry) => entry.kind === 'feedback') ? undefined : followUpOf(asked, options.prompt, tools);
  if (followUp) return [followUp];
  const named = namedTool(asked, tools);
  if (named) {
    return [
      {
        type: 'tool-call',
        toolCallId: `call_${stableHash(`${options.prompt.length}:${request}`).toString(36)}`,
        toolName: named.tool.name,
        input: JSON.stringify(fillFromSchema(named.tool.inputSchema, named.input)),
      },
    ];
  }
  const offered = tools.map((tool) => tool.name);
  // A kind the request names, else what its material reads as ("is this one-sided?" over pasted terms).
  // A chat's messages may be the material themselves (terms sent in a chat, then "should I agree to this?"): read as lines.
  const reading =
    matchIntent(asked, offered)?.tool ??
    materialReading(firstLine, material, offered) ??
    (chatLines !== undefined ? materialReading('', chatLines.split('\n'), offered) : undefined);
  const chosen = tools.find((tool) => tool.name === reading);
  if (chosen) {
    // Points of earlier steps' output follow the request as its details ("write it" after "outline it"),
    // then a reviewer's notes on a rejected attempt: the redo's tool makes what the note asks for.
    const details = earlierPoints(context).map((point) => `${point.replace(TRAILING_STOPS, '')}.`);
    const notes = context.filter((entry) => entry.kind === 'feedback').map((entry) => entry.text.trim());
    const input = (chatLines ?? [asked, ...material].join('\n')) + (details.length > 0 ? `. ${details.join(' ')}` : '') + (notes.length > 0 ? ` ${notes.join(' ')}` : '');
    return [
      {
        type: 'tool-call',
        toolCallId: `call_${stableHash(`${options.prompt.length}:${request}`).toString(36)}`,
        toolName: chosen.name,
        input: JSON.stringify(fillFromSchema(chosen.inputSchema, input, [asked, ...notes].join(' '))),
      },
    ];
  }
  // Text after the request line is material to work on, like an earlier step's output.
  const materialEntry: ContextEntry[] = material.some((line) => line.trim()) ? [{ kind: 'earlier-step', text: `\n${material.join('\n')}` }] : [];
  const task = context.length > 0 || TASK_VERB.test(asked) ? taskAnswer(asked, [...context, ...materialEntry]) : undefined;
  return [{ type: 'text', text: task ?? unmadeWorkReply(asked) ?? plainReply(request) }];
}

/** Nouns of a follow-up that name only the form of the output, not a new subject ("drop the hashtags", "for X instead"). */
const FORM_NOUNS = new Set(
  ('linkedin instagram insta x twitter facebook fb tiktok threads hashtag hashtags tag tags emoji emojis call action cta tone ' +
    'version versions variation post tweet caption thread one bit length word words please thanks').split(' '),
);
/** The input fields a follow-up may change: the form of the output, never its subject or material. */
const FORM_FIELDS = new Set(['platform', 'length', 'tone', 'leaveOut', 'versions', 'points']);
/** Languages a follow-up may ask for; the offline model writes English only. */
const LANGUAGES = new Set(
  'french spanish german italian portuguese dutch polish swedish danish norwegian finnish greek turkish russian ukrainian arabic hebrew hindi chinese mandarin japanese korean vietnamese thai indonesian'.split(' '),
);

/**
 * A follow-up in the same conversation ("make it shorter", "drop the hashtags", "for X instead")
 * transforms what the last tool call made: the same tool, the same content, with the changes the
 * follow-up reads as (platform, length, tone, count, what to leave out) on top of the earlier
 * input. A follow-up that names a subject of its own is a new request. "In French": the offline
 * model cannot translate, and says so in one sentence.
 */
function followUpOf(asked: string, prompt: LanguageModelV4Prompt, tools: readonly LanguageModelV4FunctionTool[]): LanguageModelV4Content | undefined {
  const earlier = lastToolCall(prompt, tools);
  if (!earlier || !asked) return undefined;
  const language = asked.split(/[^A-Za-z]+/).find((word) => LANGUAGES.has(word.toLowerCase()));
  if (language && /\b(?:in|into|translat\w*)\b/i.test(asked)) {
    const name = language.charAt(0).toUpperCase() + language.slice(1).toLowerCase();
    return {
      type: 'text',
      text: `I understood that you want that in ${name}, but the offline model writes only in English and cannot translate; the nearest I can make is the same text shorter, more upbeat or for another platform.`,
    };
  }
  if (nounsOf(asked).some((noun) => !FORM_NOUNS.has(noun))) return undefined;
  // Asking for another kind of thing ("write the LinkedIn post" after an outline) is a new request.
  const intent = matchIntent(asked, tools.map((tool) => tool.name));
  if (intent && intent.tool !== earlier.tool.name) return undefined;
  const filled = fillFromSchema(earlier.tool.inputSchema, asked) as Record<string, unknown>;
  const required = new Set(earlier.tool.inputSchema.required ?? []);
  // Only the form of what was made changes; a tool without such fields (a receipt's reading) has nothing to transform.
  const changes = Object.fromEntries(Object.entries(filled).filter(([name]) => !required.has(name) && FORM_FIELDS.has(name)));
  if (Object.keys(changes).length === 0) return undefined;
  const leaveOut = [earlier.input.leaveOut, changes.leaveOut].flatMap((value) => (Array.isArray(value) ? (value as unknown[]) : []));
  const input = { ...earlier.input, ...changes, ...(leaveOut.length > 0 ? { leaveOut: [...new Set(leaveOut)] } : {}) };
  return {
    type: 'tool-call',
    toolCallId: `call_${stableHash(`${prompt.length}:${asked}`).toString(36)}`,
    toolName: earlier.tool.name,
    input: JSON.stringify(input),
  };
}

/** The last call of an offered tool in the conversation, with its input as an object. */
function lastToolCall(
  prompt: LanguageModelV4Prompt,
  tools: readonly LanguageModelV4FunctionTool[],
): { tool: LanguageModelV4FunctionTool; input: Record<string, unknown> } | undefined {
  for (let index = prompt.length - 1; index >= 0; index--) {
    const message = prompt[index];
    if (message.role !== 'assistant') continue;
    const call = message.content.findLast((part) => part.type === 'tool-call');
    if (!call) continue;
    const tool = tools.find((offered) => offered.name === call.toolName);
    const input: unknown = typeof call.input === 'string' ? parseJson(call.input) : call.input;
    return tool && input && typeof input === 'object' && !Array.isArray(input) ? { tool, input: input as Record<string, unknown> } : undefined;
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** "use echo with hello", "call the echo tool with hello": a tool named by the user, and what to give it. */
const NAMED_TOOL = /^(?:please\s+)?(?:use|call|run)\s+(?:the\s+)?([A-Za-z0-9_.-]{1,64})(?:\s+tool)?\s+(?:with|on|for)\s+(\S[\s\S]*)$/i;

/**
 * The offered tool a request names, by its name or, for a team's MCP tool (`mcp_<server>__<tool>`),
 * by the server's own tool name; its input is the rest of the request.
 */
function namedTool(asked: string, tools: readonly LanguageModelV4FunctionTool[]): { tool: LanguageModelV4FunctionTool; input: string } | undefined {
  const match = NAMED_TOOL.exec(asked.trim());
  if (!match) return undefined;
  const name = match[1].toLowerCase();
  const tool = tools.find((offered) => offered.name.toLowerCase() === name || offered.name.toLowerCase().endsWith(`__${name.replace(/[^a-z0-9_-]/g, '_')}`));
  return tool && { tool, input: match[2] };
}

/**
 * Full stops at the end of a text. Written `[.!?:]+$`, a run of stops not at the end was tried
 * from each of its characters, each try scanning the rest of it: the lookbehind starts one try per run.
 */
const TRAILING_STOPS = /(?<![.!?:])[.!?:]+$/;

/** Requests that ask for a piece of work (answered with a structured draft), unlike questions and chat. */
const TASK_VERB =
  /^(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:summari[sz]e|sum\s+up|plan|draft|write|prepare|list|compile|outline|recap|create|make|put\s+together|brainstorm|suggest|propose|organi[sz]e|review|check|research|analy[sz]e|compare|collect|gather|note|report|email|reply|respond|announce|schedule|explain|describe)\b/i;

interface ContextEntry {
  kind: ContextKind;
  text: string;
}

/**
 * A structured answer to a piece of work no tool makes (a summary, a plan, an email), built from
 * the request and what earlier steps produced: the offline model cannot write freely, so it lays
 * out the material it has in the shape the request asks for.
 */
function taskAnswer(request: string, context: ContextEntry[]): string {
  const subject = request.replace(/^(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?/i, '').replace(TRAILING_STOPS, '');
  const points = earlierPoints(context);
  const feedback = context.filter((entry) => entry.kind === 'feedback').map((entry) => entry.text);
  const heading = subject.charAt(0).toUpperCase() + subject.slice(1);
  const basis = points.length > 0 ? points : [`What "${subject}" needs to cover`, 'The facts and figures to include', 'Who it is for and what they should do next'];
  const notes = feedback.length > 0 ? ['', '**Reviewer notes addressed**', ...feedback.map((note) => `- ${note}`)] : [];
  if (/\b(?:e-?mail|message|letter|memo|note\s+to|reply|newsletter)\b/i.test(subject)) {
    const recipient = /\bto\s+(?:the\s+|our\s+|my\s+)?([\w' -]+?)(?:\s+(?:about|on|with|regarding)\b|$)/i.exec(subject)?.[1] ?? 'team';
    const topic = /\b(?:about|on|regarding)\s+(.+)$/i.exec(subject)?.[1];
    return [
      `**Subject:** ${topic ? topic.charAt(0).toUpperCase() + topic.slice(1) : heading}`,
      '',
      `Hi ${recipient},`,
      '',
      topic ? `A quick update on ${topic}:` : 'A quick update:',
      '',
      ...basis.map((point) => `- ${point}`),
      '',
      'Let me know if you have questions.',
      '',
      'Best regards',
      ...notes,
    ].join('\n');
  }
  if (/\b(?:plan|schedule|roadmap|checklist|steps|agenda|calendar)\b/i.test(subject)) {
    return [`## ${heading}`, '', ...basis.map((point, index) => `${index + 1}. ${point}`), '', '**Owner and date:** to be set for each item', ...notes].join('\n');
  }
  return [`## ${heading}`, '', '**Key points**', ...basis.map((point) => `- ${point}`), '', `**In short:** ${basis.slice(0, 3).join('; ')}.`, ...notes].join('\n');
}

/** The points of earlier steps' output: headings and list items of Markdown, else its sentences. */
function earlierPoints(context: ContextEntry[]): string[] {
  const points = context
    .filter((entry) => entry.kind === 'earlier-step')
    .flatMap((entry) => {
      const lines = entry.text.split('\n').slice(1).map((line) => line.trim());
      // An outline's sections, else a list's items: the points a following step builds on.
      const headings = lines.filter((line) => /^(?:#{2,6}\s|\*\*Hook:\*\*)/.test(line));
      const items = lines.filter((line) => /^(?:[-*•]\s|\d+[.)]\s)/.test(line));
      const sections = (headings.length > 0 ? headings : items).map((line) =>
        line.replace(/^(?:#{2,6}\s+(?:\d+\.\s+)?|[-*•]\s+|\d+[.)]\s+|\*\*Hook:\*\*\s*)/, ''),
      );
      if (sections.length > 0) return sections;
      return lines
        .filter((line) => line && !line.endsWith(`${SAVED_TO_ASSETS}.`) && !/^#\s/.test(line))
        .flatMap((line) => line.split(/(?<=[.!?])\s+/))
        .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
    })
    .map((point) => point.replace(/\*\*/g, '').trim())
    .filter(Boolean);
  return [...new Set(points)].slice(0, 8);
}

function structuredOutput(format: { schema?: JSONSchema7; name?: string }, request: string, written = request): unknown {
  if (format.name === AGENT_ROUTE_OUTPUT) {
    const [firstLine = '', ...material] = request.split('\n');
    // The ask first, then what the pasted lines are (a contract's "edited images" are what the deal is about, not an
    // ask for a picture; a first line with no verb is the material's own heading), then anything the whole message names.
    const reading =
      (material.length > 0 ? materialReading(firstLine, material) : undefined) ??
      (written !== request ? materialReading('', withoutChatPrefixes(written).split('\n')) : undefined);
    // "a client sent this over for a logo refresh… anything in here i should be worried about before i sign?": terms pasted
    // under a question about signing them or their clauses are read, whatever the deal is for.
    const aboutTheTerms = reading === 'analyze_legal_document' && ABOUT_THE_TERMS.test(firstLine);
    const ask = reading && (!hasVerb(firstLine) || aboutTheTerms) ? undefined : matchIntent(parseableRequest(firstLine));
    const agentId: OfflineAgentId =
      ask?.agent ??
      agentOfTool(reading) ??
      matchIntent(parseableRequest(request))?.agent ??
      'general';
    return { agentId, confident: agentId !== 'general' };
  }
  if (format.name === WORKFLOW_PLAN_OUTPUT) return planWorkflow(request.slice(0, REQUEST_MAX_LENGTH));
  if (format.name === CONVERSATION_TITLE_OUTPUT) return { title: summariseTitle(request) };
  return fillFromSchema(format.schema, request);
}

/** A question about pasted terms themselves: signing them, their clauses, what to worry about in them. */
const ABOUT_THE_TERMS = /\b(?:sign|signing|clauses?|worried|worry|risky|dodgy|red\s+flags?|fair|push\s+back)\b/i;

/** Ends the report of a tool call that saved an asset (which a later step's points leave out). */
const SAVED_TO_ASSETS = ', saved to your assets';

/**
 * The reply after tool calls: what each did, said as the chat shows it ("Made a LinkedIn post"),
 * never the function's name. What a tool made is not repeated: it is the reply's asset, shown once.
 */
function describeToolResults(prompt: LanguageModelV4Prompt, results: Extract<LanguageModelV4Prompt[number], { role: 'tool' }>['content']): string {
  const inputs = new Map(
    prompt.flatMap((message) =>
      message.role === 'assistant' ? message.content.flatMap((part) => (part.type === 'tool-call' ? [[part.toolCallId, part.input] as const] : [])) : [],
    ),
  );
  return results
    .map((part) => {
      if (part.type !== 'tool-result') return '';
      const { output } = part;
      const label = toolLabel(part.toolName);
      if (output.type === 'execution-denied') return `I did not run ${label}: it was denied${output.reason ? ` (${output.reason})` : ''}.`;
      if (output.type === 'error-text' || output.type === 'error-json') {
        const reason = (typeof output.value === 'string' ? output.value : JSON.stringify(output.value)).replace(/^Error: /, '');
        return `I could not finish ${label}: ${reason}`;
      }
      const done = toolDone(part.toolName, inputs.get(part.toolCallId));
      const text = textOfToolOutput(output);
      if (text !== undefined) return `${done}: ${text}`;
      const value = output.type === 'json' ? output.value : undefined;
      const saved = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
      const title = typeof saved.title === 'string' ? `: "${saved.title}"` : '';
      const stored = typeof saved.assetId === 'number' ? SAVED_TO_ASSETS : '';
      return `${done}${title}${stored}.`;
    })
    .filter(Boolean)
    .join('\n');
}

type ToolOutput = Extract<Extract<LanguageModelV4Prompt[number], { role: 'tool' }>['content'][number], { type: 'tool-result' }>['output'];

/** The text a tool answered with as content parts (an MCP tool's result), else undefined. */
function textOfToolOutput(output: ToolOutput): string | undefined {
  const parts: unknown =
    output.type === 'content' ? output.value : output.type === 'json' && output.value && typeof output.value === 'object' && !Array.isArray(output.value) ? (output.value as Record<string, unknown>).content : undefined;
  if (!Array.isArray(parts)) return undefined;
  const texts = parts.flatMap((item: unknown) =>
    item && typeof item === 'object' && (item as { type?: unknown }).type === 'text' && typeof (item as { text?: unknown }).text === 'string' ? [(item as { text: string }).text] : [],
  );
  return texts.length > 0 ? texts.join('\n') : undefined;
}

/**
 * A request to make something no tool makes ("compose a jingle"), said back in one sentence: what
 * was understood, that the offline model cannot make it, and the nearest thing it can; never a
 * made-up asset from a misread.
 */
function unmadeWorkReply(asked: string): string | undefined {
  const work = askedWorkOf(asked);
  return work && `I understood that you want me to ${work.verb} ${work.object}, which the offline model cannot make; the nearest I can make is ${work.nearest} about it.`;
}

/** The request a plain reply repeats, cut to this many UTF-16 units (the ellipsis included). */
const QUOTE_MAX_LENGTH = 201;

function plainReply(request: string): string {
  const quoted = cutText(request, QUOTE_MAX_LENGTH);
  return (
    'This is the offline model: no language model is configured, so I answer from fixed rules. ' +
    'Ask me to outline or write a post, make an image, write a reel or video script, suggest thumbnail ' +
    `concepts, read a receipt or review a contract, and I will use the right tool. You wrote: "${quoted}"`
  );
}

/** The last user message: its request (unmarked text) and its context parts. */
function lastUserMessage(prompt: LanguageModelV4Prompt): { request: string; context: ContextEntry[] } {
  const message = prompt.findLast((entry) => entry.role === 'user');
  const request: string[] = [];
  const context: ContextEntry[] = [];
  for (const part of message?.content ?? []) {
    if (part.type !== 'text') continue;
    const kind = (part.providerOptions?.offline as { context?: ContextKind } | undefined)?.context;
    if (kind) context.push({ kind, text: part.text });
    else request.push(part.text);
  }
  return { request: request.join(' ').trim(), context };
}

function toStreamParts(content: LanguageModelV4Content[], options: LanguageModelV4CallOptions, modelId: string): LanguageModelV4StreamPart[] {
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
  parts.push({ type: 'finish', finishReason: finishReason(content), usage: usage(options, content) });
  return parts;
}

function finishReason(content: LanguageModelV4Content[]): LanguageModelV4GenerateResult['finishReason'] {
  return { unified: content.some((item) => item.type === 'tool-call') ? 'tool-calls' : 'stop', raw: undefined };
}

/**
 * Token counts as a real model would report them, at about 4 characters a token: what it read (the
 * instructions, messages, tool results, and the tool and output schemas it was shown) and what it
 * wrote (text and tool inputs). The usage ledger meters the offline model like any other.
 */
function usage(options: LanguageModelV4CallOptions, content: LanguageModelV4Content[]): LanguageModelV4Usage {
  const input = promptTextTokens(options);
  const output = tokensOfText(content.map((item) => (item.type === 'text' ? item.text : item.type === 'tool-call' ? `${item.toolName}${item.input}` : '')).join(''));
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
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
