import { DEFAULT_MAX_CONNECTIONS } from './app.config.js';
import { type EnvironmentVariables, InvalidEnvironmentError } from './env.validation.js';
import type { Plan } from './plans.js';

export interface ThrottleSettings {
  /** Shared store for rate-limit counters and live streams across instances; unset means in memory. */
  redisUrl?: string;
  /** How long a Redis command may take, queued while reconnecting included, before it fails (see src/redis). */
  redisCommandTimeoutMs: number;
  /** How long a finished live stream (a chat reply, a run's events) can still be replayed. */
  liveStreamTtlSeconds: number;
  /** Long-lived responses (chat replies, resumes, run events, /v1 completions) open at once, on this instance. */
  openStreams: OpenStreamCaps;
  windowSeconds: number;
  /** Router requests per window, per team and (across all of a user's teams) per user. */
  planLimits: Record<Plan, number>;
  quotas: PlanQuotas;
  invitations: InvitationQuotas;
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
    /** Attempts on one account from addresses it never signed in from, across all, before each sets an account-wide wait. */
    accountFreeAttempts: number;
    /** The first account-wide wait; it doubles up to the maximum, which bounds what the owner at a new address may wait. */
    accountDelaySeconds: number;
    accountMaxDelaySeconds: number;
    /** Password changes per user per window (a stolen session guessing the current password). */
    passwordChangeAttempts: number;
  };
}

export interface OpenStreamCaps {
  perUser: number;
  perTeam: number;
  perInstance: number;
}

/**
 * Invitation mail, which goes from our sender to any address with names the inviter chose: new
 * invitations mailed per team and per inviter (across their teams), per hour and per day; and the
 * shortest time between two mails to one address from one team (re-invites within it mail nothing).
 */
export interface InvitationQuotas {
  perTeamPerHour: number;
  perTeamPerDay: number;
  perInviterPerHour: number;
  perInviterPerDay: number;
  mailIntervalSeconds: number;
}

/** Limits on the work that costs: what a team's plan allows, and a user's share of it. */
export interface PlanQuotas {
  /** New workflows (each a planner call and a mail) per team per hour. */
  workflowPlansPerHour: Record<Plan, number>;
  /** Run starts (by hand, retried or scheduled) per team per hour. */
  runStartsPerHour: Record<Plan, number>;
  /**
   * Runs of a team executing at once, across all instances; its further runs wait in the queue
   * without taking a worker (see RunExecutorService).
   */
  runConcurrency: Record<Plan, number>;
  /** The shortest time between two runs a schedule may ask for; under 60 s is a seconds-level schedule. */
  minScheduleIntervalSeconds: Record<Plan, number>;
  /** Teams a user may own (the personal one included). */
  teamsPerUser: number;
}

export function throttleSettings(env: EnvironmentVariables): ThrottleSettings {
  return {
    redisUrl: env.REDIS_URL,
    redisCommandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS ?? 1000,
    liveStreamTtlSeconds: env.LIVE_STREAM_TTL_SECONDS ?? 300,
    openStreams: openStreamCaps(env),
    windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS ?? 60,
    planLimits: {
      free: env.RATE_LIMIT_FREE ?? 20,
      pro: env.RATE_LIMIT_PRO ?? 120,
      enterprise: env.RATE_LIMIT_ENTERPRISE ?? 600,
    },
    quotas: {
      workflowPlansPerHour: {
        free: env.WORKFLOW_PLANS_PER_HOUR_FREE ?? 20,
        pro: env.WORKFLOW_PLANS_PER_HOUR_PRO ?? 200,
        enterprise: env.WORKFLOW_PLANS_PER_HOUR_ENTERPRISE ?? 1000,
      },
      runStartsPerHour: {
        free: env.RUN_STARTS_PER_HOUR_FREE ?? 60,
        pro: env.RUN_STARTS_PER_HOUR_PRO ?? 600,
        enterprise: env.RUN_STARTS_PER_HOUR_ENTERPRISE ?? 6000,
      },
      runConcurrency: {
        free: env.RUN_CONCURRENCY_FREE ?? 2,
        pro: env.RUN_CONCURRENCY_PRO ?? 4,
        enterprise: env.RUN_CONCURRENCY_ENTERPRISE ?? 8,
      },
      minScheduleIntervalSeconds: {
        free: env.MIN_SCHEDULE_INTERVAL_SECONDS_FREE ?? 300,
        pro: env.MIN_SCHEDULE_INTERVAL_SECONDS_PRO ?? 60,
        enterprise: env.MIN_SCHEDULE_INTERVAL_SECONDS_ENTERPRISE ?? 1,
      },
      teamsPerUser: env.TEAMS_PER_USER ?? 10,
    },
    invitations: {
      perTeamPerHour: env.INVITATIONS_PER_TEAM_PER_HOUR ?? 20,
      perTeamPerDay: env.INVITATIONS_PER_TEAM_PER_DAY ?? 100,
      perInviterPerHour: env.INVITATIONS_PER_INVITER_PER_HOUR ?? 20,
      perInviterPerDay: env.INVITATIONS_PER_INVITER_PER_DAY ?? 100,
      mailIntervalSeconds: env.INVITATION_MAIL_INTERVAL_SECONDS ?? 3600,
    },
    login: {
      perIp: env.LOGIN_RATE_LIMIT_PER_IP ?? 30,
      failuresPerIp: env.LOGIN_FAILURES_PER_IP ?? 100,
      windowSeconds: env.LOGIN_RATE_LIMIT_WINDOW_SECONDS ?? 15 * 60,
      freeAttempts: env.LOGIN_FREE_ATTEMPTS ?? 5,
      delaySeconds: env.LOGIN_DELAY_SECONDS ?? 30,
      maxDelaySeconds: env.LOGIN_MAX_DELAY_SECONDS ?? 15 * 60,
      accountFreeAttempts: env.LOGIN_ACCOUNT_FREE_ATTEMPTS ?? 10,
      accountDelaySeconds: env.LOGIN_ACCOUNT_DELAY_SECONDS ?? 5,
      accountMaxDelaySeconds: env.LOGIN_ACCOUNT_MAX_DELAY_SECONDS ?? 60,
      passwordChangeAttempts: env.PASSWORD_CHANGE_ATTEMPTS ?? 5,
    },
  };
}

function openStreamCaps(env: EnvironmentVariables): OpenStreamCaps {
  const caps = { perUser: env.OPEN_STREAMS_PER_USER ?? 20, perTeam: env.OPEN_STREAMS_PER_TEAM ?? 200, perInstance: env.OPEN_STREAMS_PER_INSTANCE ?? 2_000 };
  const maxConnections = env.HTTP_MAX_CONNECTIONS ?? DEFAULT_MAX_CONNECTIONS;
  // Streams may take every connection otherwise, and the instance answers nothing else.
  if (caps.perInstance >= maxConnections) {
    throw new InvalidEnvironmentError('Invalid configuration:\n- OPEN_STREAMS_PER_INSTANCE must be less than HTTP_MAX_CONNECTIONS');
  }
  return caps;
}
