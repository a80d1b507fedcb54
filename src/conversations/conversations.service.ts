import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { UIMessage } from 'ai';
import { isUUID } from 'class-validator';
import { type EntityManager, In, Repository } from 'typeorm';
import type { ConversationResponse, HistoryResponse } from './conversations.response.js';
import { Conversation, type WorkflowRunSummary } from './entities/conversation.entity.js';
import { Message } from './entities/message.entity.js';

/** SPEC §8: the conversation list returns at most this many. */
export const CONVERSATION_LIST_LIMIT = 50;
export const CONVERSATION_TITLE_MAX_LENGTH = 100;

/**
 * What names a conversation in a request: the id the service made (a UUID) or the chat id a
 * client made (useChat's `generateId()`: a short random string). Both fit this pattern.
 */
export const CONVERSATION_REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;
export const CONVERSATION_REFERENCE_RULE = '1–64 letters, digits, "-" or "_"';

export interface NewConversation {
  userId: string | null;
  /** The id the chat client made for it, if one did. */
  chatId?: string | null;
  title: string;
  niche?: string;
  /** The agent that answers its first message. */
  lastAgentId?: string;
  workflowRun?: WorkflowRunSummary;
}

@Injectable()
export class ConversationsService {
  constructor(
    @InjectRepository(Conversation) private readonly conversations: Repository<Conversation>,
    @InjectRepository(Message) private readonly messages: Repository<Message>,
  ) {}

  /** `manager`: a transaction to create it in (a workflow run's conversation, with its run). */
  create(teamId: string, input: NewConversation, manager: EntityManager = this.conversations.manager): Promise<Conversation> {
    return manager.save(
      this.conversations.create({
        teamId,
        userId: input.userId,
        chatId: input.chatId ?? null,
        title: titleFrom(input.title),
        niche: input.niche ?? 'general',
        lastAgentId: input.lastAgentId ?? null,
        workflowRun: input.workflowRun ?? null,
      }),
    );
  }

  /** A new conversation with its first messages, all or nothing. */
  createWithMessages(teamId: string, input: NewConversation, messages: UIMessage[]): Promise<Conversation> {
    return this.conversations.manager.transaction(async (manager) => {
      const conversation = await this.create(teamId, input, manager);
      await this.saveMessages(conversation.id, messages, { manager });
      return conversation;
    });
  }

  /**
   * The team's conversation named by `reference` (see CONVERSATION_REFERENCE), in one round trip.
   * A UUID is first the service's id, then a client's chat id.
   */
  async find(teamId: string, reference: string): Promise<Conversation | null> {
    const where = isUUID(reference) ? [{ id: reference, teamId }, { chatId: reference, teamId }] : [{ chatId: reference, teamId }];
    const found = await this.conversations.find({ where, take: 2 });
    return found.find((conversation) => conversation.id === reference) ?? found[0] ?? null;
  }

  async getOrThrow(teamId: string, reference: string): Promise<Conversation> {
    const conversation = await this.find(teamId, reference);
    if (!conversation) throw new NotFoundException('Conversation not found');
    return conversation;
  }

  /** The team's conversations, most recently active first. */
  async list(teamId: string): Promise<ConversationResponse[]> {
    const rows = await this.conversations.find({
      where: { teamId },
      order: { updatedAt: 'DESC', id: 'DESC' },
      take: CONVERSATION_LIST_LIMIT,
    });
    return rows.map(map);
  }

  async history(teamId: string, reference: string): Promise<HistoryResponse> {
    const conversation = await this.getOrThrow(teamId, reference);
    return { messages: await this.messagesOf(conversation.id), conversation: map(conversation) };
  }

  /** Deletes the conversation and (by cascade) its messages; its assets stay, unlinked. */
  async delete(teamId: string, reference: string): Promise<void> {
    const { id } = await this.getOrThrow(teamId, reference);
    const result = await this.conversations.delete({ id, teamId });
    if (!result.affected) throw new NotFoundException('Conversation not found');
  }

  /**
   * The stored history, in order: the truth a reply is generated from. `through`: up to and
   * including that message only (a reply generated again answers what preceded it).
   */
  async messagesOf(conversationId: string, through?: string): Promise<UIMessage[]> {
    const query = this.messages.createQueryBuilder('message').where('message.conversationId = :conversationId', { conversationId });
    if (through !== undefined) {
      query.andWhere('message.seq <= (SELECT seq FROM messages WHERE conversation_id = :conversationId AND message_id = :through)', { through });
    }
    const rows = await query.orderBy('message.seq', 'ASC').getMany();
    return rows.map((row) => ({
      id: row.messageId,
      role: row.role,
      parts: row.parts as UIMessage['parts'],
      ...(row.metadata === null || row.metadata === undefined ? {} : { metadata: row.metadata }),
    }));
  }

  /** Which of these message ids the conversation holds, each with its place in the order. */
  async storedMessageIds(conversationId: string, messageIds: string[]): Promise<Map<string, number>> {
    if (messageIds.length === 0) return new Map();
    const rows = await this.messages.query<{ message_id: string; seq: string }[]>(
      'SELECT message_id, seq FROM messages WHERE conversation_id = $1 AND message_id = ANY($2::text[])',
      [conversationId, messageIds],
    );
    return new Map(rows.map((row) => [row.message_id, Number(row.seq)]));
  }

  /** Replaces every message after `after` with `messages`, all or nothing: a reply generated again. */
  replaceAfter(conversationId: string, after: string, messages: UIMessage[]): Promise<string[]> {
    return this.messages.manager.transaction(async (manager) => {
      await manager.query(
        `DELETE FROM messages WHERE conversation_id = $1
           AND seq > (SELECT seq FROM messages WHERE conversation_id = $1 AND message_id = $2)`,
        [conversationId, after],
      );
      return this.saveMessages(conversationId, messages, { replace: true, manager });
    });
  }

  /**
   * Appends messages whose ids are not stored yet (a client resending the whole history stores
   * nothing twice); a message already stored under the same id is replaced when `replace`.
   * Returns the ids it wrote.
   */
  async saveMessages(
    conversationId: string,
    messages: UIMessage[],
    { replace = false, manager = this.messages.manager }: { replace?: boolean; manager?: EntityManager } = {},
  ): Promise<string[]> {
    if (messages.length === 0) return [];
    const incoming = messages.map((message, order) => ({
      order,
      message_id: message.id,
      role: message.role,
      parts: message.parts,
      metadata: message.metadata ?? null,
    }));
    // One statement (so one round trip, atomic): the messages in their order, then the
    // conversation's updated_at. Run steps and replies save twice per turn; this is their hot path.
    const saved = await manager.query<{ message_id: string }[]>(
      `WITH incoming AS (
         SELECT * FROM jsonb_to_recordset($2::jsonb) AS m("order" int, message_id text, role text, parts jsonb, metadata jsonb)
       ), saved AS (
         INSERT INTO messages (conversation_id, message_id, role, parts, metadata)
         SELECT $1, message_id, role, parts, metadata FROM incoming ORDER BY "order"
         ON CONFLICT (conversation_id, message_id) ${replace ? 'DO UPDATE SET parts = EXCLUDED.parts, metadata = EXCLUDED.metadata' : 'DO NOTHING'}
         RETURNING message_id
       ), touched AS (
         UPDATE conversations SET updated_at = now() WHERE id = $1
       )
       SELECT message_id FROM saved`,
      [conversationId, JSON.stringify(incoming)],
    );
    return saved.map((row) => row.message_id);
  }

  /** Removes messages by id: what a request that failed before its reply began had added. */
  async deleteMessages(conversationId: string, messageIds: string[]): Promise<void> {
    if (messageIds.length === 0) return;
    await this.messages.delete({ conversationId, messageId: In(messageIds) });
  }

  async recordAgent(conversationId: string, agentId: string, niche: string): Promise<void> {
    await this.conversations.update({ id: conversationId }, { lastAgentId: agentId, niche });
  }

  async setWorkflowRun(conversationId: string, workflowRun: WorkflowRunSummary): Promise<void> {
    await this.conversations.update({ id: conversationId }, { workflowRun });
  }
}

/** A title from the first user message: one line, at most 100 characters. */
export function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim() || 'New conversation';
  return line.length > CONVERSATION_TITLE_MAX_LENGTH ? `${line.slice(0, CONVERSATION_TITLE_MAX_LENGTH - 1)}…` : line;
}

function map(conversation: Conversation): ConversationResponse {
  return {
    id: conversation.id,
    title: conversation.title,
    niche: conversation.niche,
    workflowRun: conversation.workflowRun,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
  };
}
