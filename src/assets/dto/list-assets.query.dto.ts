import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { INT4_MAX } from '../../http/int4.js';
import { PageLimit, PageOffset } from '../../http/page-query.js';
import { toInteger } from '../../http/query-integer.js';
import { ASSET_TYPES, type AssetType } from '../asset-types.js';

/** As a conversation search's words. */
const ASSET_SEARCH_MAX_LENGTH = 200;

/** Longer than any ISO 8601 timestamp (with nanoseconds and an offset). */
const DATE_MAX_LENGTH = 40;

export const REJECTED_FILTERS = ['include', 'exclude', 'only'] as const;
export type RejectedFilter = (typeof REJECTED_FILTERS)[number];

export const ASSET_PAGE_DEFAULT = 60;
export const ASSET_PAGE_MAX = 100;

export class ListAssetsQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'conversationId must be a conversation id (UUID)' })
  conversationId?: string;

  @ApiPropertyOptional({ enum: ASSET_TYPES })
  @IsOptional()
  @IsIn(ASSET_TYPES, { message: `type must be one of: ${ASSET_TYPES.join(', ')}` })
  type?: AssetType;

  @ApiPropertyOptional({ description: 'ISO 8601 date: assets created after it', maxLength: DATE_MAX_LENGTH })
  @IsOptional()
  @MaxLength(DATE_MAX_LENGTH)
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date' })
  from?: string;

  @ApiPropertyOptional({ description: 'ISO 8601 date: assets created before it', maxLength: DATE_MAX_LENGTH })
  @IsOptional()
  @MaxLength(DATE_MAX_LENGTH)
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date' })
  to?: string;

  @ApiPropertyOptional({ enum: REJECTED_FILTERS, default: 'include', description: "A rejected workflow step's assets: listed (as without it), left out, or listed alone" })
  @IsOptional()
  @IsIn(REJECTED_FILTERS, { message: `rejected must be one of: ${REJECTED_FILTERS.join(', ')}` })
  rejected?: RejectedFilter;

  @ApiPropertyOptional({
    description: 'Words the title or text must hold, as a web search reads them: "quoted phrase", -excluded, or',
    maxLength: ASSET_SEARCH_MAX_LENGTH,
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'q must be a string' })
  @IsNotEmpty({ message: 'q must not be empty' })
  @MaxLength(ASSET_SEARCH_MAX_LENGTH, { message: `q must be at most ${ASSET_SEARCH_MAX_LENGTH} characters` })
  q?: string;

  @PageLimit(ASSET_PAGE_MAX, ASSET_PAGE_DEFAULT)
  limit: number = ASSET_PAGE_DEFAULT;

  @PageOffset()
  offset: number = 0;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: INT4_MAX, description: 'Workflow run id' })
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'runId must be a whole number' })
  @Min(1)
  @Max(INT4_MAX)
  runId?: number;
}
