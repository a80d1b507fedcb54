import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, MaxLength } from 'class-validator';

export const USAGE_GROUPINGS = ['day', 'model', 'user', 'workflow'] as const;
export type UsageGrouping = (typeof USAGE_GROUPINGS)[number];

/** Longer than any ISO 8601 timestamp (with nanoseconds and an offset). */
const DATE_MAX_LENGTH = 40;

export class UsageQueryDto {
  @ApiPropertyOptional({ description: 'ISO 8601 date, inclusive (default: the start of the current month, UTC)', maxLength: DATE_MAX_LENGTH })
  @IsOptional()
  @MaxLength(DATE_MAX_LENGTH)
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date' })
  from?: string;

  @ApiPropertyOptional({ description: 'ISO 8601 date, exclusive (default: the start of the next month, UTC); at most 366 days after from', maxLength: DATE_MAX_LENGTH })
  @IsOptional()
  @MaxLength(DATE_MAX_LENGTH)
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date' })
  to?: string;

  @ApiPropertyOptional({ enum: USAGE_GROUPINGS, default: 'day' })
  @IsOptional()
  @IsIn(USAGE_GROUPINGS, { message: `groupBy must be one of: ${USAGE_GROUPINGS.join(', ')}` })
  groupBy: UsageGrouping = 'day';
}
