import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TOKEN_SCOPES, type TokenScope } from '../entities/session.entity.js';
import type { Access, Action } from '../permissions/permissions.js';
import { TeamResponse } from '../teams.response.js';

export class UserResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  email: string;

  @ApiProperty()
  name: string;

  /** Whether the address was confirmed through the mailed link. */
  @ApiProperty({ description: 'Whether the address was confirmed through the mailed link' })
  emailVerified: boolean;

  /** Whether the daily mail of the approvals waiting for them goes to this person (their opt-out). */
  @ApiProperty({ description: 'Whether the daily mail of the approvals waiting for them goes to this person (their opt-out)' })
  approvalDigest: boolean;
}

export class LoginResponse {
  @ApiProperty({ description: 'The session token for `Authorization: Bearer` (also set as the session cookie)' })
  accessToken: string;

  @ApiProperty({ type: UserResponse })
  user: UserResponse;

  @ApiProperty({ type: TeamResponse })
  activeTeam: TeamResponse;
}

/**
 * The answer to a registration under EMAIL_VERIFICATION=required (202), the same whether or not
 * the address already had an account: no session until the address is confirmed.
 */
export class VerificationPendingResponse {
  @ApiProperty({ enum: [true] })
  verificationRequired: true;

  @ApiProperty()
  email: string;

  @ApiProperty()
  message: string;
}

class SingleSignOnOption {
  @ApiProperty()
  displayName: string;

  @ApiProperty()
  loginUrl: string;
}

/** The deployment's sign-in and sign-up policy, for the sign-in page. */
export class AuthOptionsResponse {
  @ApiProperty({ enum: ['open', 'invite', 'closed'] })
  signup: 'open' | 'invite' | 'closed';

  @ApiProperty({ enum: ['enabled', 'disabled'] })
  passwordLogin: 'enabled' | 'disabled';

  @ApiProperty({ enum: ['optional', 'required'] })
  emailVerification: 'optional' | 'required';

  /** Single sign-on, when configured: the button's label and where it leads. */
  @ApiProperty({ type: SingleSignOnOption, nullable: true, description: "Single sign-on, when configured: the button's label and where it leads" })
  sso: SingleSignOnOption | null;
}

/** `endSessionUrl`: where the browser goes next when the session came from single sign-on (the provider's logout). */
export class LogoutResponse {
  @ApiProperty({ enum: [true] })
  success: true;

  @ApiPropertyOptional({ description: "Where the browser goes next when the session came from single sign-on (the provider's logout)" })
  endSessionUrl?: string;
}

export class MeResponse {
  @ApiProperty({ type: UserResponse })
  user: UserResponse;

  @ApiProperty({ type: TeamResponse })
  activeTeam: TeamResponse;

  @ApiProperty({ type: [TeamResponse] })
  teams: TeamResponse[];

  /**
   * What the caller's role in the active team may do, action by action, from the permission table
   * (`own`: only on what they created): the dashboard shows a button only where this allows it.
   */
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', enum: ['yes', 'own', 'no'] },
    description: "What the caller's role in the active team may do, action by action (`own`: only on what they created)",
  })
  permissions: Record<Action, Access>;
}

/** GET /api/auth/session: answered 200 whether or not the caller is signed in. */
export class SessionResponse {
  @ApiProperty({ type: MeResponse, nullable: true, description: 'As GET /api/auth/me answers; null when no live session came with the request' })
  me: MeResponse | null;
}

export class ApiTokenResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  /** The team it acts in, for good. */
  @ApiProperty({ format: 'uuid', description: 'The team it acts in, for good' })
  teamId: string;

  /** `read`: GET routes only; `read-write`: what its owner's role allows, less credentials and members. */
  @ApiProperty({ enum: TOKEN_SCOPES, description: "`read`: GET routes only; `read-write`: what its owner's role allows, less credentials and members" })
  scope: TokenScope;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastUsedAt: string | null;

  /** When it stops working (API_TOKEN_DEFAULT_DAYS unless asked otherwise). */
  @ApiProperty({ format: 'date-time', description: 'When it stops working' })
  expiresAt: string;
}

/** The only time a token's secret is shown. */
export class CreatedApiTokenResponse extends ApiTokenResponse {
  @ApiProperty({ description: 'The secret, shown this once' })
  token: string;
}

/** `POST /api/auth/password-reset`: the same for every address, known or not. */
export class PasswordResetRequestedResponse {
  @ApiProperty()
  message: string;
}

/** `POST /api/auth/password-reset/confirm`: the account's new password is set and its sign-ins ended. */
export class PasswordResetResponse {
  @ApiProperty()
  email: string;
  /** Sign-ins (browsers) that were signed out; API tokens are kept (listed in team settings). */
  @ApiProperty({ description: 'Sign-ins (browsers) that were signed out; API tokens are kept' })
  signedOut: number;
}

/** The address the mailed link confirmed. */
export class VerifiedEmailResponse {
  @ApiProperty()
  email: string;
}

/** When the new confirmation link was mailed (at most once a minute). */
export class VerificationMailResponse {
  @ApiProperty({ format: 'date-time' })
  sentAt: string;
}
