import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { AppConfig } from '../../config/configuration.js';
import type { PlanQuotas, ThrottleSettings } from '../../config/throttle.config.js';
import type { Plan } from '../plans.js';
import type { TeamPlanLimits } from '../teams.response.js';
import { QUOTA_WINDOW_MS, runStartsKey } from './rate-limit.options.js';

/**
 * The plan quotas that are not a route's limiter: scheduled run starts, which come from no
 * request but count against the same hourly number as the `run-starts` limiter (one counter, in
 * the same store), and the plan's shortest schedule interval. Also what a plan allows in all,
 * read from the settings the limiters, the run executor and the budget read.
 */
@Injectable()
export class PlanQuotaService {
  private readonly throttle: ThrottleSettings;
  private readonly quotas: PlanQuotas;
  private readonly monthlyTokens: Record<Plan, number | null>;

  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    config: ConfigService<AppConfig, true>,
  ) {
    this.throttle = config.get('throttle', { infer: true });
    this.quotas = this.throttle.quotas;
    this.monthlyTokens = config.get('llm', { infer: true }).monthlyTokens;
  }

  /** The limits the plan sets. */
  limitsOf(plan: Plan): TeamPlanLimits {
    return {
      chatRequestsPerWindow: this.throttle.planLimits[plan],
      chatWindowSeconds: this.throttle.windowSeconds,
      workflowPlansPerHour: this.quotas.workflowPlansPerHour[plan],
      runStartsPerHour: this.quotas.runStartsPerHour[plan],
      minScheduleIntervalSeconds: this.quotas.minScheduleIntervalSeconds[plan],
      concurrentRuns: this.quotas.runConcurrency[plan],
      monthlyTokens: this.monthlyTokens[plan],
    };
  }

  /** Counts a run start of the team; false when the plan's hourly quota is used up. */
  async takeRunStart(teamId: string, plan: Plan): Promise<{ allowed: boolean; limit: number }> {
    const limit = this.quotas.runStartsPerHour[plan];
    const record = await this.storage.increment(runStartsKey(teamId), QUOTA_WINDOW_MS, limit, QUOTA_WINDOW_MS, 'run-starts');
    return { allowed: !record.isBlocked, limit };
  }

  minScheduleIntervalSeconds(plan: Plan): number {
    return this.quotas.minScheduleIntervalSeconds[plan];
  }

  get teamsPerUser(): number {
    return this.quotas.teamsPerUser;
  }
}
