import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC } from '../../common/public.decorator.js';
import { extractSessionToken } from './session-token.js';
import { SessionsService } from './sessions.service.js';

/**
 * The global guard: every route needs a valid session unless it is marked @Public(). The session
 * JWT (Bearer header, else the session cookie) must verify (HS256, not expired), and its session
 * must resolve (not revoked, not expired, still a member of its team: SessionsService.authenticate);
 * its team context is then the request's `user`. Verified here rather than through passport, whose per-request machinery
 * (a strategy instance per request, callbacks, request augmentation) cost more than the checks.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<Request>();
    // Revoked, expired or unknown sessions resolve to null.
    const team = await this.sessions.authenticate(extractSessionToken(request));
    if (!team) throw new UnauthorizedException('Authentication required');
    request.user = team;
    return true;
  }
}
