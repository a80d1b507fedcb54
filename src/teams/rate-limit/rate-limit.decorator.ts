import { SetMetadata } from '@nestjs/common';

/**
 * `plan`: per team, the router limit of the team's plan; `plan-user`: the same number per user,
 * across all of the user's teams (a user who makes more teams gets no more). `workflow-plans` and
 * `run-starts`: per team and hour, the plan's quotas of new workflows and run starts. `login-ip`:
 * sign-ups per client address (sign-ins are throttled by LoginThrottleGuard). `password-change`:
 * password changes per user, so a stolen session cannot guess the current password.
 * `password-reset-ip` and `password-reset-email`: password reset requests per client address and
 * per email address asked for (mails are held to one per interval apart from this). `scim`: SCIM
 * calls per bearer token (SCIM_REQUESTS_PER_MINUTE).
 */
export const RATE_LIMITERS = [
  'plan',
  'plan-user',
  'workflow-plans',
  'run-starts',
  'login-ip',
  'password-change',
  'password-reset-ip',
  'password-reset-email',
  'scim',
] as const;
export type RateLimiter = (typeof RATE_LIMITERS)[number];

export const RATE_LIMITED_BY = 'rateLimitedBy';

/** Applies the named limiters to a route; routes without it are not counted. */
export const RateLimit = (...limiters: RateLimiter[]) => SetMetadata(RATE_LIMITED_BY, limiters);

/** The team's plan limit (DESIGN: free 20, pro 120, enterprise 600 per minute), and the user's. */
export const PlanRateLimit = () => RateLimit('plan', 'plan-user');

/** A new workflow: a planner call and a mail. */
export const WorkflowPlanQuota = () => RateLimit('workflow-plans');

/** A run start; scheduled starts count too (PlanQuotaService). */
export const RunStartQuota = () => RateLimit('run-starts');
