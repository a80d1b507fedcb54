import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { UIMessage } from 'ai';
import type { Response } from 'express';
import type { AssetResponse } from '../assets/asset.response.js';
import type { ReplyFormat } from '../assistant/reply-format.js';
import type { ReplyMetadata } from '../assistant/reply-metadata.js';
import { ConversationsService } from '../conversations/conversations.service.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import type { ResponseRequestDto } from './dto/response-request.dto.js';
import { openAiErrorBody } from './openai-exception.filter.js';
import { formatOfTextFormat } from './openai-reply-format.js';
import { type ConversationChoice, conversationReference, EVENT_STREAM_HEADERS, isJson, OpenAiTurnsService, type OpenAiReply, unixSeconds } from './openai-turns.service.js';
import type { CompletionUsage, ResponseObject, ResponseOutputMessage, ResponseTextFormat, ResponseUsage } from './openai.response.js';
import { toResponsesMessages } from './responses-input.js';

/**
 * A response's id names the user message it answers in its conversation: `resp_` and both UUIDs'
 * hex digits; its reply's output item is `msg_` and the same. So a stored response is read from the
 * conversation, and `previous_response_id` or an `item_reference` names the conversation to continue.
 */
const RESPONSE_ID = /^(resp|msg)_([0-9a-f]{32})([0-9a-f]{32})$/;

/** What a response is known by: its conversation and the user message it answers. */
interface ResponseKey {
  conversationId: string;
  messageId: string;
}

/** What a response echoes of its request. */
interface Echoed {
  instructions: string | null;
  metadata: Record<string, string>;
  previousResponseId: string | null;
  textFormat: ResponseTextFormat;
}

/**
 * OpenAI's Responses API over the agents: a request is a router turn (OpenAiTurnsService), read back
 * as one `response` or as Responses events; a stored response is read back from its conversation.
 */
@Injectable()
export class ResponsesService {
  constructor(
    private readonly turns: OpenAiTurnsService,
    private readonly conversations: ConversationsService,
  ) {}

  /** POST /v1/responses. */
  async create(team: TeamContext, request: ResponseRequestDto, headerConversationId: string | undefined, response: Response): Promise<void> {
    const { input, references } = toResponsesMessages(request.input);
    const format = formatOfTextFormat(request.text);
    const conversation = await this.conversationOf(team, request, headerConversationId, references);
    const reply = await this.turns.begin(team, { model: request.model, input, conversation, format }, response);
    const echoed: Echoed = {
      instructions: request.instructions ?? null,
      metadata: request.metadata ?? {},
      previousResponseId: request.previous_response_id ?? null,
      textFormat: textFormatOf(format),
    };
    if (request.stream) await this.stream(reply, echoed, response);
    else response.status(200).json(await this.collect(reply, echoed));
  }

  /** GET /v1/responses/:id: the response as stored in its conversation; in progress while its reply is being generated. */
  async retrieve(team: TeamContext, id: string): Promise<ResponseObject> {
    const key = keyOf(id);
    const exchange = key && (await this.conversations.exchange(team, key.conversationId, key.messageId));
    if (!key || !exchange) throw notFound(id, 'response_id');
    const { reply } = exchange;
    const metadata = reply?.metadata as ReplyMetadata | undefined;
    const assets = reply ? assetsOf(reply) : [];
    const text = reply ? textOf(reply) : '';
    // A JSON reply was asked for as JSON: its assets stay in `assets`, out of its text.
    const isJsonReply = isJson(text);
    const base = this.response(
      key,
      unixSeconds(exchange.askedAt),
      metadata?.agentId ?? 'router',
      { instructions: null, metadata: {}, previousResponseId: null, textFormat: { type: isJsonReply ? 'json_object' : 'text' } },
      [],
    );
    if (!reply) return base;
    const usage = metadata?.usage;
    return {
      ...base,
      status: 'completed',
      output: [outputMessage(key, isJsonReply ? text : text + this.turns.assetList(assets, key.conversationId, text !== ''), 'completed')],
      usage: responseUsage({ prompt_tokens: usage?.inputTokens ?? 0, completion_tokens: usage?.outputTokens ?? 0, total_tokens: (usage?.inputTokens ?? 0) + (usage?.outputTokens ?? 0) }),
      assets,
    };
  }

  /**
   * The conversation a request continues: the one of `previous_response_id` or of its item
   * references (a stored reply the client sends back by id), which must be the team's; or the one
   * kept under `conversation` / X-Conversation-Id (made on first use); or none, a new one.
   */
  private async conversationOf(team: TeamContext, request: ResponseRequestDto, header: string | undefined, references: { id: string; at: string }[]): Promise<ConversationChoice> {
    const named = typeof request.conversation === 'object' && request.conversation !== null ? request.conversation.id : request.conversation;
    const chatId = conversationReference(named, header, 'conversation');
    const earlier = [
      ...(request.previous_response_id ? [{ id: request.previous_response_id, at: 'previous_response_id' }] : []),
      ...references,
    ];
    if (earlier.length === 0) return chatId ? { chatId } : null;
    if (chatId) throw new BadRequestException({ message: `${earlier[0].at} and conversation cannot both be sent: each names the conversation to continue`, param: earlier[0].at });
    const keys = earlier.map(({ id, at }) => {
      const key = keyOf(id);
      if (!key) throw notFound(id, at);
      return { key, id, at };
    });
    const [first] = keys;
    const other = keys.find(({ key }) => key.conversationId !== first.key.conversationId);
    if (other) throw new BadRequestException({ message: `${other.at} names another conversation than ${first.at}; a response continues one conversation`, param: other.at });
    // One look-up stands for all: they name one conversation, which the team either has or has not.
    if (!(await this.conversations.exchange(team, first.key.conversationId, first.key.messageId))) throw notFound(first.id, first.at);
    return { conversationId: first.key.conversationId };
  }

  private async collect(reply: OpenAiReply, echoed: Echoed): Promise<ResponseObject> {
    const key = { conversationId: reply.conversationId, messageId: reply.answered };
    const { text, assets, usage } = await this.turns.collect(reply);
    return {
      ...this.response(key, unixSeconds(), reply.model, echoed, assets),
      status: 'completed',
      output: [outputMessage(key, text, 'completed')],
      usage: responseUsage(usage),
    };
  }

  /**
   * Server-sent Responses events, each named by its type and numbered: created, in progress, the
   * message item and its text part added, each text delta, the assets' links as a last delta (not
   * after a JSON reply), the text, part and item done, then completed with the usage and assets.
   * A failure of the reply is an `error` event in OpenAI's shape, then `response.failed`.
   */
  private async stream(reply: OpenAiReply, echoed: Echoed, response: Response): Promise<void> {
    response.writeHead(200, EVENT_STREAM_HEADERS);
    response.flushHeaders();
    let sequence = 0;
    const send = (type: string, data: object) => response.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`);
    const key = { conversationId: reply.conversationId, messageId: reply.answered };
    const itemId = `msg_${hex(key.conversationId)}${hex(key.messageId)}`;
    const base = this.response(key, unixSeconds(), reply.model, echoed, []);
    const at = { item_id: itemId, output_index: 0, content_index: 0 };
    send('response.created', { response: base });
    send('response.in_progress', { response: base });
    send('response.output_item.added', { output_index: 0, item: outputMessage(key, '', 'in_progress', []) });
    send('response.content_part.added', { ...at, part: outputText('') });
    let text = '';
    const assets: AssetResponse[] = [];
    let usage: CompletionUsage | undefined;
    for await (const part of reply.parts) {
      if ('error' in part) {
        const { error } = openAiErrorBody(500, part.error);
        send('error', { error });
        send('response.failed', { response: { ...base, status: 'failed', error: { code: 'server_error', message: error.message } } });
        if (!response.destroyed) response.end();
        return;
      }
      if ('text' in part) {
        text += part.text;
        send('response.output_text.delta', { ...at, delta: part.text, logprobs: [] });
      } else if ('asset' in part) {
        assets.push(part.asset);
      } else {
        usage = part.usage;
      }
    }
    const links = reply.format ? '' : this.turns.assetList(assets, reply.conversationId, text !== '');
    if (links) send('response.output_text.delta', { ...at, delta: links, logprobs: [] });
    const done = outputMessage(key, text + links, 'completed');
    send('response.output_text.done', { ...at, text: text + links, logprobs: [] });
    send('response.content_part.done', { ...at, part: done.content[0] });
    send('response.output_item.done', { output_index: 0, item: done });
    send('response.completed', { response: { ...base, status: 'completed', output: [done], usage: usage ? responseUsage(usage) : null, assets } });
    if (!response.destroyed) response.end();
  }

  /** A response without its output yet. */
  private response(key: ResponseKey, createdAt: number, model: string, echoed: Echoed, assets: AssetResponse[]): ResponseObject {
    return {
      id: `resp_${hex(key.conversationId)}${hex(key.messageId)}`,
      object: 'response',
      created_at: createdAt,
      status: 'in_progress',
      error: null,
      incomplete_details: null,
      instructions: echoed.instructions,
      max_output_tokens: null,
      model,
      output: [],
      parallel_tool_calls: false,
      previous_response_id: echoed.previousResponseId,
      conversation: { id: key.conversationId },
      store: true,
      temperature: null,
      top_p: null,
      text: { format: echoed.textFormat },
      tool_choice: 'auto',
      tools: [],
      truncation: 'disabled',
      usage: null,
      metadata: echoed.metadata,
      conversation_id: key.conversationId,
      assets,
    };
  }
}

function outputMessage(key: ResponseKey, text: string, status: ResponseOutputMessage['status'], content = [outputText(text)]): ResponseOutputMessage {
  return { type: 'message', id: `msg_${hex(key.conversationId)}${hex(key.messageId)}`, status, role: 'assistant', content };
}

function outputText(text: string): ResponseOutputMessage['content'][number] {
  return { type: 'output_text', text, annotations: [], logprobs: [] };
}

function responseUsage(usage: CompletionUsage): ResponseUsage {
  return {
    input_tokens: usage.prompt_tokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: usage.completion_tokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usage.total_tokens,
  };
}

function textFormatOf(format: ReplyFormat | null): ResponseTextFormat {
  if (!format) return { type: 'text' };
  if (format.type === 'json_object') return format;
  return { type: 'json_schema', name: format.name, ...(format.description === undefined ? {} : { description: format.description }), schema: format.schema, strict: null };
}

/** The conversation and message a response or output item id names; undefined for an id this service never gave. */
function keyOf(id: string): ResponseKey | undefined {
  const match = RESPONSE_ID.exec(id);
  return match ? { conversationId: uuid(match[2]), messageId: uuid(match[3]) } : undefined;
}

function notFound(id: string, param: string): NotFoundException {
  return new NotFoundException({ message: `No response or item with id "${id}" was found`, param, code: 'not_found' });
}

function hex(id: string): string {
  return id.replaceAll('-', '');
}

function uuid(digits: string): string {
  return `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
}

function textOf(message: UIMessage): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function assetsOf(message: UIMessage): AssetResponse[] {
  return message.parts.flatMap((part) => (part.type === 'data-asset' ? [(part as { data: AssetResponse }).data] : []));
}
