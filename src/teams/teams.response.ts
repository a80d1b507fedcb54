import type { Role } from './entities/membership.entity.js';
import type { Plan } from '../config/plans.js';

export interface TeamResponse {
  id: string;
  name: string;
  plan: Plan;
  role: Role;
  createdAt: string;
}

export interface MemberResponse {
  userId: string;
  email: string;
  name: string;
  role: Role;
  joinedAt: string;
}

export interface LeaveTeamResponse {
  /** The calling session's active team afterwards: the user's first team if it was the one left. */
  activeTeam: TeamResponse;
}

/** The limits a plan sets, as the limiters apply them (each follows its environment override). */
export interface TeamPlanLimits {
  /** Chat (router) requests per window, per team and, across all of a user's teams, per user. */
  chatRequestsPerWindow: number;
  chatWindowSeconds: number;
  workflowPlansPerHour: number;
  /** Run starts per hour: by hand, retried or scheduled. */
  runStartsPerHour: number;
  /** The shortest time between two runs a schedule may ask for. */
  minScheduleIntervalSeconds: number;
  /** Runs of the team executing at once; further runs wait in the queue. */
  concurrentRuns: number;
  /** Input plus output tokens per calendar month (UTC); null: unlimited. The owners may set a lower budget. */
  monthlyTokens: number | null;
}

/** GET /api/teams/:id/plan: the team's plan and the limits in force for it. */
export interface TeamPlanResponse {
  plan: Plan;
  limits: TeamPlanLimits;
}
