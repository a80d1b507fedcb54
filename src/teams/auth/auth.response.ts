import type { TeamResponse } from '../teams.response.js';

export interface UserResponse {
  id: string;
  email: string;
  name: string;
}

export interface LoginResponse {
  accessToken: string;
  user: UserResponse;
  activeTeam: TeamResponse;
}

export interface MeResponse {
  user: UserResponse;
  activeTeam: TeamResponse;
  teams: TeamResponse[];
}

export interface ApiTokenResponse {
  id: string;
  name: string;
  teamId: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** When it stops working (API_TOKEN_DEFAULT_DAYS unless asked otherwise). */
  expiresAt: string;
}

/** The only time a token's secret is shown. */
export interface CreatedApiTokenResponse extends ApiTokenResponse {
  token: string;
}
