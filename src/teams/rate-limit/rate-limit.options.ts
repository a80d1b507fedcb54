import { createHash } from 'node:crypto';
import type { ExecutionContext } from '@nestjs/common';
import type { ThrottlerModuleOptions, ThrottlerOptions, ThrottlerStorage } from '@nestjs/throttler';
import type { Request } from 'express';
import type { LoginSettings } from '../../config/login.config.js';
import type { PlanSettings } from '../../config/plans.config.js';
import { clientAddressKey } from '../auth/login-throttle/client-address.js';
import { normalizedEmail } from '../auth/login-throttle/login-throttle.service.js';
import type { TeamContext } from '../auth/team-context.js';
import { RATE_LIMITED_BY, type RateLimiter } from './rate-limit.decorator.js';

function appliesTo(context: ExecutionContext, limiter: RateLimiter): boolean {
  const limiters = Reflect.getMetadata(RATE_LIMITED_BY, context.getHandler()) as RateLimiter[] | undefined;
  return limiters?.includes(limiter) ?? false;
}

function limiter(name: RateLimiter, options: Omit<ThrottlerOptions, 'name' | 'skipIf'>): ThrottlerOptions {
  return { name, skipIf: (context) => !appliesTo(context, name), ...options };
}

function requestOf(context: ExecutionContext): Request {
  return context.switchToHttp().getRequest<Request>();
}

function teamOf(context: ExecutionContext): TeamContext {
  return requestOf(context).user as TeamContext;
}

export const QUOTA_WINDOW_MS = 3_600_000;

/**
 * SCIM calls one bearer token may make a minute: an identity provider's full sync of a few thousand
 * users stays under it (Entra ID paces itself well below); a leaked token cannot hammer the database.
 * Counted per token, not per client address: a provider's calls come from many addresses (Entra ID,
 * Okta), and one address (a NAT, a shared egress) may carry several providers' tokens.
 */
export const SCIM_REQUESTS_PER_MINUTE = 600;

/** Password reset requests for one email address per sign-in window, whoever asks. */
export const PASSWORD_RESET_REQUESTS_PER_EMAIL = 5;

/** SHA-256 (hex), as keys of counters: emails are personal data, tokens secrets. */
function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * The SCIM token a request presents, by its SHA-256: what scim_tokens stores, so a live token's
 * counter is that token's. It is counted before the token is checked (ScimTokenGuard runs after the
 * global guards), so a refused call costs no lookup.
 */
function scimTokenOf(req: Request): string {
  const presented = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return presented ? digest(presented) : 'none';
}

/** The counter of a team's run starts, shared by the route's limiter and scheduled starts. */
export function runStartsKey(teamId: string): string {
  return `rate:run-starts:${teamId}`;
}

/**
 * Trackers carry the limiter's kind as a prefix, so counters of different limiters never
 * share a key and the guard can word its 429 message.
 */
export function rateLimitOptions(plans: PlanSettings, login: LoginSettings, storage: ThrottlerStorage): ThrottlerModuleOptions {
  const seconds = (value: number) => value * 1000;
  return {
    storage,
    setHeaders: false,
    throttlers: [
      limiter('plan', {
        ttl: seconds(plans.windowSeconds),
        limit: (context) => plans.requestsPerWindow[teamOf(context).plan],
        getTracker: (req) => `team:${(req.user as TeamContext).teamId}`,
        generateKey: (_context, tracker) => `rate:plan:${tracker}`,
      }),
      limiter('plan-user', {
        ttl: seconds(plans.windowSeconds),
        limit: (context) => plans.requestsPerWindow[teamOf(context).plan],
        getTracker: (req) => `user:${(req.user as TeamContext).userId}`,
        generateKey: (_context, tracker) => `rate:plan:${tracker}`,
      }),
      limiter('workflow-plans', {
        ttl: QUOTA_WINDOW_MS,
        limit: (context) => plans.workflowPlansPerHour[teamOf(context).plan],
        getTracker: (req) => `workflow-plans:${(req.user as TeamContext).teamId}`,
        generateKey: (_context, tracker) => `rate:${tracker}`,
      }),
      limiter('run-starts', {
        ttl: QUOTA_WINDOW_MS,
        limit: (context) => plans.runStartsPerHour[teamOf(context).plan],
        getTracker: (req) => `run-starts:${(req.user as TeamContext).teamId}`,
        generateKey: (context) => runStartsKey(teamOf(context).teamId),
      }),
      limiter('scim', {
        ttl: seconds(60),
        limit: SCIM_REQUESTS_PER_MINUTE,
        getTracker: (req) => `scim:${scimTokenOf(req as Request)}`,
        generateKey: (_context, tracker) => `rate:${tracker}`,
      }),
      limiter('login-ip', {
        ttl: seconds(login.windowSeconds),
        limit: login.perIp,
        // IPv6 by its /64, like the sign-in throttle: rotating within one is one address.
        getTracker: (req) => `ip:${clientAddressKey(typeof req.ip === 'string' ? req.ip : undefined)}`,
        generateKey: (_context, tracker) => `rate:login:${tracker}`,
      }),
      limiter('password-reset-ip', {
        ttl: seconds(login.windowSeconds),
        limit: login.perIp,
        getTracker: (req) => `password-reset-ip:${clientAddressKey(typeof req.ip === 'string' ? req.ip : undefined)}`,
        generateKey: (_context, tracker) => `rate:${tracker}`,
      }),
      limiter('password-reset-email', {
        ttl: seconds(login.windowSeconds),
        limit: PASSWORD_RESET_REQUESTS_PER_EMAIL,
        // Counted whether or not the address has an account, so a refusal tells nothing either.
        getTracker: (req) => {
          const email = (req.body as { email?: unknown } | undefined)?.email;
          return `password-reset-email:${digest(normalizedEmail(typeof email === 'string' ? email : ''))}`;
        },
        generateKey: (_context, tracker) => `rate:${tracker}`,
      }),
      limiter('password-change', {
        ttl: seconds(login.windowSeconds),
        limit: login.passwordChangeAttempts,
        getTracker: (req) => `password-change:${(req.user as TeamContext).userId}`,
        generateKey: (_context, tracker) => `rate:${tracker}`,
      }),
    ],
  };
}
