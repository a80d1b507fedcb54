import type { Plan } from '../config/plans.js';

/** GET and PUT /api/teams/:id/budget: the team's monthly token budget this month. */
export interface TeamBudgetResponse {
  plan: Plan;
  /** Input plus output tokens the plan allows per calendar month (UTC); null: unlimited. */
  planMonthlyTokens: number | null;
  /** The owner's own limit, below the plan's; null: the plan's applies. */
  teamMonthlyTokens: number | null;
  /** The limit in force: the lower of the two; null: unlimited. */
  monthlyTokens: number | null;
  /** Tokens used this month. */
  used: number;
  /** `used` as a percentage of `monthlyTokens` (one decimal); null when unlimited. */
  percent: number | null;
  /** When the month's count starts again. */
  resetsAt: string;
}
