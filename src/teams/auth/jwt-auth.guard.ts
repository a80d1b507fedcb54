import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { Request } from 'express';
import { IS_PUBLIC } from '../../common/public.decorator.js';
import { extractSessionToken, type SessionTokenClaims } from './session-token.js';
import { SessionsService } from './sessions.service.js';

/**
 * The global guard: every route needs a valid session unless it is marked @Public(). The session
 * JWT (Bearer header, else the session cookie) must verify (HS256, not expired), and its session
 * must resolve (not revoked, not expired, still a member of its team); its team context is then
 * the request's `user`. Verified here rather than through passport, whose per-request machinery
 * (a strategy instance per request, callbacks, request augmentation) cost more than the checks.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const token = extractSessionToken(request);
    const claims = token === null ? null : this.verifiedClaims(token);
    // Revoked, expired or unknown sessions resolve to null.
    const team = claims && token ? await this.sessions.resolve(claims.sid, claims.sub, token) : null;
    if (!team) throw new UnauthorizedException('Authentication required');
    request.user = team;
    return true;
  }

  /** The token's claims when its signature and expiry hold and it names a session and a user. */
  private verifiedClaims(token: string): SessionTokenClaims | null {
    let claims: unknown;
    try {
      claims = this.jwt.verify<object>(token);
    } catch {
      return null;
    }
    const { sid, sub } = claims as Partial<SessionTokenClaims>;
    return typeof sid === 'string' && typeof sub === 'string' ? { sid, sub } : null;
  }
}
