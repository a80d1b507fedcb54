import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { CONVERSATION_TITLE_MAX_LENGTH } from '../conversations.service.js';

/** PATCH /api/assistant/conversations/:id: a title chosen by its reader, kept from then on. */
export class RenameConversationDto {
  @ApiProperty({ maxLength: CONVERSATION_TITLE_MAX_LENGTH, example: 'Bakery launch posts' })
  // One line: whitespace runs (newlines too) read as one space, as a generated title's.
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value))
  @IsString({ message: 'title must be a string' })
  @IsNotEmpty({ message: 'title must not be empty' })
  @MaxLength(CONVERSATION_TITLE_MAX_LENGTH, { message: `title must be at most ${CONVERSATION_TITLE_MAX_LENGTH} characters` })
  title: string;
}
