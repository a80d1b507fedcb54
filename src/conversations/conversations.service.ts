import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { UIMessage } from 'ai';
import { isUUID } from 'class-validator';
import { type EntityManager, In, IsNull, Not, Repository } from 'typeorm';
import type { AuditContext } from '../audit-events/audit-context.js';
import { AuditService } from '../audit-events/audit.service.js';
import { cutText } from '../common/cut-text.js';
import { PreparedQueries } from '../database/prepared-queries.js';
import { ACTIVE_RUN_STATUSES } from '../workflow-runs/workflow-run.entity.js';
import type { ConversationResponse, HistoryResponse } from './conversations.response.js';
import type { BranchesResponse, ForkResponse } from './branches.response.js';
import type { SearchConversationsQueryDto } from './dto/search-conversations.query.dto.js';
import type { RenamedConversationResponse } from './renamed-conversation.response.js';
import type { SearchHitResponse, SearchMatchResponse } from './search.response.js';
import { Conversation, type WorkflowRunSummary } from './entities/conversation.entity.js';
import type { ListConversationsQueryDto } from './dto/list-conversations.query.dto.js';
import { Message } from './entities/message.entity.js';

export const CONVERSATION_TITLE_MAX_LENGTH = 100;

/**
 * What names a conversation in a request: the id the service made (a UUID) or the chat id a
 * client made (useChat's `generateId()`: a short random string). Both fit this pattern.
 */
export const CONVERSATION_REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;
export const CONVERSATION_REFERENCE_RULE = '1–64 letters, digits, "-" or "_"';

/**
 * Who reads: a chat is its author's, a run's conversation the whole team's; a chat its author
 * shared the team may read, not continue (issue 35 item 1).
 */
export interface Reader {
  teamId: string;
  userId: string;
}

/**
 * `read`: see it (history, branches, a reply under way, a copy of it); `write`: continue or change
 * it; `team`: any of the team's, unseen (an owner or admin deleting one: offboarding, retention).
 */
export type ConversationAccess = 'read' | 'write' | 'team';

function visibleTo(conversation: Conversation, reader: Reader, access: ConversationAccess): boolean {
  if (access === 'team' || conversation.userId === reader.userId || conversation.workflowRun !== null) return true;
  return access === 'read' && conversation.sharedAt !== null;
}

/** A conversation a chat turn continues (ConversationsService.findForTurn). */
export interface ContinuedConversation {
  id: string;
  lastAgentId: string | null;
  /** Which of the turn's message ids it holds, each with its place in the order. */
  stored: Map<string, number>;
  /** The workflow run whose conversation it is, while that run is still going: it takes no messages then. */
  activeRunId: number | null;
}

/** The agent that answered a conversation last: its niche is the conversation's. */
export interface AnsweringAgent {
  agentId: string;
  niche: string;
}

/** A person's answer to one tool call a reply asked about (the AI SDK's tool approval). */
export interface ToolApprovalDecision {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  approved: boolean;
  reason: string | null;
}

export interface NewConversation {
  userId: string | null;
  /** The id the chat client made for it, if one did. */
  chatId?: string | null;
  title: string;
  /** A title kept as it is, never replaced by a generated one (a copy keeps its original's). */
  titleFinal?: boolean;
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
    private readonly prepared: PreparedQueries,
    private readonly audit: AuditService,
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

  /**
   * A new conversation with its first messages, all or nothing: one statement, so one round trip
   * and no transaction around it (a new chat's first byte waits for it). Returns its id.
   */
  async createWithMessages(teamId: string, input: NewConversation, messages: UIMessage[]): Promise<string> {
    const [created] = await this.prepared.query<{ id: string }>(
      `WITH conversation AS (
         INSERT INTO conversations (team_id, user_id, chat_id, title, niche, last_agent_id, workflow_run, title_final)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $9) RETURNING id
       ), ${incomingRows(8)}, saved AS (
         ${insertingIncoming('(SELECT id FROM conversation)', false)}
       )
       SELECT id FROM conversation`,
      [
        teamId,
        input.userId,
        input.chatId ?? null,
        titleFrom(input.title),
        input.niche ?? 'general',
        input.lastAgentId ?? null,
        input.workflowRun ? JSON.stringify(input.workflowRun) : null,
        incomingMessages(messages),
        input.titleFinal ?? false,
      ],
    );
    return created.id;
  }

  /**
   * The reader's conversation named by `reference` (see CONVERSATION_REFERENCE), in one round trip.
   * A UUID is first the service's id, then a client's chat id. A chat is private to its author,
   * whatever the reader's role (docs/permissions.md), unless shared for `read`; a run's
   * conversation belongs to the team.
   */
  async find(reader: Reader, reference: string, access: ConversationAccess): Promise<Conversation | null> {
    const { teamId } = reader;
    const where = isUUID(reference) ? [{ id: reference, teamId }, { chatId: reference, teamId }] : [{ chatId: reference, teamId }];
    const found = (await this.conversations.find({ where, take: 2 })).filter((conversation) => visibleTo(conversation, reader, access));
    return found.find((conversation) => conversation.id === reference) ?? found[0] ?? null;
  }

  /**
   * What a chat turn needs of the conversation it continues, named as `find` names it: its id, its
   * last agent, and which of `messageIds` it holds with their places in the order. One round trip.
   */
  async findForTurn({ teamId, userId }: Reader, reference: string, messageIds: string[]): Promise<ContinuedConversation | null> {
    const named = isUUID(reference) ? '(id = $2::text::uuid OR chat_id = $2::text)' : 'chat_id = $2::text';
    const [found] = await this.prepared.query<{ id: string; last_agent_id: string | null; stored: Record<string, number>; active_run_id: number | null }>(
      `SELECT id, last_agent_id,
              (SELECT coalesce(jsonb_object_agg(message_id, seq), '{}') FROM messages
                WHERE conversation_id = conversations.id AND message_id = ANY($3::text[])) AS stored,
              (SELECT r.id FROM workflow_runs r
                WHERE r.id = (conversations.workflow_run->>'id')::int AND r.status = ANY($4::text[])) AS active_run_id
         FROM conversations WHERE team_id = $1 AND ${named} AND (user_id = $5 OR workflow_run IS NOT NULL)
        ORDER BY id::text = $2::text DESC LIMIT 1`,
      [teamId, reference, messageIds, ACTIVE_RUN_STATUSES, userId],
    );
    return found
      ? { id: found.id, lastAgentId: found.last_agent_id, stored: new Map(Object.entries(found.stored)), activeRunId: found.active_run_id }
      : null;
  }

  async getOrThrow(reader: Reader, reference: string, access: ConversationAccess): Promise<Conversation> {
    const conversation = await this.find(reader, reference, access);
    if (!conversation) throw new NotFoundException('Conversation not found');
    return conversation;
  }

  /** A page of the reader's conversations, the team's runs' and the chats shared with the team, most recently active first. */
  async list({ teamId, userId }: Reader, { limit, offset }: ListConversationsQueryDto): Promise<ConversationResponse[]> {
    const rows = await this.conversations.find({
      where: [{ teamId, userId }, { teamId, workflowRun: Not(IsNull()) }, { teamId, sharedAt: Not(IsNull()) }],
      order: { updatedAt: 'DESC', id: 'DESC' },
      take: limit,
      skip: offset,
    });
    return this.responses(rows);
  }

  async history(reader: Reader, reference: string): Promise<HistoryResponse> {
    const conversation = await this.getOrThrow(reader, reference, 'read');
    const [response] = await this.responses([conversation]);
    return { messages: await this.messagesOf(conversation.id), conversation: response };
  }

  /**
   * Shares the author's chat with the team (read-only for the others) or makes it private again;
   * the assets it made follow it. Only the author: for anyone else it is a 404, as one that does
   * not exist (a run's conversation, the team's already, is a 409). The conversation's row is locked, as an asset's insert reads it (FOR SHARE), so an
   * asset made meanwhile is never left behind on the other side.
   */
  async setSharing(reader: Reader, reference: string, shared: boolean, audit: AuditContext): Promise<ConversationResponse> {
    const { id, workflowRun } = await this.getOrThrow(reader, reference, 'read');
    if (workflowRun) throw new ConflictException("A workflow run's conversation is the team's already");
    const updated = await this.conversations.manager.transaction(async (manager) => {
      // An UPDATE's query answers [rows, count].
      const [[row]] = await manager.query<[{ id: string }[], number]>(
        `UPDATE conversations SET shared_at = CASE WHEN $3 THEN coalesce(shared_at, now()) END
          WHERE id = $1 AND team_id = $2 AND user_id = $4 AND workflow_run IS NULL RETURNING id`,
        [id, reader.teamId, shared, reader.userId],
      );
      if (!row) return null;
      await manager.query('UPDATE assets SET private_to = $3 WHERE conversation_id = $1 AND team_id = $2', [id, reader.teamId, shared ? null : reader.userId]);
      await this.audit.record(manager, audit, { teamId: reader.teamId, action: shared ? 'conversation.shared' : 'conversation.unshared', target: { type: 'conversation', id } });
      return manager.findOneByOrFail(Conversation, { id });
    });
    if (!updated) throw new NotFoundException('Conversation not found');
    const [response] = await this.responses([updated]);
    return response;
  }

  /**
   * "Continue as my own copy": a new private chat of the reader holding the history shown of one
   * they may read (theirs, a run's, or one shared with them), titled as it is; the original is unchanged.
   */
  async fork(reader: Reader, reference: string): Promise<ConversationResponse> {
    const source = await this.getOrThrow(reader, reference, 'read');
    const id = await this.createWithMessages(
      reader.teamId,
      { userId: reader.userId, title: source.title, titleFinal: true, niche: source.niche, lastAgentId: source.lastAgentId ?? undefined },
      await this.messagesOf(source.id),
    );
    const [response] = await this.responses([await this.conversations.findOneByOrFail({ id })]);
    return response;
  }

  /**
   * Deletes the conversation and its messages. `audit`: who asked, recorded in the same transaction
   * with how many messages went (never their text nor the title, which quotes the first one); null
   * when the service itself undoes a conversation it just started.
   */
  async delete(teamId: string, id: string, audit: AuditContext | null): Promise<void> {
    await this.conversations.manager.transaction(async (manager) => {
      const [counted] = await manager.query<{ messages: number }[]>('SELECT count(*)::int AS messages FROM messages WHERE conversation_id = $1', [id]);
      // A run's move locks the run, then writes its conversation's summary; deleting a run's
      // conversation clears the run's link to it, so it locks the run first too: the same order,
      // no deadlock between the two.
      await manager.query('SELECT 1 FROM workflow_runs WHERE conversation_id = $1 AND team_id = $2 FOR UPDATE', [id, teamId]);
      const result = await manager.delete(Conversation, { id, teamId });
      if (!result.affected) throw new NotFoundException('Conversation not found');
      if (audit) {
        await this.audit.record(manager, audit, { teamId, action: 'conversation.deleted', target: { type: 'conversation', id }, changes: { messages: { before: counted.messages, after: 0 } } });
      }
    });
  }

  /**
   * The stored history, in order: the truth a reply is generated from. `through`: up to and
   * including that message only (a reply generated again answers what preceded it).
   */
  async messagesOf(conversationId: string, through?: string): Promise<UIMessage[]> {
    const upTo = through === undefined ? '' : 'AND seq <= (SELECT seq FROM messages WHERE conversation_id = $1 AND message_id = $2)';
    const rows = await this.prepared.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE conversation_id = $1 ${upTo} ORDER BY seq`,
      through === undefined ? [conversationId] : [conversationId, through],
    );
    return rows.map(toUIMessage);
  }

  /**
   * A user message of the reader's conversation and what follows it (its reply, once stored), with
   * when the message was stored: what /v1 tells of a response. Null when the reader has no such message.
   */
  async exchange({ teamId, userId }: Reader, conversationId: string, messageId: string): Promise<{ askedAt: Date; reply: UIMessage | null } | null> {
    const [row] = await this.messages.query<({ asked_at: Date } & Partial<MessageRow>)[]>(
      `SELECT asked.created_at AS asked_at, reply.message_id, reply.role, reply.parts, reply.metadata
         FROM conversations c
         JOIN messages asked ON asked.conversation_id = c.id AND asked.message_id = $3 AND asked.role = 'user'
         LEFT JOIN LATERAL (SELECT ${MESSAGE_COLUMNS} FROM messages WHERE conversation_id = c.id AND seq > asked.seq ORDER BY seq LIMIT 1) reply ON true
        WHERE c.id = $2 AND c.team_id = $1 AND (c.user_id = $4 OR c.workflow_run IS NOT NULL)`,
      [teamId, conversationId, messageId, userId],
    );
    if (!row) return null;
    const { asked_at: askedAt, ...reply } = row;
    return { askedAt, reply: reply.message_id && reply.role === 'assistant' ? toUIMessage(reply as MessageRow) : null };
  }

  /** Whether the message is the conversation's last and a user's: one whose reply was never stored. */
  async isUnansweredLast(conversationId: string, messageId: string): Promise<boolean> {
    // Not prepared: only a message sent again comes here.
    const [row] = await this.messages.query<{ unanswered: boolean }[]>(
      `SELECT role = 'user' AND NOT EXISTS (SELECT 1 FROM messages later WHERE later.conversation_id = $1 AND later.seq > m.seq) AS unanswered
         FROM messages m WHERE conversation_id = $1 AND message_id = $2`,
      [conversationId, messageId],
    );
    return row?.unanswered === true;
  }

  /**
   * Appends the messages that are not stored yet, as saveMessages does, and reads the history
   * they leave, in one statement: a continued chat's turn before its first byte. The rows the
   * insert adds are not visible to the statement's own read of the table, so they are joined in
   * from its RETURNING. Returns the ids it wrote and the whole history, in order.
   */
  async appendMessages(conversationId: string, messages: UIMessage[]): Promise<{ added: string[]; history: UIMessage[] }> {
    const rows = await this.prepared.query<MessageRow & { added: boolean }>(
      `WITH ${savingMessages({ replace: false, returning: `seq, ${MESSAGE_COLUMNS}` })}
       SELECT ${MESSAGE_COLUMNS}, false AS added, seq FROM messages WHERE conversation_id = $1
       UNION ALL
       SELECT ${MESSAGE_COLUMNS}, true AS added, seq FROM saved
       ORDER BY seq`,
      [conversationId, incomingMessages(messages)],
    );
    return { added: rows.filter((row) => row.added).map((row) => row.message_id), history: rows.map(toUIMessage) };
  }

  /** The history shown and the forks where other versions are kept (GET …/branches). */
  async branchesOf(reader: Reader, reference: string): Promise<BranchesResponse> {
    const { id } = await this.getOrThrow(reader, reference, 'read');
    const [messages, forks] = await Promise.all([this.messagesOf(id), this.branches(id)]);
    return { messages, forks };
  }

  /** A title the reader chose: kept from then on, never replaced by a generated one. */
  async rename(reader: Reader, reference: string, title: string): Promise<RenamedConversationResponse> {
    const { id } = await this.getOrThrow(reader, reference, 'write');
    // Not activity: updated_at (the list's order) stays.
    await this.conversations.query('UPDATE conversations SET title = $2, title_final = true WHERE id = $1', [id, title]);
    return { id, title };
  }

  /**
   * Whether the conversation still has the title cut from its first message (then it gets one
   * written after its first reply).
   */
  async needsTitle(conversationId: string): Promise<boolean> {
    return this.conversations.exists({ where: { id: conversationId, titleFinal: false } });
  }

  /** Sets a generated title unless the conversation was renamed (or titled) meanwhile. */
  async setGeneratedTitle(conversationId: string, title: string): Promise<void> {
    // Not activity: updated_at (the list's order) stays.
    await this.conversations.query('UPDATE conversations SET title = $2, title_final = true WHERE id = $1 AND NOT title_final', [conversationId, titleFrom(title)]);
  }

  /**
   * Full-text search over the conversations the reader may read (their own chats, the team's run
   * conversations and the chats shared with the team, never another member's private chat):
   * titles and the text of the history shown, most recently active first, each with up to three
   * matching messages.
   */
  async search({ teamId, userId }: Reader, { q, limit }: SearchConversationsQueryDto): Promise<SearchHitResponse[]> {
    type Row = { id: string; title: string; workflow_run: boolean; shared: boolean; author_id: string | null; author_name: string | null; updated_at: Date; title_matched: boolean; matches: SearchMatchResponse[] };
    const rows = await this.messages.query<Row[]>(
      `WITH q AS (SELECT websearch_to_tsquery('english', $3) AS query),
       found AS (
         SELECT c.id, c.title, c.workflow_run IS NOT NULL AS workflow_run, c.shared_at IS NOT NULL AS shared, c.user_id AS author_id, c.updated_at,
                to_tsvector('english', c.title) @@ q.query AS title_matched
           FROM q, conversations c
          WHERE c.team_id = $1 AND (c.user_id = $2 OR c.workflow_run IS NOT NULL OR c.shared_at IS NOT NULL)
            AND (to_tsvector('english', c.title) @@ q.query
                 OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.search @@ q.query))
          ORDER BY c.updated_at DESC, c.id DESC
          LIMIT $4
       )
       SELECT found.*, u.name AS author_name, hits.matches FROM found LEFT JOIN users u ON u.id = found.author_id, q, LATERAL (
         SELECT coalesce(jsonb_agg(jsonb_build_object('messageId', h.message_id, 'role', h.role, 'snippet', h.snippet) ORDER BY h.seq), '[]') AS matches
           FROM (
             SELECT m.seq, m.message_id, m.role,
                    search_snippet(array_to_string(ARRAY(SELECT jsonb_array_elements_text(${TEXTS})), ' '), q.query) AS snippet
               FROM messages m WHERE m.conversation_id = found.id AND m.search @@ q.query
              ORDER BY m.seq LIMIT 3
           ) h
       ) hits
       ORDER BY found.updated_at DESC, found.id DESC`,
      [teamId, userId, q, limit],
    );
    return rows.map((row) => ({
      conversationId: row.id,
      title: row.title,
      workflowRun: row.workflow_run,
      shared: row.shared,
      author: row.author_id !== null && row.author_name !== null ? { id: row.author_id, name: row.author_name } : null,
      updatedAt: row.updated_at.toISOString(),
      titleMatched: row.title_matched,
      matches: row.matches,
    }));
  }

  /**
   * Stores `messages` as what follows `after` (a reply generated again), all or nothing: what
   * followed it is kept as a branch of its own (archived_messages), not deleted. A message being
   * stored is left in place, so an attempt that committed but lost its answer, tried again, makes
   * no branch of its own reply.
   */
  branchAfter(conversationId: string, after: string, messages: UIMessage[], answeredBy?: AnsweringAgent): Promise<string[]> {
    return this.messages.manager.transaction(async (manager) => {
      await lockConversation(manager, conversationId);
      const [fork] = await manager.query<{ seq: string }[]>('SELECT seq FROM messages WHERE conversation_id = $1 AND message_id = $2', [conversationId, after]);
      if (fork) await archiveAfter(manager, conversationId, fork.seq, messages.map((message) => message.id));
      return this.saveMessages(conversationId, messages, { replace: true, manager, answeredBy });
    });
  }

  /**
   * A user message edited and sent again: the stored one and everything after it become a branch
   * of their own, and the edited message (same id) ends the history shown. Returns the branch's id,
   * for `undoEdit`. 400 when the id is not one of the conversation's user messages.
   */
  editMessage(conversationId: string, edited: UIMessage): Promise<string> {
    return this.messages.manager.transaction(async (manager) => {
      await lockConversation(manager, conversationId);
      const [stored] = await manager.query<{ seq: string; role: string; fork_seq: string }[]>(
        `SELECT seq, role, coalesce((SELECT max(seq) FROM messages earlier WHERE earlier.conversation_id = $1 AND earlier.seq < m.seq), 0) AS fork_seq
           FROM messages m WHERE conversation_id = $1 AND message_id = $2`,
        [conversationId, edited.id],
      );
      if (stored?.role !== 'user') throw new BadRequestException('messageId: not a user message of this conversation');
      await archiveAfter(manager, conversationId, stored.fork_seq, []);
      await this.saveMessages(conversationId, [edited], { manager });
      return stored.seq;
    });
  }

  /** Undoes `editMessage` for a turn whose reply could not start: the edited message goes, the branch it replaced comes back. */
  undoEdit(conversationId: string, messageId: string, branch: string): Promise<void> {
    return this.messages.manager.transaction(async (manager) => {
      await lockConversation(manager, conversationId);
      await manager.query('DELETE FROM messages WHERE conversation_id = $1 AND message_id = $2', [conversationId, messageId]);
      await restoreBranch(manager, conversationId, branch);
    });
  }

  /**
   * The places in the history shown where other versions are kept: for each, the message shown
   * there and every version (the one shown included), oldest first.
   */
  async branches(conversationId: string): Promise<ForkResponse[]> {
    const [shown, archived] = await Promise.all([
      this.messages.query<BranchHeadRow[]>(`SELECT seq, message_id, role, ${TEXTS} AS texts, created_at FROM messages WHERE conversation_id = $1 ORDER BY seq`, [conversationId]),
      this.messages.query<(BranchHeadRow & { fork_seq: string })[]>(
        // Each branch's first message. The table is named in ORDER BY: a bare `seq` there would be
        // the output column (the branch's seq), leaving the row each branch shows to chance.
        `SELECT DISTINCT ON (branch_seq) branch_seq AS seq, fork_seq, message_id, role, ${TEXTS} AS texts, created_at
           FROM archived_messages WHERE conversation_id = $1 ORDER BY branch_seq, archived_messages.seq`,
        [conversationId],
      ),
    ]);
    const forks: ForkResponse[] = [];
    for (const forkSeq of new Set(archived.map((head) => head.fork_seq))) {
      const forkAt = forkSeq === '0' ? -1 : shown.findIndex((row) => row.seq === forkSeq);
      const current = shown[forkAt + 1];
      // A fork on a branch not shown is reached by showing that branch first.
      if ((forkSeq !== '0' && forkAt === -1) || !current) continue;
      const versions = [current, ...archived.filter((head) => head.fork_seq === forkSeq)]
        .sort((a, b) => Number(a.seq) - Number(b.seq))
        .map((head) => ({ id: head.seq, current: head === current, role: head.role, preview: previewOf(head.texts), createdAt: head.created_at.toISOString() }));
      forks.push({ messageId: current.message_id, versions });
    }
    return forks;
  }

  /**
   * Shows the version `version` (an id `branches` gave) in place of the one shown at its fork; the
   * one shown becomes a branch. Showing the version already shown changes nothing. 404 when the
   * conversation has no such version, 409 when its fork is on a branch not shown.
   */
  selectBranch(conversationId: string, version: string): Promise<void> {
    return this.messages.manager.transaction(async (manager) => {
      await lockConversation(manager, conversationId);
      const [branch] = await manager.query<{ fork_seq: string }[]>('SELECT fork_seq FROM archived_messages WHERE conversation_id = $1 AND branch_seq = $2 LIMIT 1', [conversationId, version]);
      if (!branch) {
        const [shown] = await manager.query<unknown[]>('SELECT 1 FROM messages WHERE conversation_id = $1 AND seq = $2', [conversationId, version]);
        if (!shown) throw new NotFoundException('Version not found');
        return;
      }
      if (branch.fork_seq !== '0') {
        const [fork] = await manager.query<unknown[]>('SELECT 1 FROM messages WHERE conversation_id = $1 AND seq = $2', [conversationId, branch.fork_seq]);
        if (!fork) throw new ConflictException('This version follows a message of another version: show that one first');
      }
      await archiveAfter(manager, conversationId, branch.fork_seq, []);
      await restoreBranch(manager, conversationId, version);
    });
  }

  /**
   * Appends messages whose ids are not stored yet (a client resending the whole history stores
   * nothing twice); a message already stored under the same id is replaced when `replace`.
   * `answeredBy`: the agent whose reply this is, kept as the conversation's. `manager`: a
   * transaction to save in (else a prepared statement). Returns the ids it wrote.
   */
  async saveMessages(
    conversationId: string,
    messages: UIMessage[],
    { replace = false, manager, answeredBy }: { replace?: boolean; manager?: EntityManager; answeredBy?: AnsweringAgent } = {},
  ): Promise<string[]> {
    if (messages.length === 0) return [];
    // One statement (so one round trip, atomic): the messages in their order, then the
    // conversation's updated_at (and agent). Run steps and replies save twice per turn; this is their hot path.
    const text = `WITH ${savingMessages({ replace, returning: 'message_id', touch: answeredBy ? ', last_agent_id = $3, niche = $4' : '' })}
       SELECT message_id FROM saved`;
    const values = [conversationId, incomingMessages(messages), ...(answeredBy ? [answeredBy.agentId, answeredBy.niche] : [])];
    const saved = manager ? await manager.query<{ message_id: string }[]>(text, values) : await this.prepared.query<{ message_id: string }>(text, values);
    return saved.map((row) => row.message_id);
  }

  /**
   * Stores a reply with the person's answers to its tool approval requests, and records each answer
   * in the audit trail, in one transaction: a decision is on record exactly when the reply holds it.
   */
  async saveToolApprovals(teamId: string, conversationId: string, reply: UIMessage, decisions: ToolApprovalDecision[], audit: AuditContext): Promise<void> {
    await this.messages.manager.transaction(async (manager) => {
      await this.saveMessages(conversationId, [reply], { replace: true, manager });
      for (const decision of decisions) {
        await this.audit.record(manager, audit, {
          teamId,
          action: decision.approved ? 'tool_call.approved' : 'tool_call.denied',
          target: { type: 'conversation', id: conversationId },
          changes: { messageId: reply.id, ...decision },
        });
      }
    });
  }

  /** Removes messages by id: what a request that failed before its reply began had added. */
  async deleteMessages(conversationId: string, messageIds: string[]): Promise<void> {
    if (messageIds.length === 0) return;
    await this.messages.delete({ conversationId, messageId: In(messageIds) });
  }

  /** In the transaction of the run's move (`manager`): the summary and the run never disagree. */
  async setWorkflowRun(conversationId: string, workflowRun: WorkflowRunSummary, manager: EntityManager): Promise<void> {
    await manager.update(Conversation, { id: conversationId }, { workflowRun });
  }

  /** The conversations as the API shows them, each with its author's name (one query for all). */
  private async responses(conversations: Conversation[]): Promise<ConversationResponse[]> {
    const authorIds = [...new Set(conversations.flatMap((conversation) => (conversation.userId ? [conversation.userId] : [])))];
    const authors = authorIds.length === 0 ? [] : await this.conversations.query<{ id: string; name: string }[]>('SELECT id, name FROM users WHERE id = ANY($1)', [authorIds]);
    const names = new Map(authors.map((author) => [author.id, author.name]));
    return conversations.map((conversation) => map(conversation, names));
  }
}

/** The text parts of a message, in SQL: what a preview and the search index read. */
const TEXTS = `jsonb_path_query_array(parts, '$[*] ? (@.type == "text").text')`;
/** A version's preview: the start of its first message's text. */
const PREVIEW_MAX_LENGTH = 120;

interface BranchHeadRow {
  seq: string;
  message_id: string;
  role: string;
  texts: string[];
  created_at: Date;
}

function previewOf(texts: string[]): string {
  return cutText(texts.join(' ').replace(/\s+/g, ' ').trim(), PREVIEW_MAX_LENGTH);
}

/** Holds the conversation's row until the transaction ends: its branches change one at a time. */
async function lockConversation(manager: EntityManager, conversationId: string): Promise<void> {
  await manager.query('SELECT 1 FROM conversations WHERE id = $1 FOR UPDATE', [conversationId]);
}

/**
 * Moves the messages shown after `forkSeq` (but those in `keep`) into a branch of their own, named
 * by its first message's seq. Nothing to move makes no branch.
 */
async function archiveAfter(manager: EntityManager, conversationId: string, forkSeq: string, keep: string[]): Promise<void> {
  await manager.query(
    `WITH moved AS (
       DELETE FROM messages WHERE conversation_id = $1 AND seq > $2 AND NOT (message_id = ANY($3::text[]))
       RETURNING seq, conversation_id, message_id, role, parts, metadata, created_at
     )
     INSERT INTO archived_messages (seq, conversation_id, fork_seq, branch_seq, message_id, role, parts, metadata, created_at)
     SELECT seq, conversation_id, $2, min(seq) OVER (), message_id, role, parts, metadata, created_at FROM moved`,
    [conversationId, forkSeq, keep],
  );
}

/** Moves a branch's messages back into the history shown, each under its own seq (so in its order). */
async function restoreBranch(manager: EntityManager, conversationId: string, branch: string): Promise<void> {
  await manager.query(
    `WITH restored AS (
       DELETE FROM archived_messages WHERE conversation_id = $1 AND branch_seq = $2
       RETURNING seq, conversation_id, message_id, role, parts, metadata, created_at
     )
     INSERT INTO messages (seq, conversation_id, message_id, role, parts, metadata, created_at)
     SELECT seq, conversation_id, message_id, role, parts, metadata, created_at FROM restored`,
    [conversationId, branch],
  );
}

const MESSAGE_COLUMNS = 'message_id, role, parts, metadata';
type MessageRow = Pick<UIMessage, 'role' | 'parts'> & { message_id: string; metadata: unknown };

function toUIMessage(row: MessageRow): UIMessage {
  return { id: row.message_id, role: row.role, parts: row.parts, ...(row.metadata === null ? {} : { metadata: row.metadata }) };
}

/** The `incoming` rows of a statement that stores messages: parameter `$<parameter>` (incomingMessages), with their order. */
function incomingRows(parameter: number): string {
  return `incoming AS (
    SELECT * FROM jsonb_to_recordset($${parameter}::jsonb) AS m("order" int, message_id text, role text, parts jsonb, metadata jsonb)
  )`;
}

/**
 * The CTEs that store messages into conversation $1 from parameter $2 (incomingMessages), in their
 * order, and touch the conversation's updated_at (and whatever `touch` sets) when there are any;
 * `saved` holds what the insert returns.
 */
function savingMessages({ replace, returning, touch = '' }: { replace: boolean; returning: string; touch?: string }): string {
  return `${incomingRows(2)}, saved AS (
    ${insertingIncoming('$1', replace)}
    RETURNING ${returning}
  ), touched AS (
    UPDATE conversations SET updated_at = now()${touch} WHERE id = $1 AND EXISTS (SELECT 1 FROM incoming)
  )`;
}

/**
 * Inserts the `incoming` rows, in their order, into the conversation `conversationId` (SQL: a
 * parameter or a subquery); a message id already stored is left alone, or replaced when `replace`.
 */
function insertingIncoming(conversationId: string, replace: boolean): string {
  return `INSERT INTO messages (conversation_id, message_id, role, parts, metadata)
    SELECT ${conversationId}, message_id, role, parts, metadata FROM incoming ORDER BY "order"
    ON CONFLICT (conversation_id, message_id) ${replace ? 'DO UPDATE SET parts = EXCLUDED.parts, metadata = EXCLUDED.metadata' : 'DO NOTHING'}`;
}

/** Messages as the JSON parameter of incomingRows. */
function incomingMessages(messages: UIMessage[]): string {
  return JSON.stringify(
    messages.map((message, order) => ({ order, message_id: message.id, role: message.role, parts: message.parts, metadata: message.metadata ?? null })),
  );
}

/** A title from the first user message: one line, at most 100 characters. */
export function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim() || 'New conversation';
  return cutText(line, CONVERSATION_TITLE_MAX_LENGTH);
}

function map(conversation: Conversation, authors: Map<string, string>): ConversationResponse {
  const authorName = conversation.userId === null ? undefined : authors.get(conversation.userId);
  return {
    id: conversation.id,
    title: conversation.title,
    niche: conversation.niche,
    workflowRun: conversation.workflowRun,
    shared: conversation.sharedAt !== null,
    author: conversation.userId !== null && authorName !== undefined ? { id: conversation.userId, name: authorName } : null,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
  };
}
