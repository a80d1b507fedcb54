import { BadRequestException, Injectable, InternalServerErrorException, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Response } from 'express';
import type { AssetResponse } from '../assets/asset.response.js';
import { AGENT_IDS, AGENTS, type AgentId, isAgentId } from '../assistant/agents/agents.js';
import { ChatStreamService } from '../assistant/chat-stream.service.js';
import { MessageFieldException } from '../assistant/client-messages.js';
import { LiveRepliesService } from '../assistant/live-replies.service.js';
import type { ReplyFormat } from '../assistant/reply-format.js';
import type { AppConfig } from '../config/configuration.js';
import { CONVERSATION_REFERENCE, CONVERSATION_REFERENCE_RULE } from '../conversations/conversations.service.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { type ConvertedMessages, refuseField } from './openai-messages.js';
import type { CompletionUsage, ModelList, ModelObject } from './openai.response.js';
import { type ReplyPart, replyParts } from './reply-parts.js';

/** The model id that lets the router pick the agent, as the dashboard's chat does. */
export const ROUTER_MODEL = 'router';
const ROUTER_DESCRIPTION = 'Picks the agent for each message (social, video, finance, legal, general)';
const OWNER = 'assistant';
export const EVENT_STREAM_HEADERS = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' };

/** Which conversation a request continues: one kept under a client's chat id (made on first use), one that must exist, or none (a new one). */
export type ConversationChoice = { chatId: string } | { conversationId: string } | null;

/** One request to /v1, whichever API it came through. */
export interface OpenAiTurn {
  model: string;
  /** The request's messages, the last one the message to answer. */
  input: ConvertedMessages;
  conversation: ConversationChoice;
  format: ReplyFormat | null;
}

/** A started reply, read as the parts an OpenAI client is told of. */
export interface OpenAiReply {
  model: typeof ROUTER_MODEL | AgentId;
  conversationId: string;
  /** The id of the user message the reply answers. */
  answered: string;
  format: ReplyFormat | null;
  parts: AsyncIterable<ReplyPart>;
}

/** A whole reply as a non-streaming answer tells it. */
export interface CollectedReply {
  /** The reply's text and, unless it is JSON, the list of its assets. */
  text: string;
  assets: AssetResponse[];
  usage: CompletionUsage;
}

/**
 * What /v1's chat completions and Responses APIs share: the models, and a request as a router turn
 * (the same checks, routing, tools, assets, budget, metering and stored conversation as the
 * dashboard's chat), read back from the reply's live stream. A client that leaves stops only its
 * own reading: the reply is generated and stored to its end.
 */
@Injectable()
export class OpenAiTurnsService {
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
   * Begins the reply: without a conversation the request is a new conversation holding the
   * messages' text (stateless clients resend the whole chat); with one, the conversation gets the
   * last user message, its stored history being the truth. Sets `x-conversation-id`.
   */
  async begin(team: TeamContext, turn: OpenAiTurn, response: Response): Promise<OpenAiReply> {
    const model = this.checkModel(turn.model);
    const { messages, fieldOf } = turn.input;
    // With a kept conversation only the last message is added: stored history is the truth.
    const sent = turn.conversation ? messages.slice(-1) : messages;
    const skipped = messages.length - sent.length;
    const { conversationId, streamId } = await this.chat
      .begin(team, { messages: sent, ...turn.conversation, agentId: model === ROUTER_MODEL ? null : model, keepAssistantText: true, format: turn.format, toolApprovals: 'refuse' })
      .catch((error: unknown) => {
        // The router's checks name the UI messages' fields; the client knows its own.
        if (!(error instanceof MessageFieldException)) throw error;
        const field = fieldOf({ ...error.at, message: error.at.message + skipped });
        if (!field) throw error;
        return refuseField(field, error.problem);
      });
    response.setHeader('x-conversation-id', conversationId);
    // Leaving stops this response's reading, never the generation.
    const gone = new AbortController();
    response.on('close', () => gone.abort());
    return { model, conversationId, answered: sent[sent.length - 1].id, format: turn.format, parts: replyParts(this.live.chunks(streamId, gone.signal)) };
  }

  /**
   * The whole reply, for a non-streaming answer. A failed reply is a 500, and so is a reply asked
   * for as JSON that is not JSON: never prose with a 200.
   */
  async collect(reply: OpenAiReply): Promise<CollectedReply> {
    let text = '';
    const assets: AssetResponse[] = [];
    let usage: CompletionUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
    for await (const part of reply.parts) {
      if ('error' in part) throw new InternalServerErrorException(part.error);
      if ('text' in part) text += part.text;
      else if ('asset' in part) assets.push(part.asset);
      else usage = part.usage;
    }
    if (reply.format && !isJson(text)) throw new InternalServerErrorException('The agent could not give its reply as JSON. Please try again.');
    return { text: reply.format ? text : text + this.assetList(assets, reply.conversationId, text !== ''), assets, usage };
  }

  /**
   * The assets as a short list with links, for clients that show only the text: the conversation
   * in the dashboard, each asset (an image itself). Empty without assets.
   */
  assetList(assets: AssetResponse[], conversationId: string, afterText: boolean): string {
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

/**
 * The conversation kept under a chat id of the body or of the X-Conversation-Id header; null when
 * neither names one. `field`: the body's name for it.
 */
export function conversationReference(body: string | null | undefined, header: string | undefined, field: string): string | null {
  if (header !== undefined && !CONVERSATION_REFERENCE.test(header)) {
    throw new BadRequestException({ message: `X-Conversation-Id must be a chat id (${CONVERSATION_REFERENCE_RULE})`, param: field });
  }
  if (body && header && body !== header) {
    throw new BadRequestException({ message: `${field} and X-Conversation-Id name different conversations; send one of them`, param: field });
  }
  return body || header || null;
}

export function unixSeconds(at = new Date()): number {
  return Math.floor(at.getTime() / 1000);
}

export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
