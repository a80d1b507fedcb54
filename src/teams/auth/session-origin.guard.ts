import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { AppConfig } from '../../config/configuration.js';
import { hasCredentialInRequest } from '../../http/credential-in-request.decorator.js';
import { isSafeMethod } from '../../http/safe-methods.js';
import { authenticatesWithCookie } from './session-token.js';

/**
 * Cross-site request forgery: a write (any method but GET, HEAD, OPTIONS) that the session cookie
 * authenticates must come from this service's own pages, by the `Origin` header, else the
 * `Referer`'s origin: PUBLIC_URL's or FRONTEND_URL's. One that names no origin is refused too
 * (browsers send Origin with every such request). A write without any session (sign-in, sign-up)
 * is refused only when it names a foreign origin, so no page can sign a visitor into an account
 * of its choosing while API clients keep working. Bearer requests are not checked: no page can make
 * a browser send that header. Routes with their credential in the request are not checked either.
 * Registered before authentication, so a refused request reads no session and counts against no limit.
 */
@Injectable()
export class SessionOriginGuard implements CanActivate {
  private readonly allowedOrigins: ReadonlySet<string>;
  private readonly foreignOrigin: string;

  constructor(
    config: ConfigService<AppConfig, true>,
    private readonly reflector: Reflector,
  ) {
    const { publicUrl, frontendUrl } = config.get('app', { infer: true });
    this.allowedOrigins = new Set([new URL(publicUrl).origin, new URL(frontendUrl).origin]);
    this.foreignOrigin = `Cross-site request refused: this service accepts writes only from its own pages (${[...this.allowedOrigins].join(' or ')})`;
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (isSafeMethod(request.method) || request.headers.authorization || hasCredentialInRequest(this.reflector, context)) return true;
    const origin = originOf(request);
    if (origin === undefined) {
      if (!authenticatesWithCookie(request)) return true;
      throw new ForbiddenException(
        'Cross-site request refused: a request signed in with the session cookie must carry an Origin or Referer header from this ' +
          "service's pages; API clients use an Authorization: Bearer token",
      );
    }
    if (!this.allowedOrigins.has(origin)) throw new ForbiddenException(this.foreignOrigin);
    return true;
  }
}

/**
 * The origin the request names: its `Origin` header, else its `Referer`'s origin; undefined when
 * it sends neither. A value that is not a URL (`Origin: null` from a sandboxed frame, say) names
 * an opaque origin, which is never allowed.
 */
function originOf(request: Request): string | undefined {
  const named = request.headers.origin ?? request.headers.referer;
  if (named === undefined) return undefined;
  try {
    return new URL(named).origin;
  } catch {
    return 'null';
  }
}
