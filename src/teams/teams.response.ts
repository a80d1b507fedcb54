import { ApiProperty } from '@nestjs/swagger';
import { ROLES, type Role } from './entities/membership.entity.js';
import { PLANS, type Plan } from '../config/plans.js';

export class TeamResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ enum: PLANS })
  plan: Plan;

  @ApiProperty({ enum: ROLES, description: "The caller's role in it" })
  role: Role;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class MemberResponse {
  @ApiProperty({ format: 'uuid' })
  userId: string;

  @ApiProperty()
  email: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ enum: ROLES })
  role: Role;

  @ApiProperty({ format: 'date-time' })
  joinedAt: string;
}

export class LeaveTeamResponse {
  /** The calling session's active team afterwards: the user's first team if it was the one left. */
  @ApiProperty({ type: TeamResponse, description: "The session's active team afterwards" })
  activeTeam: TeamResponse;
}

/** The limits a plan sets, as the limiters apply them (each follows its environment override). */
export class TeamPlanLimits {
  /** Chat (router) requests per window, per team and, across all of a user's teams, per user. */
  @ApiProperty({ type: 'integer', description: "Chat (router) requests per window, per team and per user across the user's teams" })
  chatRequestsPerWindow: number;

  @ApiProperty({ type: 'integer' })
  chatWindowSeconds: number;

  @ApiProperty({ type: 'integer' })
  workflowPlansPerHour: number;

  /** Run starts per hour: by hand, retried or scheduled. */
  @ApiProperty({ type: 'integer', description: 'Run starts per hour: by hand, retried or scheduled' })
  runStartsPerHour: number;

  /** The shortest time between two runs a schedule may ask for. */
  @ApiProperty({ type: 'integer' })
  minScheduleIntervalSeconds: number;

  /** Runs of the team executing at once; further runs wait in the queue. */
  @ApiProperty({ type: 'integer', description: 'Runs of the team executing at once; further runs wait in the queue' })
  concurrentRuns: number;

  /** Input plus output tokens per calendar month (UTC); null: unlimited. The owners may set a lower budget. */
  @ApiProperty({ type: 'integer', nullable: true, description: 'Input plus output tokens per calendar month (UTC); null: unlimited' })
  monthlyTokens: number | null;
}

/** GET /api/teams/:id/plan: the team's plan and the limits in force for it. */
export class TeamPlanResponse {
  @ApiProperty({ enum: PLANS })
  plan: Plan;

  @ApiProperty({ type: TeamPlanLimits })
  limits: TeamPlanLimits;
}
