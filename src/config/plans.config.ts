import { integer, namespace, perPlan, type ValuesOf } from './environment.js';
import type { Plan } from './plans.js';

export const PLANS_VARIABLES = namespace('Plans: rate limits and quotas, per team (free, pro, enterprise)', {
  windowSeconds: integer({ name: 'RATE_LIMIT_WINDOW_SECONDS', default: 60, min: 1, doc: 'The window of the router rate limits below, in seconds.' }),
  requestsPerWindow: perPlan({
    name: 'RATE_LIMIT',
    defaults: { free: 20, pro: 120, enterprise: 600 },
    min: 1,
    doc: "Router requests per team per window; a user's requests across all their teams count against the same number.",
  }),
  workflowPlansPerHour: perPlan({
    name: 'WORKFLOW_PLANS_PER_HOUR',
    defaults: { free: 20, pro: 200, enterprise: 1000 },
    min: 1,
    doc: 'New workflows per team per hour (each asks the planner and sends a mail); over: 429 with Retry-After.',
  }),
  runStartsPerHour: perPlan({
    name: 'RUN_STARTS_PER_HOUR',
    defaults: { free: 60, pro: 600, enterprise: 6000 },
    min: 1,
    doc: 'Run starts per team per hour, by hand, retried or scheduled (a scheduled slot over it is recorded as skipped); over: 429 with Retry-After.',
  }),
  runConcurrency: perPlan({
    name: 'RUN_CONCURRENCY',
    defaults: { free: 2, pro: 4, enterprise: 8 },
    min: 1,
    max: 1000,
    doc:
      "Runs of one team executing at once, across all instances. A team's further runs wait in the queue without taking a worker, so each " +
      "instance's 16 run workers stay open to other teams: keep these below 16 for a single instance to stay fair.",
  }),
  minScheduleIntervalSeconds: perPlan({
    name: 'MIN_SCHEDULE_INTERVAL_SECONDS',
    defaults: { free: 300, pro: 60, enterprise: 1 },
    min: 1,
    max: 86_400,
    doc: 'The shortest time between two runs of a schedule, in seconds (by default only enterprise may schedule by the second); a schedule more frequent is a 400.',
  }),
  monthlyTokens: perPlan({
    name: 'MONTHLY_TOKENS',
    defaults: { free: 2_000_000, pro: 20_000_000, enterprise: 0 },
    min: 0,
    doc:
      'Input plus output tokens a team may use per calendar month (UTC), counted from the usage ledger (0: unlimited); at 80% the owners ' +
      'are mailed once, at 100% chat replies and workflow plans answer 402 and runs wait before their next step until the month turns or the ' +
      'budget is raised. An owner may set a lower budget for the team (PUT /api/teams/:id/budget).',
  }),
  teamsPerUser: integer({ name: 'TEAMS_PER_USER', default: 10, min: 1, max: 1000, doc: 'Teams a user may own, their personal team included.' }),
});

/** What each plan allows a team: the router's rate limit and the quotas on the work that costs. */
export interface PlanSettings {
  /** Router requests per window, per team and (across all of a user's teams) per user. */
  requestsPerWindow: Record<Plan, number>;
  windowSeconds: number;
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
  /** Input plus output tokens a team may use per calendar month (UTC); null is unlimited. */
  monthlyTokens: Record<Plan, number | null>;
  /** Teams a user may own (the personal one included). */
  teamsPerUser: number;
}

export function planSettings(values: ValuesOf<typeof PLANS_VARIABLES>): PlanSettings {
  const { free, pro, enterprise } = values.monthlyTokens;
  const unlimitedIfZero = (tokens: number) => (tokens === 0 ? null : tokens);
  return { ...values, monthlyTokens: { free: unlimitedIfZero(free), pro: unlimitedIfZero(pro), enterprise: unlimitedIfZero(enterprise) } };
}
