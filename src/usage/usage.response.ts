import { ApiProperty } from '@nestjs/swagger';
import { PricedFigures } from './usage-cost.js';
import { USAGE_GROUPINGS, type UsageGrouping } from './dto/usage-query.dto.js';

/** One group: a UTC day (YYYY-MM-DD), a model id, a user id or a workflow id (null: none, e.g. chat outside workflows). */
export class UsageRow extends PricedFigures {
  @ApiProperty({ type: String, nullable: true, example: '2026-11-27', description: 'A UTC day (YYYY-MM-DD), a model id, a user id or a workflow id; null: none' })
  key: string | null;
}

export class UsageReportResponse {
  /** `team`: every member's usage (owners and admins); `own`: the caller's only (members). */
  @ApiProperty({ enum: ['team', 'own'], description: "team: every member's usage (owners and admins); own: the caller's only (members)" })
  scope: 'team' | 'own';

  @ApiProperty({ format: 'date-time', description: 'The start of the range' })
  from: string;

  @ApiProperty({ format: 'date-time', description: 'The end of the range' })
  to: string;

  @ApiProperty({ enum: USAGE_GROUPINGS })
  groupBy: UsageGrouping;

  @ApiProperty({ type: [UsageRow] })
  rows: UsageRow[];

  @ApiProperty({ type: PricedFigures })
  totals: PricedFigures;
}
