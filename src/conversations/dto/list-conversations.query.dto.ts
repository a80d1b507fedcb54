import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { INT4_MAX } from '../../http/int4.js';
import { toInteger } from '../../http/query-integer.js';

/** SPEC §8: the conversation list returns at most this many. */
export const CONVERSATION_PAGE_MAX = 50;

/** A page of the list, as the assets listing pages: the first 50 unless asked otherwise. */
export class ListConversationsQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: CONVERSATION_PAGE_MAX, default: CONVERSATION_PAGE_MAX, description: 'values above 50 read as 50' })
  @IsOptional()
  @Transform((params) => {
    const value = toInteger(params);
    return typeof value === 'number' ? Math.min(value, CONVERSATION_PAGE_MAX) : value;
  })
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  limit: number = CONVERSATION_PAGE_MAX;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: INT4_MAX, default: 0, description: 'conversations to skip, most recently active first' })
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'offset must be a whole number' })
  @Min(0)
  @Max(INT4_MAX)
  offset: number = 0;
}
