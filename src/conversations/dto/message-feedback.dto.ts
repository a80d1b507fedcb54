import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export const FEEDBACK_RATINGS = ['up', 'down'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
export const FEEDBACK_NOTE_MAX_LENGTH = 2000;

/** PUT …/messages/:messageId/feedback: the caller's rating of a reply, replacing theirs if any. */
export class MessageFeedbackDto {
  @ApiProperty({ enum: FEEDBACK_RATINGS })
  @IsIn(FEEDBACK_RATINGS, { message: `rating must be one of: ${FEEDBACK_RATINGS.join(', ')}` })
  rating: FeedbackRating;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: FEEDBACK_NOTE_MAX_LENGTH, description: 'Why, in a few words' })
  @IsOptional()
  @IsString({ message: 'note must be a string' })
  @MaxLength(FEEDBACK_NOTE_MAX_LENGTH, { message: `note must be at most ${FEEDBACK_NOTE_MAX_LENGTH} characters` })
  note?: string | null;
}
