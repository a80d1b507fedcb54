import type { PricedFigures } from './usage-cost.js';
import type { UsageGrouping } from './dto/usage-query.dto.js';

/** One group: a UTC day (YYYY-MM-DD), a model id, a user id or a workflow id (null: none, e.g. chat outside workflows). */
export interface UsageRow extends PricedFigures {
  key: string | null;
}

export interface UsageReportResponse {
  /** `team`: every member's usage (owners and admins); `own`: the caller's only (members). */
  scope: 'team' | 'own';
  from: string;
  to: string;
  groupBy: UsageGrouping;
  rows: UsageRow[];
  totals: PricedFigures;
}
