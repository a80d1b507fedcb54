import type { CookieOptions, Request } from 'express';
import type { AuthSettings } from '../../config/auth.config.js';

export const SESSION_COOKIE = 'session';

/** The session cookie's attributes, the same for a password sign-in and a single sign-on. */
export function sessionCookieOptions(auth: AuthSettings): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: auth.secureCookies, path: '/', maxAge: auth.sessionTtlSeconds * 1000 };
}

/** Claims of the JWT given at login and of API tokens; `sid` names the session row. */
export interface SessionTokenClaims {
  sub: string;
  sid: string;
}

/** `Bearer <token>`: the scheme in any case, then one or more spaces (RFC 9110, section 11.4). */
const BEARER = /^bearer +(\S+) *$/i;

/** The token from `Authorization: Bearer`, else from the session cookie. */
export function extractSessionToken(request: Request): string | null {
  const header = request.headers.authorization;
  if (header) return BEARER.exec(header)?.[1] ?? null;
  return sessionCookie(request);
}

/**
 * Whether the session cookie is the request's credential. A browser attaches it to requests any
 * page makes (a form on another site included); an Authorization header only code that holds it sends.
 */
export function authenticatesWithCookie(request: Request): boolean {
  return !request.headers.authorization && sessionCookie(request) !== null;
}

function sessionCookie(request: Request): string | null {
  const cookies = request.cookies as Record<string, string> | undefined;
  return cookies?.[SESSION_COOKIE] ?? null;
}
