import { ApiProperty } from '@nestjs/swagger';
import { PLANS, type Plan } from '../config/plans.js';

/** GET and PUT /api/teams/:id/budget: the team's monthly token budget this month. */
export class TeamBudgetResponse {
  @ApiProperty({ enum: PLANS })
  plan: Plan;

  /** Input plus output tokens the plan allows per calendar month (UTC); null: unlimited. */
  @ApiProperty({ type: 'integer', nullable: true, description: 'Input plus output tokens the plan allows per calendar month (UTC); null: unlimited' })
  planMonthlyTokens: number | null;

  /** The owner's own limit, below the plan's; null: the plan's applies. */
  @ApiProperty({ type: 'integer', nullable: true, description: "The owners' own limit, below the plan's; null: the plan's applies" })
  teamMonthlyTokens: number | null;

  /** The limit in force: the lower of the two; null: unlimited. */
  @ApiProperty({ type: 'integer', nullable: true, description: 'The limit in force: the lower of the two; null: unlimited' })
  monthlyTokens: number | null;

  /** Tokens used this month. */
  @ApiProperty({ type: 'integer', description: 'Tokens used this month' })
  used: number;

  /** `used` as a percentage of `monthlyTokens` (one decimal); null when unlimited. */
  @ApiProperty({ type: 'number', nullable: true, example: 42.5, description: 'used as a percentage of monthlyTokens (one decimal); null when unlimited' })
  percent: number | null;

  /** When the month's count starts again. */
  @ApiProperty({ format: 'date-time', description: "When the month's count starts again" })
  resetsAt: string;
}
