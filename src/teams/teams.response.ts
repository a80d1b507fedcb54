import type { Role } from './entities/membership.entity.js';
import type { Plan } from './plans.js';

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
