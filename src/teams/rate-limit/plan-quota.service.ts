import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { AppConfig } from '../../config/configuration.js';
import type { InvitationQuotas } from '../../config/invitations.config.js';
import type { PlanSettings } from '../../config/plans.config.js';
import { TooManyRequestsException } from '../../http/too-many-requests.exception.js';
import type { Plan } from '../../config/plans.js';
import type { TeamPlanLimits } from '../teams.response.js';
import { QUOTA_WINDOW_MS, runStartsKey } from './rate-limit.options.js';

const DAY_MS = 24 * QUOTA_WINDOW_MS;

/**
 * The plan quotas that are not a route's limiter: scheduled run starts, which come from no
 * request but count against the same hourly number as the `run-starts` limiter (one counter, in
 * the same store), and the plan's shortest schedule interval. Also what a plan allows in all,
 * read from the settings the limiters, the run executor and the budget read.
 */
@Injectable()
export class PlanQuotaService {
  private readonly quotas: PlanSettings;
  private readonly invitations: InvitationQuotas;

  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    config: ConfigService<AppConfig, true>,
  ) {
    this.quotas = config.get('plans', { infer: true });
    this.invitations = config.get('invitations', { infer: true });
  }

  /** The limits the plan sets. */
  limitsOf(plan: Plan): TeamPlanLimits {
    return {
      chatRequestsPerWindow: this.quotas.requestsPerWindow[plan],
      chatWindowSeconds: this.quotas.windowSeconds,
      workflowPlansPerHour: this.quotas.workflowPlansPerHour[plan],
      runStartsPerHour: this.quotas.runStartsPerHour[plan],
      minScheduleIntervalSeconds: this.quotas.minScheduleIntervalSeconds[plan],
      concurrentRuns: this.quotas.runConcurrency[plan],
      monthlyTokens: this.quotas.monthlyTokens[plan],
    };
  }

  /** Counts a run start of the team; false when the plan's hourly quota is used up. */
  async takeRunStart(teamId: string, plan: Plan): Promise<{ allowed: boolean; limit: number }> {
    const limit = this.quotas.runStartsPerHour[plan];
    const record = await this.storage.increment(runStartsKey(teamId), QUOTA_WINDOW_MS, limit, QUOTA_WINDOW_MS, 'run-starts');
    return { allowed: !record.isBlocked, limit };
  }

  /**
   * Counts an invitation mail of `inviterId` for `teamId`, or throws 429 (Retry-After) when the
   * team's or the inviter's hourly or daily number is used up. Every counter is taken, so a
   * refused attempt counts too (an account hammering the route gets no further).
   */
  async takeInvitation(teamId: string, inviterId: string): Promise<void> {
    const { perTeamPerHour, perTeamPerDay, perInviterPerHour, perInviterPerDay } = this.invitations;
    const counters = [
      { key: `rate:invitations:team:${teamId}:hour`, windowMs: QUOTA_WINDOW_MS, limit: perTeamPerHour, says: `This team may send ${perTeamPerHour} invitations per hour` },
      { key: `rate:invitations:team:${teamId}:day`, windowMs: DAY_MS, limit: perTeamPerDay, says: `This team may send ${perTeamPerDay} invitations per day` },
      { key: `rate:invitations:user:${inviterId}:hour`, windowMs: QUOTA_WINDOW_MS, limit: perInviterPerHour, says: `You may send ${perInviterPerHour} invitations per hour` },
      { key: `rate:invitations:user:${inviterId}:day`, windowMs: DAY_MS, limit: perInviterPerDay, says: `You may send ${perInviterPerDay} invitations per day` },
    ];
    const records = await Promise.all(
      counters.map(async (counter) => ({ ...counter, record: await this.storage.increment(counter.key, counter.windowMs, counter.limit, counter.windowMs, 'invitations') })),
    );
    const blocked = records.filter(({ record }) => record.isBlocked).sort((a, b) => b.record.timeToBlockExpire - a.record.timeToBlockExpire);
    if (blocked.length === 0) return;
    const seconds = Math.max(1, blocked[0].record.timeToBlockExpire);
    throw new TooManyRequestsException(`${blocked[0].says}; try again in ${seconds} s`, seconds, 'quota');
  }

  get invitationMailIntervalSeconds(): number {
    return this.invitations.mailIntervalSeconds;
  }

  minScheduleIntervalSeconds(plan: Plan): number {
    return this.quotas.minScheduleIntervalSeconds[plan];
  }

  get teamsPerUser(): number {
    return this.quotas.teamsPerUser;
  }
}
