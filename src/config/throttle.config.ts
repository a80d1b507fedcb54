import type { EnvironmentVariables } from './env.validation.js';
import type { Plan } from '../teams/plans.js';

export interface ThrottleSettings {
  /** Shared store for rate-limit counters and live streams across instances; unset means in memory. */
  redisUrl?: string;
  /** How long a finished live stream (a chat reply, a run's events) can still be replayed. */
  liveStreamTtlSeconds: number;
  windowSeconds: number;
  planLimits: Record<Plan, number>;
  login: {
    /** Sign-ups per address per window. */
    perIp: number;
    /** Failed sign-ins per address per window, across emails. */
    failuresPerIp: number;
    windowSeconds: number;
    /** Sign-in attempts per email and address before each further one waits. */
    freeAttempts: number;
    /** The first wait; it doubles with each further attempt, up to the maximum. */
    delaySeconds: number;
    maxDelaySeconds: number;
  };
}

export function throttleSettings(env: EnvironmentVariables): ThrottleSettings {
  return {
    redisUrl: env.REDIS_URL,
    liveStreamTtlSeconds: env.LIVE_STREAM_TTL_SECONDS ?? 300,
    windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS ?? 60,
    planLimits: {
      free: env.RATE_LIMIT_FREE ?? 20,
      pro: env.RATE_LIMIT_PRO ?? 120,
      enterprise: env.RATE_LIMIT_ENTERPRISE ?? 600,
    },
    login: {
      perIp: env.LOGIN_RATE_LIMIT_PER_IP ?? 30,
      failuresPerIp: env.LOGIN_FAILURES_PER_IP ?? 100,
      windowSeconds: env.LOGIN_RATE_LIMIT_WINDOW_SECONDS ?? 15 * 60,
      freeAttempts: env.LOGIN_FREE_ATTEMPTS ?? 5,
      delaySeconds: env.LOGIN_DELAY_SECONDS ?? 30,
      maxDelaySeconds: env.LOGIN_MAX_DELAY_SECONDS ?? 15 * 60,
    },
  };
}
