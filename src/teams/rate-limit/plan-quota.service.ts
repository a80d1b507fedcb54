import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { AppConfig } from '../../config/configuration.js';
import type { PlanQuotas } from '../../config/throttle.config.js';
import type { Plan } from '../plans.js';
import { QUOTA_WINDOW_MS, runStartsKey } from './rate-limit.options.js';

/**
 * The plan quotas that are not a route's limiter: scheduled run starts, which come from no
 * request but count against the same hourly number as the `run-starts` limiter (one counter, in
 * the same store), and the plan's shortest schedule interval.
 */
@Injectable()
export class PlanQuotaService {
  private readonly quotas: PlanQuotas;

  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    config: ConfigService<AppConfig, true>,
  ) {
    this.quotas = config.get('throttle', { infer: true }).quotas;
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
