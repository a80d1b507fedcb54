import type { EnvironmentVariables } from './env.validation.js';
import type { Plan } from '../teams/plans.js';

export interface ThrottleSettings {
  /** Shared store for rate-limit counters and live streams across instances; unset means in memory. */
  redisUrl?: string;
  /** How long a finished live stream (a chat reply, a run's events) can still be replayed. */
  liveStreamTtlSeconds: number;
  windowSeconds: number;
  planLimits: Record<Plan, number>;
  login: { perIp: number; perEmail: number; windowSeconds: number };
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
      perEmail: env.LOGIN_RATE_LIMIT_PER_EMAIL ?? 10,
      windowSeconds: env.LOGIN_RATE_LIMIT_WINDOW_SECONDS ?? 15 * 60,
    },
  };
}
