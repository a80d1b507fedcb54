import type { TokenScope } from '../entities/session.entity.js';
import type { Access, Action } from '../permissions/permissions.js';
import type { TeamResponse } from '../teams.response.js';

export interface UserResponse {
  id: string;
  email: string;
  name: string;
  /** Whether the address was confirmed through the mailed link. */
  emailVerified: boolean;
}

export interface LoginResponse {
  accessToken: string;
  user: UserResponse;
  activeTeam: TeamResponse;
}

/**
 * The answer to a registration under EMAIL_VERIFICATION=required (202), the same whether or not
 * the address already had an account: no session until the address is confirmed.
 */
export interface VerificationPendingResponse {
  verificationRequired: true;
  email: string;
  message: string;
}

/** The deployment's sign-in and sign-up policy, for the sign-in page. */
export interface AuthOptionsResponse {
  signup: 'open' | 'invite' | 'closed';
  passwordLogin: 'enabled' | 'disabled';
  emailVerification: 'optional' | 'required';
  /** Single sign-on, when configured: the button's label and where it leads. */
  sso: { displayName: string; loginUrl: string } | null;
}

/** `endSessionUrl`: where the browser goes next when the session came from single sign-on (the provider's logout). */
export interface LogoutResponse {
  success: true;
  endSessionUrl?: string;
}

export interface MeResponse {
  user: UserResponse;
  activeTeam: TeamResponse;
  teams: TeamResponse[];
  /**
   * What the caller's role in the active team may do, action by action, from the permission table
   * (`own`: only on what they created): the dashboard shows a button only where this allows it.
   */
  permissions: Record<Action, Access>;
}

export interface ApiTokenResponse {
  id: string;
  name: string;
  /** The team it acts in, for good. */
  teamId: string;
  /** `read`: GET routes only; `read-write`: what its owner's role allows, less credentials and members. */
  scope: TokenScope;
  createdAt: string;
  lastUsedAt: string | null;
  /** When it stops working (API_TOKEN_DEFAULT_DAYS unless asked otherwise). */
  expiresAt: string;
}

/** The only time a token's secret is shown. */
export interface CreatedApiTokenResponse extends ApiTokenResponse {
  token: string;
}

/** `POST /api/auth/password-reset`: the same for every address, known or not. */
export interface PasswordResetRequestedResponse {
  message: string;
}

/** `POST /api/auth/password-reset/confirm`: the account's new password is set and its sign-ins ended. */
export interface PasswordResetResponse {
  email: string;
  /** Sign-ins (browsers) that were signed out; API tokens are kept (listed in team settings). */
  signedOut: number;
}
