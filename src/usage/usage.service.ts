import { BadRequestException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { AppConfig } from '../config/configuration.js';
import type { ModelPrices } from '../config/model-prices.js';
import { DatabaseClock } from '../database/database-clock.js';
import { MANAGERS } from '../teams/membership-rules.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import type { UsageGrouping, UsageQueryDto } from './dto/usage-query.dto.js';
import { UsageRecord } from './entities/usage-record.entity.js';
import { type ModelFigures, type PricedFigures, priceFigures } from './usage-cost.js';
import type { UsageReportResponse, UsageRow } from './usage.response.js';
import { utcMonthOf } from './utc-month.js';

const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

/** The group key of each grouping, in SQL over the table's columns. */
const GROUP_KEYS: Record<UsageGrouping, string> = {
  day: `to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
  model: 'u.model_id',
  user: 'u.user_id::text',
  workflow: 'u.workflow_id::text',
};

interface GroupRow {
  key: string | null;
  modelId: string;
  inputTokens: string;
  outputTokens: string;
  calls: string;
  images: string;
}

/** Reads the usage ledger: a team's report by day, model, user or workflow, and a run's totals. */
@Injectable()
export class UsageService {
  private readonly prices: ModelPrices;

  constructor(
    @InjectRepository(UsageRecord) private readonly records: Repository<UsageRecord>,
    private readonly databaseClock: DatabaseClock,
    config: ConfigService<AppConfig, true>,
  ) {
    this.prices = config.get('llm', { infer: true }).modelPrices;
  }

  /** GET /api/usage: owners and admins see the team's usage, members their own. */
  async report(team: TeamContext, query: UsageQueryDto): Promise<UsageReportResponse> {
    const { from, to } = await this.range(query);
    const scope = MANAGERS.includes(team.role) ? 'team' : 'own';
    const builder = this.records
      .createQueryBuilder('u')
      .select(GROUP_KEYS[query.groupBy], 'key')
      .addSelect('u.modelId', 'modelId')
      .addSelect('SUM(u.inputTokens)', 'inputTokens')
      .addSelect('SUM(u.outputTokens)', 'outputTokens')
      .addSelect('COUNT(*)', 'calls')
      .addSelect('SUM(u.images)', 'images')
      .where('u.teamId = :teamId', { teamId: team.teamId })
      .andWhere('u.createdAt >= :from AND u.createdAt < :to', { from, to })
      .groupBy('1')
      .addGroupBy('2');
    if (scope === 'own') builder.andWhere('u.userId = :userId', { userId: team.userId });
    const groups = await builder.getRawMany<GroupRow>();

    const byKey = new Map<string | null, ModelFigures[]>();
    for (const group of groups) byKey.set(group.key, [...(byKey.get(group.key) ?? []), figuresOf(group)]);
    const rows: UsageRow[] = [...byKey].map(([key, figures]) => ({ key, ...priceFigures(figures, this.prices) }));
    rows.sort(query.groupBy === 'day' ? (a, b) => (a.key ?? '').localeCompare(b.key ?? '') : (a, b) => b.inputTokens + b.outputTokens - (a.inputTokens + a.outputTokens));
    return {
      scope,
      from: from.toISOString(),
      to: to.toISOString(),
      groupBy: query.groupBy,
      rows,
      totals: priceFigures(groups.map(figuresOf), this.prices),
    };
  }

  /** The range a usage query asks for, [from, to), as the report reads it (GET /api/usage/feedback reads the same). */
  async range(query: Pick<UsageQueryDto, 'from' | 'to'>): Promise<{ from: Date; to: Date }> {
    return rangeOf(query, await this.databaseClock.now());
  }

  /**
   * What a run's model calls used. Rows reach the ledger within about a second of each call, so a
   * run that has just finished may miss its last call for that long.
   */
  async ofRun(teamId: string, runId: number): Promise<PricedFigures> {
    const groups = await this.records
      .createQueryBuilder('u')
      .select('u.modelId', 'modelId')
      .addSelect('SUM(u.inputTokens)', 'inputTokens')
      .addSelect('SUM(u.outputTokens)', 'outputTokens')
      .addSelect('COUNT(*)', 'calls')
      .addSelect('SUM(u.images)', 'images')
      .where('u.runId = :runId AND u.teamId = :teamId', { runId, teamId })
      .groupBy('u.modelId')
      .getRawMany<Omit<GroupRow, 'key'>>();
    return priceFigures(groups.map(figuresOf), this.prices);
  }
}

function figuresOf(group: Omit<GroupRow, 'key'>): ModelFigures {
  // Sums of integer columns come back as bigint strings.
  return { modelId: group.modelId, inputTokens: Number(group.inputTokens), outputTokens: Number(group.outputTokens), calls: Number(group.calls), images: Number(group.images) };
}

/** The query's range, [from, to): by default the current UTC month by the database's clock. */
function rangeOf(query: Pick<UsageQueryDto, 'from' | 'to'>, now: Date): { from: Date; to: Date } {
  const month = utcMonthOf(now);
  const from = query.from ? new Date(query.from) : month.start;
  const to = query.to ? new Date(query.to) : month.end;
  if (from >= to) throw new BadRequestException('from must be before to');
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) throw new BadRequestException(`from and to may be at most ${MAX_RANGE_DAYS} days apart`);
  return { from, to };
}
