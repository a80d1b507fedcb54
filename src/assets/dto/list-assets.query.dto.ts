import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { INT4_MAX } from '../../http/int4.js';
import { toInteger } from '../../http/query-integer.js';
import { ASSET_TYPES, type AssetType } from '../asset-types.js';

/** Longer than any ISO 8601 timestamp (with nanoseconds and an offset). */
const DATE_MAX_LENGTH = 40;

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

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: ASSET_PAGE_MAX, default: ASSET_PAGE_DEFAULT, description: 'values above 100 read as 100' })
  @IsOptional()
  @Transform((params) => {
    const value = toInteger(params);
    return typeof value === 'number' ? Math.min(value, ASSET_PAGE_MAX) : value;
  })
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  limit: number = ASSET_PAGE_DEFAULT;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: INT4_MAX, default: 0 })
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'offset must be a whole number' })
  @Min(0)
  @Max(INT4_MAX)
  offset: number = 0;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: INT4_MAX, description: 'Workflow run id' })
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'runId must be a whole number' })
  @Min(1)
  @Max(INT4_MAX)
  runId?: number;
}
