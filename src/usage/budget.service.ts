import { BadRequestException, HttpException, HttpStatus, Injectable, Logger, NotFoundException, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuditContext } from '../audit-events/audit-context.js';
import { AuditService } from '../audit-events/audit.service.js';
import { WebhookOutboxService } from '../webhook-events/webhook-outbox.service.js';
import type { AppConfig } from '../config/configuration.js';
import { DatabaseClock } from '../database/database-clock.js';
import { MailService } from '../mail/mail.service.js';
import { Membership } from '../teams/entities/membership.entity.js';
import { lockTeamFor, requireOwner } from '../teams/membership-rules.js';
import type { Plan } from '../config/plans.js';
import { BUDGET_EXEMPT_MODEL_ID } from './budget-counted.js';
import { renderBudgetMail } from './budget-mail.js';
import type { TeamBudgetResponse } from './budget.response.js';
import { UsageLedger } from './usage-ledger.service.js';
import { utcMonthOf } from './utc-month.js';

/** How old a team's figures may get before a check reads them again (in the background): other instances' usage, a changed plan. */
const REFRESH_MS = 10_000;
/** Teams not checked for this long are forgotten (read again when next checked). */
const IDLE_MS = 10 * 60_000;
/** How often expired reservations (of instances that died) are deleted; they stop counting when they expire, deleted or not. */
const SWEEP_MS = 60_000;
/** The share of the budget at which the owners are mailed. */
const ALERT_SHARE = 0.8;

/** A team's budget this month, as this instance knows it. */
interface TeamBudget {
  plan: Plan | null;
  planLimit: number | null;
  teamLimit: number | null;
  /** The lower of the two; null: unlimited. */
  limit: number | null;
  /** Tokens used this month: the table's sum when read, plus what this instance recorded since. */
  used: number;
  monthStart: Date;
  resetsAt: Date;
  /** The 80% mail of this month went out (or is going out from here). */
  alerted: boolean;
  loadedAt: number;
  checkedAt: number;
}

interface BudgetRow {
  plan: Plan;
  team_limit: string | null;
  alerted: boolean;
  used: string;
}

interface OwnerRow {
  team_name: string;
  email: string;
}

/** What a reply or run step under way holds of its team's budget; `release` when it ends, however it ends (once is enough). */
export interface TokenReservation {
  release(): void;
}

const NO_RESERVATION: TokenReservation = { release: () => undefined };

interface ReservationRow {
  plan: Plan;
  team_limit: string | null;
  used: string;
  reserved: string;
}

/** 402: the team's monthly token budget is used up (429 stays for rates). */
export class BudgetExhaustedException extends HttpException {
  constructor(limit: number, resetsAt: Date) {
    super(`The team's monthly token budget (${limit} tokens) is used up; it resets on ${resetsAt.toISOString().slice(0, 10)}`, HttpStatus.PAYMENT_REQUIRED);
  }
}

/**
 * Monthly token budgets: the plan's (MONTHLY_TOKENS_*) and the owner's own below it, spent by every
 * model but the offline one (budget-counted.ts). Checked before
 * each chat reply, workflow plan and run step from memory: each team's month-to-date usage is read
 * from the ledger's table once, then counted up as the ledger records this instance's calls, and
 * read again in the background when older than REFRESH_MS (other instances' calls). Crossing 80%
 * mails the owners once a month.
 */
@Injectable()
export class BudgetService implements OnApplicationShutdown {
  private readonly logger = new Logger(BudgetService.name);
  private readonly budgets = new Map<string, TeamBudget>();
  private readonly loading = new Map<string, Promise<TeamBudget>>();
  private readonly planLimits: Record<Plan, number | null>;
  private readonly reservationSeconds: number;
  private readonly timer: NodeJS.Timeout;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: UsageLedger,
    private readonly mail: MailService,
    private readonly databaseClock: DatabaseClock,
    private readonly audit: AuditService,
    private readonly webhooks: WebhookOutboxService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.planLimits = config.get('plans', { infer: true }).monthlyTokens;
    this.reservationSeconds = config.get('llm', { infer: true }).budgetReservationSeconds;
    ledger.onRecorded((teamId, tokens) => this.recorded(teamId, tokens));
    this.timer = setInterval(() => this.forgetIdle(), IDLE_MS).unref();
    this.sweeper = setInterval(() => this.sweepExpired(), SWEEP_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    clearInterval(this.sweeper);
  }

  /**
   * Admits a reply or run step of `estimate` tokens (its prompt plus its output cap), or throws the
   * 402. A team known here to be at its limit is refused from memory; otherwise, for a team with a
   * limit, the estimate is reserved in PostgreSQL under a lock per team, which every instance
   * shares: admitted while what the month used (the ledger's written rows) plus what is reserved
   * and not expired stays below the limit. So concurrent replies pass the limit by at most one
   * reservation. The reservation counts until `release` has let the ledger write the call's usage
   * (then the usage counts instead), or until it expires (its instance died). `budgetExempt`: every
   * model the call may use spends no budget (the offline model): nothing is reserved.
   */
  async reserve(teamId: string, estimate: number, budgetExempt = false): Promise<TokenReservation> {
    if (budgetExempt) return NO_RESERVATION;
    const budget = await this.current(teamId);
    if (budget.limit === null) return NO_RESERVATION;
    if (budget.used >= budget.limit) throw new BudgetExhaustedException(budget.limit, budget.resetsAt);
    const tokens = Math.max(1, Math.min(Math.ceil(estimate), 2_000_000_000));
    const id = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('token-budget:' || $1, 0))`, [teamId]);
      const [row] = await manager.query<ReservationRow[]>(
        `SELECT t.plan, t.monthly_token_budget::text AS team_limit,
                (SELECT coalesce(sum(u.input_tokens + u.output_tokens), 0)::text FROM usage_records u
                  WHERE u.team_id = t.id AND u.created_at >= $2 AND u.model_id <> $3) AS used,
                (SELECT coalesce(sum(r.tokens), 0)::text FROM token_reservations r
                  WHERE r.team_id = t.id AND r.expires_at > now()) AS reserved
           FROM teams t WHERE t.id = $1`,
        [teamId, budget.monthStart.toISOString(), BUDGET_EXEMPT_MODEL_ID],
      );
      // A deleted team makes no more calls.
      if (!row) return null;
      const limit = lowest(this.planLimits[row.plan], row.team_limit ? Number(row.team_limit) : null);
      if (limit === null) return null;
      if (Number(row.used) + Number(row.reserved) >= limit) throw new BudgetExhaustedException(limit, budget.resetsAt);
      const [reservation] = await manager.query<{ id: string }[]>(
        `INSERT INTO token_reservations (team_id, tokens, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3)) RETURNING id::text AS id`,
        [teamId, tokens, this.reservationSeconds],
      );
      return reservation.id;
    });
    if (id === null) return NO_RESERVATION;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.ledger.settle(id);
      },
    };
  }

  /** 402 when the team's budget is used up; nothing to wait for in the usual case (memory). */
  async assertAvailable(teamId: string): Promise<void> {
    const refusal = await this.refusal(teamId);
    if (refusal) throw refusal;
  }

  /** What a model call of the team would be refused with now, or null. `fresh`: read the database first. */
  async refusal(teamId: string, fresh = false): Promise<BudgetExhaustedException | null> {
    const budget = fresh ? await this.load(teamId) : await this.current(teamId);
    return budget.limit !== null && budget.used >= budget.limit ? new BudgetExhaustedException(budget.limit, budget.resetsAt) : null;
  }

  /** GET /api/teams/:id/budget: for any member of the team. */
  async describe(userId: string, teamId: string): Promise<TeamBudgetResponse> {
    if (!(await this.dataSource.manager.existsBy(Membership, { teamId, userId }))) throw new NotFoundException('Team not found');
    return responseOf(await this.load(teamId));
  }

  /** PUT /api/teams/:id/budget: owners only; at most the plan's; null clears it. Applies at once here, within REFRESH_MS elsewhere. */
  async set(userId: string, teamId: string, monthlyTokens: number | null, audit: AuditContext): Promise<TeamBudgetResponse> {
    await this.dataSource.transaction(async (manager) => {
      requireOwner(await lockTeamFor(manager, teamId, userId), "Only the team's owners set its budget");
      const planLimit = this.planLimits[await planOf(manager, teamId)];
      if (monthlyTokens !== null && planLimit !== null && monthlyTokens > planLimit) {
        throw new BadRequestException(`monthlyTokens may be at most the plan's ${planLimit} tokens a month`);
      }
      // The team row is locked (lockTeamFor): the value read is the one replaced.
      const [{ before }] = await manager.query<{ before: string | null }[]>('SELECT monthly_token_budget AS before FROM teams WHERE id = $1', [teamId]);
      await manager.query('UPDATE teams SET monthly_token_budget = $2 WHERE id = $1', [teamId, monthlyTokens]);
      await this.audit.record(manager, audit, {
        teamId,
        action: 'budget.changed',
        target: { type: 'team', id: teamId },
        changes: { monthlyTokens: { before: before === null ? null : Number(before), after: monthlyTokens } },
      });
    });
    return responseOf(await this.load(teamId));
  }

  private current(teamId: string): Promise<TeamBudget> | TeamBudget {
    const known = this.budgets.get(teamId);
    const now = Date.now();
    if (!known || this.monthEnded(known)) return this.load(teamId);
    known.checkedAt = now;
    if (now - known.loadedAt > REFRESH_MS) {
      this.load(teamId).catch((error: unknown) => this.logger.warn(`Could not read the budget of team ${teamId}: ${String(error)}`));
    }
    return known;
  }

  /** Reads the team's budget and month-to-date usage; one read per team at a time. */
  private load(teamId: string): Promise<TeamBudget> {
    let loading = this.loading.get(teamId);
    if (!loading) {
      loading = this.read(teamId).finally(() => this.loading.delete(teamId));
      this.loading.set(teamId, loading);
    }
    return loading;
  }

  /**
   * The month is the database's: the usage rows' times are its (see UsageLedger), and an instance
   * whose clock is minutes off must not count a call made near a month's end in the other month.
   */
  private async read(teamId: string): Promise<TeamBudget> {
    const { start: monthStart, end: resetsAt } = utcMonthOf(await this.databaseClock.now());
    const [row] = await this.dataSource.query<BudgetRow[]>(
      `SELECT t.plan, t.monthly_token_budget::text AS team_limit, coalesce(t.budget_alert_month = $3::date, false) AS alerted,
              (SELECT coalesce(sum(u.input_tokens + u.output_tokens), 0)::text FROM usage_records u
                WHERE u.team_id = t.id AND u.created_at >= $2 AND u.model_id <> $4) AS used
         FROM teams t WHERE t.id = $1`,
      [teamId, monthStart.toISOString(), monthStart.toISOString().slice(0, 10), BUDGET_EXEMPT_MODEL_ID],
    );
    // A deleted team makes no more calls; nothing to limit.
    const plan = row?.plan ?? null;
    const planLimit = plan ? this.planLimits[plan] : null;
    const teamLimit = row?.team_limit ? Number(row.team_limit) : null;
    const budget: TeamBudget = {
      plan,
      planLimit,
      teamLimit,
      limit: lowest(planLimit, teamLimit),
      used: Number(row?.used ?? 0) + this.ledger.unwrittenBudgetTokens(teamId, monthStart),
      monthStart,
      resetsAt,
      alerted: row?.alerted ?? false,
      loadedAt: Date.now(),
      checkedAt: this.budgets.get(teamId)?.checkedAt ?? Date.now(),
    };
    this.budgets.set(teamId, budget);
    return budget;
  }

  /** A call the ledger recorded: counted, and the owners mailed when it takes the team past 80%. */
  private recorded(teamId: string, tokens: number): void {
    const budget = this.budgets.get(teamId);
    // Not known here (or last month's): the next check reads the table, this call included.
    if (!budget || this.monthEnded(budget)) return;
    budget.used += tokens;
    if (budget.limit === null || budget.alerted || budget.used < budget.limit * ALERT_SHARE) return;
    budget.alerted = true;
    this.alert(teamId, budget).catch((error: unknown) => {
      budget.alerted = false;
      this.logger.warn(`Could not queue the budget mail of team ${teamId}: ${String(error)}`);
    });
  }

  /**
   * Claims the month's mail on the team row (so one instance sends it, once) and queues a mail to
   * each owner in the same transaction: claimed and queued together, or neither.
   */
  private async alert(teamId: string, budget: TeamBudget): Promise<void> {
    const limit = budget.limit;
    if (limit === null) return;
    await this.dataSource.transaction(async (manager) => {
      const owners = await manager.query<OwnerRow[]>(
        `WITH claimed AS (
           UPDATE teams SET budget_alert_month = $2::date WHERE id = $1 AND budget_alert_month IS DISTINCT FROM $2::date RETURNING id, name)
         SELECT c.name AS team_name, u.email FROM claimed c
           JOIN memberships m ON m.team_id = c.id AND m.role = 'owner'
           JOIN users u ON u.id = m.user_id`,
        [teamId, budget.monthStart.toISOString().slice(0, 10)],
      );
      for (const owner of owners) {
        const { subject, html, text } = renderBudgetMail({ teamName: owner.team_name, used: budget.used, limit, resetsAt: budget.resetsAt });
        await this.mail.send({ to: owner.email, subject, html, text, teamId }, manager);
      }
      // Claimed here, by this transaction: the event goes out once a month, with the mails.
      if (owners.length > 0) {
        await this.webhooks.emit(manager, teamId, 'budget.threshold', { percent: ALERT_SHARE * 100, used: budget.used, limit, resetsAt: budget.resetsAt.toISOString() });
      }
    });
  }

  /** Whether the budget's month is over by the database's clock (estimated: no round trip). */
  private monthEnded(budget: TeamBudget): boolean {
    return this.databaseClock.estimate() >= budget.resetsAt;
  }

  private sweepExpired(): void {
    this.dataSource.query('DELETE FROM token_reservations WHERE expires_at <= now()').catch((error: unknown) => {
      this.logger.warn(`Could not delete expired budget reservations: ${String(error)}`);
    });
  }

  private forgetIdle(): void {
    const cutoff = Date.now() - IDLE_MS;
    for (const [teamId, budget] of this.budgets) if (budget.checkedAt < cutoff) this.budgets.delete(teamId);
  }
}

async function planOf(manager: EntityManager, teamId: string): Promise<Plan> {
  const [row] = await manager.query<{ plan: Plan }[]>('SELECT plan FROM teams WHERE id = $1', [teamId]);
  return row.plan;
}

function lowest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.min(a, b);
}

function responseOf(budget: TeamBudget): TeamBudgetResponse {
  if (!budget.plan) throw new NotFoundException('Team not found');
  return {
    plan: budget.plan,
    planMonthlyTokens: budget.planLimit,
    teamMonthlyTokens: budget.teamLimit,
    monthlyTokens: budget.limit,
    used: budget.used,
    percent: budget.limit === null ? null : Math.round((budget.used / budget.limit) * 1000) / 10,
    resetsAt: budget.resetsAt.toISOString(),
  };
}
