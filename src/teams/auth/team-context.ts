import type { Plan } from '../../config/plans.js';
import type { Role } from '../entities/membership.entity.js';
import type { SessionKind, TokenScope } from '../entities/session.entity.js';

/**
 * Who is calling and in which team: set on the request by the auth guard from the session row,
 * passed explicitly into every team-scoped service method.
 */
export interface TeamContext {
  userId: string;
  sessionId: string;
  sessionKind: SessionKind;
  /** An API token's scope; `read-write` for logins. */
  scope: TokenScope;
  teamId: string;
  role: Role;
  plan: Plan;
  /** Whether the user's address is verified: until it is, they cannot invite or accept invitations. */
  emailVerified: boolean;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The caller's team context, set by JwtAuthGuard on every route that is not @Public(). */
    user?: TeamContext;
  }
}
