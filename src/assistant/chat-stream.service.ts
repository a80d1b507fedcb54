import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { safeValidateUIMessages, type UIMessage, type UIMessageChunk } from 'ai';
import type { Response } from 'express';
import type { AuditContext } from '../audit-events/audit-context.js';
import type { AppConfig } from '../config/configuration.js';
import { type ContinuedConversation, ConversationsService, type ToolApprovalDecision } from '../conversations/conversations.service.js';
import { databaseUnavailableReason, violatedConstraint } from '../database/database-errors.js';
import { ModelRegistry } from '../llm/model-registry.service.js';
import { Metrics } from '../metrics/metrics.service.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { BUDGET_EXEMPT_MODEL_ID } from '../usage/budget-counted.js';
import { BudgetService, type TokenReservation } from '../usage/budget.service.js';
import { AGENTS, type AgentId, isAgentId } from './agents/agents.js';
import { ChatFilesService } from './chat-files.service.js';
import { ConversationTitles } from './conversation-titles.service.js';
import { measuredReply } from './reply-metrics.js';
import type { ChatTurn, StartedReply } from './chat-turn.js';
import { textOf } from './chat-messages.js';
import { checkClientMessages, checkMessageToAnswer } from './client-messages.js';
import type { RouterRequestDto } from './dto/router-request.dto.js';
import { REPLY_IN_PROGRESS, LiveRepliesService } from './live-replies.service.js';
import { ReplyGenerator } from './reply-generator.service.js';
import type { ReplyFormat } from './reply-format.js';
import { RouterService } from './router.service.js';
import { answersToolApprovals, applyToolApprovals } from './tool-approvals.js';
import { inSpan } from '../tracing/tracing.js';

/** The first wait between attempts to store a finished reply, doubling up to the longest. */
const STORE_RETRY_FIRST_MS = 250;
const STORE_RETRY_LONGEST_MS = 5000;
/** The error part a client gets before a reply's end when the reply could not be stored. */
export const REPLY_NOT_SAVED = 'This reply could not be saved, so it will not be in the conversation\'s history. Please try again later.';

/** A checked and routed request, nothing of it stored yet. */
interface PreparedTurn {
  /** Null for a new conversation. */
  existing: ContinuedConversation | null;
  /** For a new conversation: the chat id the client made for it. */
  chatId: string | null;
  /** The messages that are not stored yet. */
  newMessages: UIMessage[];
  /** For a reply generated again: the user message it answers; what follows it becomes a branch. */
  regenerating: string | null;
  /** For a user message edited and sent again: the message as edited; it and what follows it become a branch. */
  editing: UIMessage | null;
  agentId: AgentId;
  /** The reply's model: the request's, or the agent's default. */
  modelId: string | null;
  /** What the turn holds of the team's budget, from before its routing until its reply ends. */
  reservation: TokenReservation;
  /**
   * For a turn that answers the last reply's tool approval requests: the stored history (ending with
   * that reply, asking), the reply answered, the answers and who gave them.
   */
  approving: { asked: UIMessage[]; reply: UIMessage; decisions: ToolApprovalDecision[]; audit: AuditContext } | null;
  toolApprovals: ChatTurn['toolApprovals'];
  format: ReplyFormat | null;
}

/** A turn's messages, stored; `discard` removes them again. */
interface StoredTurn {
  conversationId: string;
  /** The conversation as the reply answers it, read back after storing. */
  history: () => Promise<UIMessage[]>;
  discard: () => Promise<void>;
}

/**
 * A chat turn (the dashboard's router, /v1): checks the request, routes it, and stores it before
 * the first byte (so bad input is a 4xx and a failed request stores nothing, undone if the reply
 * cannot start), then has ReplyGenerator stream the agent's reply into a live stream and stores the
 * reply when it ends, whether or not the client is still listening.
 */
@Injectable()
export class ChatStreamService {
  private readonly logger = new Logger(ChatStreamService.name);
  /** How long storing a finished reply is retried while the database is unavailable. */
  private readonly storeRetryMs: number;

  constructor(
    private readonly conversations: ConversationsService,
    private readonly models: ModelRegistry,
    private readonly router: RouterService,
    private readonly replies: ReplyGenerator,
    private readonly live: LiveRepliesService,
    private readonly files: ChatFilesService,
    private readonly titles: ConversationTitles,
    private readonly budgets: BudgetService,
    private readonly metrics: Metrics,
    config: ConfigService<AppConfig, true>,
  ) {
    this.storeRetryMs = config.get('llm', { infer: true }).replyStoreRetrySeconds * 1000;
  }

  /** POST /api/assistant/router: starts the reply and streams it to this response. */
  async reply(team: TeamContext, request: RouterRequestDto, response: Response, audit: AuditContext): Promise<void> {
    const { conversationId, streamId } = await this.begin(team, routerTurn(request), audit);
    response.setHeader('x-conversation-id', conversationId);
    await this.live.send(streamId, response);
  }

  /**
   * Checks and stores the turn, then starts generating the reply into a live stream, which goes on
   * whether or not anyone follows it. Throws the request's 4xx before anything is stored.
   */
  begin(team: TeamContext, request: ChatTurn, audit: AuditContext | null = null): Promise<StartedReply> {
    // The span covers the turn up to its reply's start; the reply's own spans (model calls, the
    // reply stored) go on under it.
    return inSpan('chat turn', { 'team.id': team.teamId }, () => this.beginTurn(team, request, audit));
  }

  private async beginTurn(team: TeamContext, request: ChatTurn, audit: AuditContext | null): Promise<StartedReply> {
    // Before routing (a model call) and before anything is stored: a 402 leaves no trace. A team
    // known here to be at its limit is refused from memory, before its request is even checked.
    await this.budgets.assertAvailable(team.teamId);
    const turn = await this.prepare(team, request, audit);
    try {
      return await this.start(team, turn);
    } catch (error) {
      turn.reservation.release();
      throw error;
    }
  }

  /** Stores a prepared turn and starts its reply, which releases the turn's reservation when it ends. */
  private async start(team: TeamContext, turn: PreparedTurn): Promise<StartedReply> {
    const { conversationId, history: readHistory, discard } = await this.storeTurn(team, turn);
    let streamId: string;
    try {
      const history = await readHistory();
      let saved = true;
      streamId = await this.live.start(conversationId, (abortSignal) =>
        endingWith(
          measuredReply(
            // Nothing shown is lost: the reply's end (its finish) reaches followers only once the reply
            // is stored, and after the error part that says so when it could not be. Meanwhile the
            // conversation stays claimed and the live stream is what a resume reads.
            holdingTheEnd(
              this.replies.stream({
                agentId: turn.agentId,
                modelId: turn.modelId,
                format: turn.format,
                charge: { teamId: team.teamId, userId: team.userId, conversationId, kind: 'chat' },
                history,
                scope: { teamId: team.teamId, conversationId, runId: null },
                toolApprovals: turn.toolApprovals,
                abortSignal,
                onEnd: async (message) => {
                  saved = await this.store(conversationId, message, turn);
                  // A new conversation's title is written once its first reply is stored, off the reply's path.
                  if (saved && !turn.existing) this.titles.start(team, conversationId, turn.modelId, textOf(turn.newMessages.find((entry) => entry.role === 'user')));
                },
              }),
              () => (saved ? [] : [{ type: 'error', errorText: REPLY_NOT_SAVED }]),
            ),
            this.metrics,
            turn.agentId,
            abortSignal,
          ),
          () => turn.reservation.release(),
        ),
      );
    } catch (error) {
      // The history unreadable, a reply already under way (409), the live store failing: the
      // request leaves nothing behind.
      await discard();
      throw error;
    }
    return { conversationId, streamId };
  }

  /**
   * Stores a reply when it ends, and the agent that gave it as the conversation's (its niche, the
   * router's tiebreak) in the same statement: after the first byte, and never for a request refused
   * before its reply began. One generated again takes the place of what followed the message it
   * answers, which is kept as a branch.
   * While the database is unavailable it tries again, with backoff, for up to REPLY_STORE_RETRY_SECONDS.
   * Each attempt is idempotent (the reply is upserted under its message id; a regenerated one
   * moves what follows its question to a branch in one transaction, itself left in place), so an
   * attempt that committed but lost its answer stores nothing twice. False when it could not be stored.
   */
  private async store(conversationId: string, message: UIMessage, { regenerating, agentId }: PreparedTurn): Promise<boolean> {
    const answeredBy = { agentId, niche: AGENTS[agentId].niche };
    const save = () =>
      regenerating
        ? this.conversations.branchAfter(conversationId, regenerating, [message], answeredBy)
        : this.conversations.saveMessages(conversationId, [message], { replace: true, answeredBy });
    const started = Date.now();
    const deadline = started + this.storeRetryMs;
    let wait = STORE_RETRY_FIRST_MS;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await save();
        if (attempt > 1) this.logger.log(`Stored the reply of conversation ${conversationId} at attempt ${attempt}, after ${Math.round((Date.now() - started) / 1000)} s`);
        return true;
      } catch (error) {
        const unavailable = databaseUnavailableReason(error);
        if (!unavailable || Date.now() >= deadline) {
          this.logger.error(`Could not store the reply of conversation ${conversationId} (${attempt} attempts); its client is told: ${String(error)}`);
          return false;
        }
        if (attempt === 1) {
          this.logger.warn(`Could not store the reply of conversation ${conversationId} yet (database unavailable: ${unavailable}); retrying for up to ${this.storeRetryMs / 1000} s, its end held back`);
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, deadline - Date.now())));
        wait = Math.min(wait * 2, STORE_RETRY_LONGEST_MS);
      }
    }
  }

  /**
   * Everything that can fail with a 4xx, and routing (a model call), done before anything is
   * stored or any byte of the stream is sent.
   */
  private async prepare(team: TeamContext, request: ChatTurn, audit: AuditContext | null): Promise<PreparedTurn> {
    const validated = await safeValidateUIMessages({ messages: request.messages });
    if (!validated.success) throw new BadRequestException(describeInvalidMessages(validated.error));
    const messages = validated.data;
    checkClientMessages(messages);
    const latest = messages.at(-1);
    if (latest && audit && request.toolApprovals === 'ask' && answersToolApprovals(latest)) return this.prepareApprovals(team, request, messages, audit);
    if (latest?.role !== 'user') throw new BadRequestException('messages must end with a user message');
    checkMessageToAnswer(latest, messages.length - 1);
    const forcedAgent = request.agentId ?? undefined;
    if (forcedAgent !== undefined && !isAgentId(forcedAgent)) throw new BadRequestException(`Unknown agentId "${forcedAgent}"`);
    // useChat sends `messageId` with a submit when a user message is edited: the edited message,
    // under its id, ends the messages it sends (what followed it dropped).
    const editId = request.messageId && request.trigger !== 'regenerate-message' ? request.messageId : null;
    if (editId && latest.id !== editId) throw new BadRequestException('messageId: an edited message is sent as the last message, under its own id');
    const modelId = this.models.check(request.modelId);
    // Stored history is the truth: only the user's messages that are not stored yet are added.
    const userMessages = messages.filter((message) => message.role === 'user');
    const existing = await this.conversationOf(team, request, [...userMessages.map((message) => message.id), ...(request.messageId ? [request.messageId] : [])]);
    // A run writes its steps into its conversation: a message in between would interleave with them.
    if (existing?.activeRunId) {
      throw new ConflictException(`This conversation is workflow run ${existing.activeRunId}'s, which is still going; it takes messages once the run has ended`);
    }
    if (existing) await this.live.ensureIdle(existing.id);
    const stored = existing?.stored ?? new Map<string, number>();
    if (editId && !stored.has(editId)) throw new BadRequestException('messageId: not a message of this conversation');
    // An edited message is new text under a stored id.
    const isNew = (message: UIMessage) => !stored.has(message.id) || message.id === editId;
    const regenerating = request.trigger === 'regenerate-message' ? checkRegeneration(request, latest, stored, existing) : null;
    if (editId && userMessages.some((message) => message !== latest && isNew(message))) {
      throw new BadRequestException('messageId: an edit resends the history the conversation holds, with only the edited message changed');
    }
    // Stored history is the truth, so a message to answer under an id already stored would have its
    // text dropped and the reply answer something else; only a last message left unanswered may come again.
    if (existing && !regenerating && !editId && !isNew(latest) && !(await this.conversations.isUnansweredLast(existing.id, latest.id))) {
      throw new ConflictException(
        `messages[${messages.length - 1}].id: the conversation already holds a message "${latest.id}"; a new message needs an id of its own (trigger regenerate-message answers a message again)`,
      );
    }
    await this.files.check(team.teamId, messages, isNew);

    const previousAgent = existing?.lastAgentId && isAgentId(existing.lastAgentId) ? existing.lastAgentId : null;
    // Reserved in the database before the first model call (the routing), once the request is known
    // to be good: concurrent turns on every instance cannot pass the team's budget together.
    const reservation = await this.budgets.reserve(team.teamId, this.replies.reservationFor(messages), budgetExempt(request.modelId, modelId));
    // A new conversation is routed before it exists: its routing call is charged to no conversation.
    const routing = { teamId: team.teamId, userId: team.userId, conversationId: existing?.id ?? null, kind: 'routing' } as const;
    let agentId: AgentId;
    try {
      agentId = forcedAgent ?? (await this.router.route(this.models.resolve(modelId, routing), textOf(latest), previousAgent));
    } catch (error) {
      reservation.release();
      throw error;
    }
    const keepsAssistantText = request.keepAssistantText === true && !existing;
    const newMessages = messages.filter((message) =>
      message.role === 'user' ? isNew(message) : keepsAssistantText && message.parts.every((part) => part.type === 'text'),
    );
    return {
      reservation,
      existing,
      chatId: existing ? null : (request.chatId ?? null),
      newMessages: editId ? [] : newMessages,
      regenerating,
      editing: editId ? latest : null,
      agentId,
      modelId: request.modelId ? modelId : (AGENTS[agentId].defaultModel ?? null),
      approving: null,
      toolApprovals: request.toolApprovals,
      format: request.format ?? null,
    };
  }

  /**
   * A turn that answers the last reply's tool approval requests (what a stock `useChat` sends after
   * `addToolApprovalResponse`: the reply, its requests answered, with `messageId` naming it). The
   * reply must be the conversation's last message; the answers are applied to the stored reply,
   * which the same agent then continues: approved tools run, denied ones are told to the model.
   */
  private async prepareApprovals(team: TeamContext, request: ChatTurn, messages: UIMessage[], audit: AuditContext): Promise<PreparedTurn> {
    const index = messages.length - 1;
    const answering = messages[index];
    if (request.trigger === 'regenerate-message') throw new BadRequestException('trigger regenerate-message cannot answer tool approvals');
    if (request.messageId && request.messageId !== answering.id) throw new BadRequestException('messageId: not the reply whose tool approvals the request answers');
    const modelId = this.models.check(request.modelId);
    const existing = await this.conversationOf(team, request, [answering.id]);
    if (!existing) throw new NotFoundException('Conversation not found');
    if (existing.activeRunId) {
      throw new ConflictException(`This conversation is workflow run ${existing.activeRunId}'s, which is still going; it takes messages once the run has ended`);
    }
    await this.live.ensureIdle(existing.id);
    const history = await this.conversations.messagesOf(existing.id);
    const stored = history.at(-1);
    if (stored?.role !== 'assistant' || stored.id !== answering.id) {
      throw new ConflictException(`messages[${index}]: not the conversation's last reply, so its tool approvals cannot be answered`);
    }
    const { message: reply, decisions } = applyToolApprovals(stored, answering, index);
    const askedBy = (stored.metadata as { agentId?: unknown } | undefined)?.agentId;
    const agentId = typeof askedBy === 'string' && isAgentId(askedBy) ? askedBy : existing.lastAgentId && isAgentId(existing.lastAgentId) ? existing.lastAgentId : 'general';
    const reservation = await this.budgets.reserve(team.teamId, this.replies.reservationFor([...history.slice(0, -1), reply]), budgetExempt(request.modelId, modelId));
    return {
      reservation,
      existing,
      chatId: null,
      newMessages: [],
      regenerating: null,
      editing: null,
      agentId,
      modelId: request.modelId ? modelId : (AGENTS[agentId].defaultModel ?? null),
      approving: { asked: history, reply, decisions, audit },
      toolApprovals: request.toolApprovals,
      format: request.format ?? null,
    };
  }

  /**
   * The conversation the request continues, with which of `messageIds` it holds; null for a new
   * one. `conversationId` must name one of the team's; a chat id the team has no conversation under
   * starts one.
   */
  private async conversationOf(team: TeamContext, request: ChatTurn, messageIds: string[]): Promise<ContinuedConversation | null> {
    const reference = request.conversationId ?? request.chatId;
    const existing = reference ? await this.conversations.findForTurn(team, reference, messageIds) : null;
    if (!existing && (request.conversationId || request.trigger === 'regenerate-message')) throw new NotFoundException('Conversation not found');
    return existing;
  }

  /**
   * Stores the turn: a new conversation with its first messages, or a continued one's new messages
   * with its history read back, each in one statement (a regenerated reply reads its history apart).
   */
  private async storeTurn(team: TeamContext, turn: PreparedTurn): Promise<StoredTurn> {
    const { existing, newMessages, regenerating, editing, approving } = turn;
    if (existing && approving) {
      const { asked } = approving;
      await this.conversations.saveToolApprovals(team.teamId, existing.id, approving.reply, approving.decisions, approving.audit);
      return {
        conversationId: existing.id,
        history: () => Promise.resolve([...asked.slice(0, -1), approving.reply]),
        // The decisions stay on record; the reply goes back to asking, so the client may answer again.
        discard: () => this.undo(existing.id, this.conversations.saveMessages(existing.id, asked.slice(-1), { replace: true }).then(() => undefined)),
      };
    }
    if (!existing) {
      const firstUserMessage = newMessages.find((message) => message.role === 'user');
      const conversationId = await this.conversations
        .createWithMessages(
          team.teamId,
          { userId: team.userId, chatId: turn.chatId, title: textOf(firstUserMessage), niche: AGENTS[turn.agentId].niche, lastAgentId: turn.agentId },
          newMessages,
        )
        .catch((error: unknown) => {
          // Two first messages under one new chat id: the other one made the conversation and answers it.
          if (violatedConstraint(error, '23505')) throw new ConflictException(REPLY_IN_PROGRESS);
          throw error;
        });
      return {
        conversationId,
        history: () => Promise.resolve(newMessages),
        discard: () => this.undo(conversationId, this.conversations.delete(team.teamId, conversationId, null)),
      };
    }
    const discard = (added: string[]) => () => this.undo(existing.id, this.conversations.deleteMessages(existing.id, added));
    if (editing) {
      const branch = await this.conversations.editMessage(existing.id, editing);
      return {
        conversationId: existing.id,
        history: () => this.conversations.messagesOf(existing.id),
        discard: () => this.undo(existing.id, this.conversations.undoEdit(existing.id, editing.id, branch)),
      };
    }
    if (regenerating) {
      // The reply answers the history up to the message it regenerates from.
      const added = await this.conversations.saveMessages(existing.id, newMessages);
      return { conversationId: existing.id, history: () => this.conversations.messagesOf(existing.id, regenerating), discard: discard(added) };
    }
    const { added, history } = await this.conversations.appendMessages(existing.id, newMessages);
    return { conversationId: existing.id, history: () => Promise.resolve(history), discard: discard(added) };
  }

  private async undo(conversationId: string, removal: Promise<void>): Promise<void> {
    await removal.catch((error: unknown) => {
      this.logger.error(`Could not remove what a failed request stored in conversation ${conversationId}: ${String(error)}`);
    });
  }

}

/**
 * The stream, passed on chunk by chunk, calling `ended` once when it ends however it ends: read to
 * its end, failed, or cancelled by its reader.
 */
function endingWith<T>(stream: ReadableStream<T>, ended: () => void): ReadableStream<T> {
  const reader = stream.getReader();
  return new ReadableStream<T>({
    async pull(controller) {
      let next: Awaited<ReturnType<typeof reader.read>>;
      try {
        next = await reader.read();
      } catch (error) {
        ended();
        controller.error(error);
        return;
      }
      if (!next.done) return controller.enqueue(next.value);
      ended();
      controller.close();
    },
    async cancel(reason) {
      ended();
      await reader.cancel(reason);
    },
  });
}

/**
 * The stream with its last chunks (`finish`, `abort`, whatever follows them) held back until it has
 * ended, then sent after the chunks `before` gives at that moment. A UI message stream's `onEnd` runs
 * before the stream ends, after its finish: this makes the finish wait for it.
 */
function holdingTheEnd(stream: ReadableStream<UIMessageChunk>, before: () => UIMessageChunk[]): ReadableStream<UIMessageChunk> {
  const held: UIMessageChunk[] = [];
  return stream.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, controller) {
        if (held.length > 0 || chunk.type === 'finish' || chunk.type === 'abort') held.push(chunk);
        else controller.enqueue(chunk);
      },
      flush(controller) {
        for (const chunk of [...before(), ...held]) controller.enqueue(chunk);
      },
    }),
  );
}

/** The router's body as a turn: its `id` is the client's chat id, unless it is the `conversationId` too. */
function routerTurn(request: RouterRequestDto): ChatTurn {
  const { id, conversationId, ...rest } = request;
  if (id && conversationId && id !== conversationId) throw new BadRequestException('id and conversationId name different conversations; send one of them');
  return { ...rest, conversationId: conversationId ?? null, chatId: conversationId ? null : (id ?? null), toolApprovals: 'ask' };
}

/**
 * For `regenerate-message`: the user message whose reply is generated again, which must be the
 * request's last and stored; `messageId`, when given, must be it or a message after it.
 */
function checkRegeneration(request: ChatTurn, latest: UIMessage, stored: Map<string, number>, existing: ContinuedConversation | null): string {
  const answered = stored.get(latest.id);
  if (!existing || answered === undefined) {
    throw new BadRequestException('regenerate-message: messages must end with a user message the conversation holds');
  }
  if (request.messageId) {
    const replaced = stored.get(request.messageId);
    if (replaced === undefined || replaced < answered) {
      throw new BadRequestException('messageId: not the last user message or a reply that follows it in this conversation');
    }
  }
  return latest.id;
}

/**
 * The first problem the UI message schema found, by its place in `messages`. Not the SDK's own
 * message, which repeats the whole input (megabytes, with files).
 */
function describeInvalidMessages(error: Error): string {
  const issues: unknown = typeof error.cause === 'object' && error.cause !== null && 'issues' in error.cause ? error.cause.issues : undefined;
  const first: unknown = Array.isArray(issues) ? issues[0] : undefined;
  if (typeof first !== 'object' || first === null || !('message' in first) || !('path' in first) || !Array.isArray(first.path)) return 'messages: not valid UI messages';
  const path = first.path.map((key: unknown) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
  return `messages${path}: ${String(first.message)}`;
}

/**
 * Whether every model a turn may use spends no budget (then nothing is reserved for it): the model
 * the request names, or else DEFAULT_MODEL (`modelId`) and the agents' own defaults, the agent
 * being known only after routing.
 */
function budgetExempt(requested: string | null | undefined, modelId: string): boolean {
  const models = requested ? [modelId] : [modelId, ...Object.values(AGENTS).map((agent) => agent.defaultModel ?? modelId)];
  return models.every((id) => id === BUDGET_EXEMPT_MODEL_ID);
}
