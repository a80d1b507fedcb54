import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import {
  convertToModelMessages,
  createUIMessageStream,
  isStepCount,
  safeValidateUIMessages,
  streamText,
  toUIMessageStream,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import type { Response } from 'express';
import type { AssetScope } from '../assets/assets.service.js';
import { ConversationsService } from '../conversations/conversations.service.js';
import type { Conversation } from '../conversations/entities/conversation.entity.js';
import { ModelRegistry, type ResolvedModel } from '../llm/model-registry.service.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { AGENTS, type AgentId, isAgentId } from './agents/agents.js';
import { attachmentsOf, textOf } from './chat-messages.js';
import type { RouterRequestDto } from './dto/router-request.dto.js';
import { LiveRepliesService } from './live-replies.service.js';
import type { ReplyMetadata } from './reply-metadata.js';
import { RouterService } from './router.service.js';
import { AgentToolsFactory } from './tools/agent-tools.factory.js';

/** Tool calls and answers an agent may take for one reply. */
const MAX_STEPS = 6;

export interface ReplyRequest {
  agentId: AgentId;
  model: ResolvedModel;
  /** The conversation so far, ending with the message to answer. */
  history: UIMessage[];
  scope: AssetScope;
  abortSignal?: AbortSignal;
  /** Called with the reply when the stream ends, also when it ended early. */
  onEnd?: (message: UIMessage) => Promise<void>;
}

interface PreparedReply {
  conversation: Conversation;
  history: UIMessage[];
  agentId: AgentId;
  model: ResolvedModel;
}

/**
 * The only place replies are generated with `streamText`. Checks and stores the request before
 * the first byte (so bad input is a 4xx), then streams the agent's reply as an AI SDK UI message
 * stream and stores it when it ends, whether or not the client is still listening.
 */
@Injectable()
export class ChatStreamService {
  private readonly logger = new Logger(ChatStreamService.name);

  constructor(
    private readonly conversations: ConversationsService,
    private readonly models: ModelRegistry,
    private readonly router: RouterService,
    private readonly tools: AgentToolsFactory,
    private readonly live: LiveRepliesService,
  ) {}

  async reply(team: TeamContext, request: RouterRequestDto, response: Response): Promise<void> {
    const { conversation, history, agentId, model } = await this.prepare(team, request);
    const streamId = await this.live.start(conversation.id, (abortSignal) =>
      this.replyStream({
        agentId,
        model,
        history,
        scope: { teamId: team.teamId, conversationId: conversation.id, runId: null },
        abortSignal,
        onEnd: (message) => this.store(conversation.id, message),
      }),
    );
    response.setHeader('x-conversation-id', conversation.id);
    await this.live.send(streamId, response);
  }

  /** GET /api/assistant/router/:conversationId/stream: the reply being generated, from its start; 204 when none. */
  async resume(team: TeamContext, conversationId: string, response: Response): Promise<void> {
    await this.conversations.getOrThrow(team.teamId, conversationId);
    const streamId = await this.live.active(conversationId);
    if (!streamId) {
      response.status(204).end();
      return;
    }
    response.setHeader('x-conversation-id', conversationId);
    await this.live.send(streamId, response);
  }

  /** POST /api/assistant/conversations/:id/stop. */
  async stop(team: TeamContext, conversationId: string): Promise<{ conversationId: string; stopped: true }> {
    await this.conversations.getOrThrow(team.teamId, conversationId);
    await this.live.stop(conversationId);
    return { conversationId, stopped: true };
  }

  /**
   * Generates an agent's reply to a history as a UI message stream: metadata naming the agent and
   * model, tool calls with a data part for each asset they save, and the text. Workflow runs read
   * the same stream to the end instead of sending it to a client.
   */
  replyStream(request: ReplyRequest): ReadableStream<UIMessageChunk> {
    const { agentId, model, history, scope } = request;
    const agent = AGENTS[agentId];
    const metadata: ReplyMetadata = { agentId, modelId: model.id, conversationId: scope.conversationId ?? '' };
    return createUIMessageStream({
      generateId: randomUUID,
      execute: async ({ writer }) => {
        // `start` first: a data part written before it would be dropped by the client.
        writer.write({ type: 'start', messageMetadata: metadata });
        const tools = this.tools.build(agent.tools, {
          scope,
          attachments: attachmentsOf(history.at(-1)),
          onAsset: (asset) => writer.write({ type: 'data-asset', id: `asset-${asset.id}`, data: asset }),
        });
        const result = streamText({
          model: model.model,
          instructions: agent.instructions,
          messages: await convertToModelMessages(history, { ignoreIncompleteToolCalls: true }),
          tools,
          stopWhen: isStepCount(MAX_STEPS),
          abortSignal: request.abortSignal,
        });
        writer.merge(
          toUIMessageStream({
            stream: result.stream,
            sendStart: false,
            messageMetadata: ({ part }) =>
              part.type === 'finish'
                ? { ...metadata, usage: { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens } }
                : undefined,
            onError: (error) => this.describeFailure(error),
          }),
        );
        // Not `result.consumeStream()` as well: that reads a second copy of every chunk, and the
        // merged stream is always read to its end by whoever runs it (the live reply, a run step).
      },
      onError: (error) => this.describeFailure(error),
      onEnd: async ({ responseMessage, isAborted }) => {
        // A stopped reply is kept as far as it got, and says so.
        const stopped = isAborted || request.abortSignal?.aborted === true;
        const message = stopped ? { ...responseMessage, metadata: { ...(responseMessage.metadata ?? {}), stopped: true } } : responseMessage;
        await request.onEnd?.(message);
      },
    });
  }

  private async store(conversationId: string, message: UIMessage): Promise<void> {
    await this.conversations.saveMessages(conversationId, [message], { replace: true }).catch((error: unknown) => {
      this.logger.error(`Could not store the reply of conversation ${conversationId}: ${String(error)}`);
    });
  }

  /** Everything that can fail with a 4xx, done before any byte of the stream is sent. */
  private async prepare(team: TeamContext, request: RouterRequestDto): Promise<PreparedReply> {
    const validated = await safeValidateUIMessages({ messages: request.messages });
    if (!validated.success) throw new BadRequestException(`messages: ${validated.error.message}`);
    const messages = validated.data;
    const latest = messages.at(-1);
    if (latest?.role !== 'user') throw new BadRequestException('messages must end with a user message');
    if (request.agentId !== undefined && !isAgentId(request.agentId)) {
      throw new BadRequestException(`Unknown agentId "${request.agentId}"`);
    }
    const forcedAgent: AgentId | undefined = request.agentId;
    const routingModel = this.models.resolve(request.modelId);
    const existing = request.conversationId ? await this.conversations.getOrThrow(team.teamId, request.conversationId) : null;
    if (existing) await this.live.ensureIdle(existing.id);

    // Routing is a model call: done before anything is stored, so a failing model leaves no trace.
    const previousAgent = existing?.lastAgentId && isAgentId(existing.lastAgentId) ? existing.lastAgentId : null;
    const agentId = forcedAgent ?? (await this.router.route(routingModel, textOf(latest), previousAgent));
    const agent = AGENTS[agentId];
    const model = request.modelId ? routingModel : this.models.resolve(agent.defaultModel);

    const newMessages = messages.filter((message) => message.role === 'user');
    if (!existing) {
      const conversation = await this.conversations.create(team.teamId, {
        userId: team.userId,
        title: textOf(newMessages[0]),
        niche: agent.niche,
        lastAgentId: agentId,
      });
      await this.conversations.saveMessages(conversation.id, newMessages);
      return { conversation, history: newMessages, agentId, model };
    }
    // Stored history is the truth: only the user's new messages are added to it.
    await this.conversations.saveMessages(existing.id, newMessages);
    await this.conversations.recordAgent(existing.id, agentId, agent.niche);
    return { conversation: existing, history: await this.conversations.messagesOf(existing.id), agentId, model };
  }

  /** The text of an error part: a short reason the user can act on, never internals. */
  private describeFailure(error: unknown): string {
    this.logger.error(`Reply failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 'The agent failed while answering. Please try again.';
  }
}
