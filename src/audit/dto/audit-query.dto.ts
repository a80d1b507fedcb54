import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, Matches, MaxLength } from 'class-validator';
import { PageLimit } from '../../http/page-query.js';

/** Longer than any ISO 8601 timestamp (with nanoseconds and an offset). */
const DATE_MAX_LENGTH = 40;
export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;

/** The time range of a listing or an export. */
export class AuditRangeDto {
  @ApiPropertyOptional({ description: 'ISO 8601 date, inclusive', maxLength: DATE_MAX_LENGTH })
  @IsOptional()
  @MaxLength(DATE_MAX_LENGTH)
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date' })
  from?: string;

  @ApiPropertyOptional({ description: 'ISO 8601 date, exclusive', maxLength: DATE_MAX_LENGTH })
  @IsOptional()
  @MaxLength(DATE_MAX_LENGTH)
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date' })
  to?: string;
}

export class AuditExportQueryDto extends AuditRangeDto {
  @ApiPropertyOptional({ enum: EXPORT_FORMATS, default: 'jsonl', description: 'JSON Lines, or CSV with a header row' })
  @IsOptional()
  @IsIn(EXPORT_FORMATS, { message: `format must be one of: ${EXPORT_FORMATS.join(', ')}` })
  format?: (typeof EXPORT_FORMATS)[number];
}

export class AuditQueryDto extends AuditRangeDto {
  @ApiPropertyOptional({ description: 'The acting user id (also through their API tokens)', maxLength: 100 })
  @IsOptional()
  @MaxLength(100)
  actor?: string;

  @ApiPropertyOptional({ description: 'An action (`member.role_changed`), or every action under a prefix ending in a dot (`member.`)', maxLength: 100 })
  @IsOptional()
  @MaxLength(100)
  @Matches(/^[a-z_]+(\.[a-z_]*)*$/, { message: 'action must be a dotted action name or prefix, such as member.role_changed or member.' })
  action?: string;

  @ApiPropertyOptional({ description: 'The kind of target: user, member, invitation, api_token, session, team', maxLength: 100 })
  @IsOptional()
  @MaxLength(100)
  targetType?: string;

  @ApiPropertyOptional({ description: 'The target id', maxLength: 100 })
  @IsOptional()
  @MaxLength(100)
  target?: string;

  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @IsOptional()
  @Matches(/^[1-9]\d{0,17}$/, { message: 'cursor must be the nextCursor of a page' })
  cursor?: string;

  @PageLimit(200, 50)
  limit?: number;
}
