import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PageLimit } from '../../http/page-query.js';

export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Conversations a search returns at most. */
export const SEARCH_PAGE_MAX = 50;

/** GET /api/assistant/search. */
export class SearchConversationsQueryDto {
  @ApiProperty({ description: 'Words to find, as a web search reads them: "quoted phrase", -excluded, or', maxLength: SEARCH_QUERY_MAX_LENGTH })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'q must be a string' })
  @IsNotEmpty({ message: 'q must not be empty' })
  @MaxLength(SEARCH_QUERY_MAX_LENGTH, { message: `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters` })
  q: string;

  @PageLimit(SEARCH_PAGE_MAX, 20)
  limit: number = 20;
}
