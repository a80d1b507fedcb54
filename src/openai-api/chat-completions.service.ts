import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, InternalServerErrorException, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Response } from 'express';
import type { AssetResponse } from '../assets/asset.response.js';
import { AGENT_IDS, AGENTS, type AgentId, isAgentId } from '../assistant/agents/agents.js';
import { ChatStreamService } from '../assistant/chat-stream.service.js';
import { MessageFieldException } from '../assistant/client-messages.js';
import { LiveRepliesService } from '../assistant/live-replies.service.js';
import type { AppConfig } from '../config/configuration.js';
import { CONVERSATION_REFERENCE, CONVERSATION_REFERENCE_RULE } from '../conversations/conversations.service.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import type { ChatCompletionRequestDto } from './dto/chat-completion-request.dto.js';
import { openAiErrorBody } from './openai-exception.filter.js';
import { refuseField, requestFieldOf, toChatMessages } from './openai-messages.js';
import type { ChatCompletion, ChatCompletionChunk, CompletionUsage, ModelList, ModelObject } from './openai.response.js';
import { type ReplyPart, replyParts } from './reply-parts.js';

/** The model id that lets the router pick the agent, as the dashboard's chat does. */
const ROUTER_MODEL = 'router';
const ROUTER_DESCRIPTION = 'Picks the agent for each message (social, video, finance, legal, general)';
const OWNER = 'assistant';
const EVENT_STREAM_HEADERS = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' };

/** One request's reply as OpenAI describes a completion. */
interface Completion {
  id: string;
  created: number;
  model: string;
  conversationId: string;
}

/**
 * The agents behind OpenAI's chat completions API: a request becomes a router turn (the same
 * checks, routing, tools, assets and stored conversation), and the reply's live stream is read
 * back as one `chat.completion` or as `chat.completion.chunk` events. A client that leaves stops
 * only its own reading: the reply is generated and stored to its end.
 */
@Injectable()
export class ChatCompletionsService {
  /** Models have no creation date here; this instance's start stands in. */
  private readonly started = unixSeconds();
  private readonly publicUrl: string;
  private readonly dashboardUrl: string;

  constructor(
    private readonly chat: ChatStreamService,
    private readonly live: LiveRepliesService,
    config: ConfigService<AppConfig, true>,
  ) {
    const { publicUrl, frontendUrl } = config.get('app', { infer: true });
    this.publicUrl = publicUrl;
    this.dashboardUrl = `${frontendUrl}/dashboard`;
  }

  models(): ModelList {
    return { object: 'list', data: [ROUTER_MODEL, ...AGENT_IDS].map((id) => this.model(id)) };
  }

  model(id: string): ModelObject {
    return { id: this.checkModel(id), object: 'model', created: this.started, owned_by: OWNER, description: isAgentId(id) ? AGENTS[id].description : ROUTER_DESCRIPTION };
  }

  /**
   * POST /v1/chat/completions. Without a conversation id the request is a new conversation holding
   * the messages' text (stateless clients resend the whole chat); with one, the conversation kept
   * under it gets the last user message, its stored history being the truth.
   */
  async complete(team: TeamContext, request: ChatCompletionRequestDto, headerConversationId: string | undefined, response: Response): Promise<void> {
    const model = this.checkModel(request.model);
    const chatId = conversationReference(request.conversation_id, headerConversationId);
    const converted = toChatMessages(request.messages);
    // With a kept conversation only the last message is added: stored history is the truth.
    const sent = chatId ? converted.messages.slice(-1) : converted.messages;
    const origins = chatId ? converted.origins.slice(-1) : converted.origins;
    const { conversationId, streamId } = await this.chat
      .begin(team, { messages: sent, chatId, agentId: model === ROUTER_MODEL ? null : model, keepAssistantText: true, toolApprovals: 'refuse' })
      .catch((error: unknown) => {
        // The router's checks name the UI messages' fields; the client knows its own.
        if (!(error instanceof MessageFieldException)) throw error;
        const origin = origins.at(error.at.message);
        if (!origin) throw error;
        return refuseField(requestFieldOf(origin, error.at), error.problem);
      });
    response.setHeader('x-conversation-id', conversationId);
    // Leaving stops this response's reading, never the generation.
    const gone = new AbortController();
    response.on('close', () => gone.abort());
    const parts = replyParts(this.live.chunks(streamId, gone.signal));
    const completion: Completion = { id: `chatcmpl-${randomUUID()}`, created: unixSeconds(), model, conversationId };
    if (request.stream) await this.stream(completion, parts, request.stream_options?.include_usage === true, response);
    else response.status(200).json(await this.collect(completion, parts));
  }

  private async collect(completion: Completion, parts: AsyncIterable<ReplyPart>): Promise<ChatCompletion> {
    let text = '';
    const assets: AssetResponse[] = [];
    let usage: CompletionUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
    for await (const part of parts) {
      if ('error' in part) throw new InternalServerErrorException(part.error);
      if ('text' in part) text += part.text;
      else if ('asset' in part) assets.push(part.asset);
      else usage = part.usage;
    }
    return {
      id: completion.id,
      object: 'chat.completion',
      created: completion.created,
      model: completion.model,
      conversation_id: completion.conversationId,
      choices: [{ index: 0, message: { role: 'assistant', content: text + this.assetList(assets, completion.conversationId, text !== ''), refusal: null }, logprobs: null, finish_reason: 'stop' }],
      usage,
      assets,
    };
  }

  /**
   * Server-sent chunks: the role, each text delta, each asset (an empty delta with `assets`), the
   * assets' links as a last text delta, the finish, the usage when asked for, then [DONE]. A
   * failure of the reply is an `error` event in OpenAI's shape, then [DONE].
   */
  private async stream(completion: Completion, parts: AsyncIterable<ReplyPart>, includeUsage: boolean, response: Response): Promise<void> {
    response.writeHead(200, EVENT_STREAM_HEADERS);
    response.flushHeaders();
    const send = (data: object) => response.write(`data: ${JSON.stringify(data)}\n\n`);
    const chunk = (delta: ChatCompletionChunk['choices'][number]['delta'], finishReason: 'stop' | null = null): ChatCompletionChunk => ({
      id: completion.id,
      object: 'chat.completion.chunk',
      created: completion.created,
      model: completion.model,
      conversation_id: completion.conversationId,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    });
    send(chunk({ role: 'assistant', content: '' }));
    let hasText = false;
    const assets: AssetResponse[] = [];
    let usage: CompletionUsage | undefined;
    let failed = false;
    for await (const part of parts) {
      if ('error' in part) {
        send(openAiErrorBody(500, part.error));
        failed = true;
        break;
      }
      if ('text' in part) {
        hasText ||= part.text !== '';
        send(chunk({ content: part.text }));
      } else if ('asset' in part) {
        assets.push(part.asset);
        send({ ...chunk({}), assets: [part.asset] });
      } else {
        usage = part.usage;
      }
    }
    if (!failed) {
      if (assets.length > 0) send(chunk({ content: this.assetList(assets, completion.conversationId, hasText) }));
      send(chunk({}, 'stop'));
      if (includeUsage && usage) send({ ...chunk({}), choices: [], usage });
    }
    if (!response.destroyed) response.end('data: [DONE]\n\n');
  }

  /** The assets as a short list with links, for clients that show only the text: the conversation in the dashboard, each asset (an image itself). */
  private assetList(assets: AssetResponse[], conversationId: string, afterText: boolean): string {
    if (assets.length === 0) return '';
    const lines = assets.map((asset) => {
      const link = asset.type === 'image' ? asset.content : `${this.publicUrl}/api/assets/${asset.id}`;
      return `- ${asset.type.replaceAll('_', ' ')}: [${asset.title}](${link})`;
    });
    return `${afterText ? '\n\n' : ''}Assets (in the dashboard: ${this.dashboardUrl}/chat/${conversationId}):\n${lines.join('\n')}`;
  }

  private checkModel(id: string): typeof ROUTER_MODEL | AgentId {
    if (id === ROUTER_MODEL || isAgentId(id)) return id;
    throw new NotFoundException({ message: `The model "${id}" does not exist; GET /v1/models lists the models`, param: 'model', code: 'model_not_found' });
  }
}

/** The conversation id of the body or of the X-Conversation-Id header; null when neither names one. */
function conversationReference(body: string | null | undefined, header: string | undefined): string | null {
  if (header !== undefined && !CONVERSATION_REFERENCE.test(header)) {
    throw new BadRequestException({ message: `X-Conversation-Id must be a chat id (${CONVERSATION_REFERENCE_RULE})`, param: 'conversation_id' });
  }
  if (body && header && body !== header) {
    throw new BadRequestException({ message: 'conversation_id and X-Conversation-Id name different conversations; send one of them', param: 'conversation_id' });
  }
  return body || header || null;
}

function unixSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
