import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { ActorType } from './actor-type.js';

/**
 * Who acts: a user signed in, a user through one of their API tokens (`tokenId`), SCIM, the
 * system (jobs, the operator's CLI), or nobody known (a failed sign-in, a declined invitation link).
 */
export interface AuditActor {
  type: ActorType;
  /** The user's id for `user` and `api_token`; null when nobody is known. */
  id: string | null;
  tokenId?: string;
}

/** Who made a request and from where, handed explicitly to every service call that records. */
export interface AuditContext {
  actor: AuditActor;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

/** For work that comes from no request. */
export const SYSTEM_AUDIT: AuditContext = { actor: { type: 'system', id: null }, ip: null, userAgent: null, requestId: null };

/** The same request, acted by `userId` (who became known during it: registration, sign-in). */
export function asUser(context: AuditContext, userId: string): AuditContext {
  return { ...context, actor: { type: 'user', id: userId } };
}

/** The request's actor (from the auth guard's team context, when it ran), address, user agent and request id. */
export function auditContextOf(request: Request): AuditContext {
  const caller = request.user;
  const actor: AuditActor = !caller
    ? { type: 'anonymous', id: null }
    : caller.sessionKind === 'api_token'
      ? { type: 'api_token', id: caller.userId, tokenId: caller.sessionId }
      : { type: 'user', id: caller.userId };
  const requestId = (request as Request & { id?: unknown }).id;
  return {
    actor,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    requestId: typeof requestId === 'string' ? requestId : null,
  };
}

/** The request's AuditContext, as a controller parameter. */
export const Audit = createParamDecorator((_data: unknown, context: ExecutionContext): AuditContext => auditContextOf(context.switchToHttp().getRequest<Request>()));
