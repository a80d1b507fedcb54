import { ApiProperty } from '@nestjs/swagger';
import { FEEDBACK_RATINGS, type FeedbackRating } from './dto/message-feedback.dto.js';

/** The caller's rating of one reply. */
export class MessageFeedbackResponse {
  @ApiProperty()
  messageId: string;

  @ApiProperty({ enum: FEEDBACK_RATINGS })
  rating: FeedbackRating;

  @ApiProperty({ type: String, nullable: true })
  note: string | null;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

/** Ratings of the replies of one agent with one model. */
export class FeedbackCountResponse {
  @ApiProperty({ type: String, nullable: true, description: 'Null for a reply that named no agent' })
  agentId: string | null;

  @ApiProperty({ type: String, nullable: true })
  modelId: string | null;

  @ApiProperty({ type: 'integer' })
  up: number;

  @ApiProperty({ type: 'integer' })
  down: number;
}

export class FeedbackReportResponse {
  @ApiProperty({ enum: ['team', 'own'], description: "`team`: every member's ratings (owners and admins); `own`: the caller's" })
  scope: 'team' | 'own';

  @ApiProperty({ format: 'date-time' })
  from: string;

  @ApiProperty({ format: 'date-time' })
  to: string;

  @ApiProperty({ type: [FeedbackCountResponse], description: 'Most rated first' })
  rows: FeedbackCountResponse[];
}
