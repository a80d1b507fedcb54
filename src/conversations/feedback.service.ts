import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ConversationsService, type Reader } from './conversations.service.js';
import type { MessageFeedbackDto } from './dto/message-feedback.dto.js';
import type { FeedbackCountResponse, MessageFeedbackResponse } from './feedback.response.js';

interface FeedbackRow {
  message_id: string;
  rating: MessageFeedbackResponse['rating'];
  note: string | null;
  updated_at: Date;
}

/**
 * Thumbs up or down on replies: one rating per member per reply, which they may change or take
 * back. A member rates the replies they can read (their own chats, the team's run conversations),
 * any version of them, shown or kept as a branch.
 */
@Injectable()
export class FeedbackService {
  constructor(
    private readonly conversations: ConversationsService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async rate(reader: Reader, reference: string, messageId: string, { rating, note }: MessageFeedbackDto): Promise<MessageFeedbackResponse> {
    const { id } = await this.conversations.getOrThrow(reader, reference, 'write');
    // The agent and model are copied from the reply, so the counts never read messages.
    const [row] = await this.db.query<FeedbackRow[]>(
      `WITH reply AS (
         SELECT metadata FROM messages WHERE conversation_id = $1 AND message_id = $2 AND role = 'assistant'
         UNION ALL
         SELECT metadata FROM archived_messages WHERE conversation_id = $1 AND message_id = $2 AND role = 'assistant'
         LIMIT 1
       )
       INSERT INTO message_feedback (conversation_id, message_id, user_id, team_id, rating, note, agent_id, model_id)
       SELECT $1, $2, $3, $4, $5, $6, metadata->>'agentId', metadata->>'modelId' FROM reply
       ON CONFLICT (conversation_id, message_id, user_id)
         DO UPDATE SET rating = EXCLUDED.rating, note = EXCLUDED.note, updated_at = now()
       RETURNING message_id, rating, note, updated_at`,
      [id, messageId, reader.userId, reader.teamId, rating, note?.trim() || null],
    );
    if (!row) throw new NotFoundException('Reply not found');
    return toResponse(row);
  }

  /** Takes the caller's rating of the reply back; none to take back is not an error. */
  async remove(reader: Reader, reference: string, messageId: string): Promise<void> {
    const { id } = await this.conversations.getOrThrow(reader, reference, 'write');
    await this.db.query('DELETE FROM message_feedback WHERE conversation_id = $1 AND message_id = $2 AND user_id = $3', [id, messageId, reader.userId]);
  }

  /** The caller's ratings in a conversation, in the order given. */
  async mine(reader: Reader, reference: string): Promise<MessageFeedbackResponse[]> {
    const { id } = await this.conversations.getOrThrow(reader, reference, 'read');
    const rows = await this.db.query<FeedbackRow[]>(
      'SELECT message_id, rating, note, updated_at FROM message_feedback WHERE conversation_id = $1 AND user_id = $2 ORDER BY created_at, message_id',
      [id, reader.userId],
    );
    return rows.map(toResponse);
  }

  /** Ratings given in [from, to) per agent and model: the team's, or one member's (`userId`). */
  async counts(teamId: string, userId: string | null, from: Date, to: Date): Promise<FeedbackCountResponse[]> {
    const rows = await this.db.query<{ agent_id: string | null; model_id: string | null; up: number; down: number }[]>(
      `SELECT agent_id, model_id, count(*) FILTER (WHERE rating = 'up')::int AS up, count(*) FILTER (WHERE rating = 'down')::int AS down
         FROM message_feedback
        WHERE team_id = $1 AND ($2::uuid IS NULL OR user_id = $2) AND updated_at >= $3 AND updated_at < $4
        GROUP BY agent_id, model_id
        ORDER BY count(*) DESC, agent_id, model_id`,
      [teamId, userId, from, to],
    );
    return rows.map((row) => ({ agentId: row.agent_id, modelId: row.model_id, up: row.up, down: row.down }));
  }
}

function toResponse(row: FeedbackRow): MessageFeedbackResponse {
  return { messageId: row.message_id, rating: row.rating, note: row.note, updatedAt: row.updated_at.toISOString() };
}
