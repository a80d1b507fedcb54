import { SetMetadata } from '@nestjs/common';

/**
 * `plan`: per team, the limit of the team's plan. `login-ip`: sign-ups per client address (sign-ins
 * are throttled by LoginThrottleGuard).
 */
export const RATE_LIMITERS = ['plan', 'login-ip'] as const;
export type RateLimiter = (typeof RATE_LIMITERS)[number];

export const RATE_LIMITED_BY = 'rateLimitedBy';

/** Applies the named limiters to a route; routes without it are not counted. */
export const RateLimit = (...limiters: RateLimiter[]) => SetMetadata(RATE_LIMITED_BY, limiters);

/** The team's plan limit (DESIGN: free 20, pro 120, enterprise 600 per minute). */
export const PlanRateLimit = () => RateLimit('plan');
