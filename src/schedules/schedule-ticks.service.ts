import { setTimeout } from 'node:timers/promises';
import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, Repository } from 'typeorm';
import { SYSTEM_AUDIT } from '../audit-events/audit-context.js';
import { Metrics } from '../metrics/metrics.service.js';
import { WebhookOutboxService } from '../webhook-events/webhook-outbox.service.js';
import { ACTIVE_RUN_STATUSES, WorkflowRun } from '../workflow-runs/workflow-run.entity.js';
import { RunAbortRegistry } from '../runs/run-abort.registry.js';
import { RunStateService, type RunStateTransaction } from '../runs/run-state.service.js';
import { RunsService } from '../runs/runs.service.js';
import { ConcurrencyLimit } from '../common/concurrency-limit.js';
import { isDatabaseUnavailable } from '../database/database-errors.js';
import type { Plan } from '../config/plans.js';
import { PlanQuotaService } from '../teams/rate-limit/plan-quota.service.js';
import { TeamsService } from '../teams/teams.service.js';
import type { WorkflowStep } from '../workflows/entities/workflow-step.entity.js';
import type { Workflow } from '../workflows/entities/workflow.entity.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import { type FiringWorkflow, isFiring } from './firing-workflow.js';
import { nextSlot, parseSchedule, type Schedule, slotOf } from '../workflow-rules/schedule-slot.js';
import { ScheduleTick, type TickOutcome } from './schedule-tick.entity.js';

/**
 * How a slot was reached: its timer fired; or after an outage, by the missed-run policy, to be
 * run (`catch_up`) or recorded as missed.
 */
export type SlotArrival = 'timer' | 'catch_up' | 'missed';

/** A slot younger than this may still be decided by its own timer on another instance: not missed yet. */
export const MISSED_AFTER_MS = 60_000;
/** Counting the slots nobody reached stops here (a per-second schedule down for days). */
const MAX_COUNTED_MISSED = 10_000;
/** A manual start racing a slot's start, or a pool with no connection to spare, is tried again. */
const DECIDE_ATTEMPTS = 3;
/**
 * Slots one instance decides at once. A thousand workflows on the same minute queue here, a few
 * at a time, rather than all at once for the database pool, where most would time out.
 */
const CONCURRENT_DECISIONS = 8;

interface Decision {
  outcome: TickOutcome;
  runId?: number | null;
  detail?: string | null;
}

/**
 * Decides each slot of a workflow's schedule exactly once, across any number of instances: the
 * instance whose insert of (workflow, slot) wins decides it, in the transaction that starts its
 * run, so a slot has its run and its record together or neither. What a slot does when the
 * previous run is still going is the workflow's overlap policy; slots that fell while no
 * instance was up are found afterwards and handled by its missed-run policy. Every slot leaves a
 * record, so none is skipped silently.
 */
@Injectable()
export class ScheduleTicksService {
  private readonly logger = new Logger(ScheduleTicksService.name);
  private readonly decisions = new ConcurrencyLimit(CONCURRENT_DECISIONS);

  constructor(
    @InjectRepository(ScheduleTick) private readonly ticks: Repository<ScheduleTick>,
    private readonly workflows: WorkflowsService,
    private readonly runState: RunStateService,
    private readonly runs: RunsService,
    private readonly aborts: RunAbortRegistry,
    private readonly teams: TeamsService,
    private readonly quotas: PlanQuotaService,
    private readonly metrics: Metrics,
    private readonly webhooks: WebhookOutboxService,
  ) {}

  /** Decides `slot`; null when another instance decided it or the schedule no longer fires. */
  decide(workflowId: string, slot: Date, arrival: SlotArrival): Promise<ScheduleTick | null> {
    return this.decisions.run(() => this.decideWithRetries(workflowId, slot, arrival));
  }

  private async decideWithRetries(workflowId: string, slot: Date, arrival: SlotArrival): Promise<ScheduleTick | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.decideOnce(workflowId, slot, arrival);
      } catch (error) {
        if (attempt >= DECIDE_ATTEMPTS) throw error;
        // A manual start took the workflow's one active run between the check and the start.
        if (error instanceof ConflictException) continue;
        // The pool had no connection to spare in time (a burst of slots and runs at once), or the
        // database blinked: a moment later, before the slot is left to the missed-run policy.
        if (!isDatabaseUnavailable(error)) throw error;
        await setTimeout(attempt * 1000);
      }
    }
  }

  /**
   * After an outage (or at start-up), for each workflow: the latest slot nobody reached since the
   * last decided one, run when the missed-run policy is `run_once` and it is within the catch-up
   * window, otherwise recorded as missed. The slots before it are counted on its record. One
   * query for all of them; only a workflow with a missed slot costs more.
   */
  async catchUp(workflows: FiringWorkflow[], now: Date): Promise<void> {
    if (workflows.length === 0) return;
    const rows = await this.ticks.query<{ workflow_id: string; last: Date }[]>(
      'SELECT workflow_id, max(slot) AS last FROM schedule_ticks WHERE workflow_id = ANY($1::uuid[]) GROUP BY workflow_id',
      [workflows.map((workflow) => workflow.id)],
    );
    const lastSlots = new Map(rows.map((row) => [row.workflow_id, row.last]));
    const cutoff = new Date(now.getTime() - MISSED_AFTER_MS);
    for (const workflow of workflows) {
      const since = latestOf([lastSlots.get(workflow.id), workflow.scheduleSince, workflow.approvedAt]);
      const schedule = parseSchedule(workflow.schedule, workflow.timezone);
      const first = since ? nextSlot(schedule, since) : undefined;
      if (!first || first > cutoff) continue;
      const latest = slotOf(schedule, first, cutoff);
      const inWindow = now.getTime() - latest.getTime() <= workflow.catchUpWindowMinutes * 60_000;
      await this.decide(workflow.id, latest, workflow.missedRunPolicy === 'run_once' && inWindow ? 'catch_up' : 'missed');
    }
  }

  /** Starts the runs of queued slots whose previous run has ended. */
  async startQueued(): Promise<void> {
    const queued = await this.ticks.find({ where: { outcome: 'queued' }, order: { slot: 'ASC' } });
    for (const tick of queued) {
      await this.startQueuedTick(tick).catch((error: unknown) => {
        if (!(error instanceof ConflictException)) throw error;
      });
    }
  }

  /** The slots a workflow's schedule reached, newest first. */
  recent(workflowId: string, limit: number): Promise<ScheduleTick[]> {
    return this.ticks.find({ where: { workflowId }, order: { slot: 'DESC' }, take: limit });
  }

  private async decideOnce(workflowId: string, slot: Date, arrival: SlotArrival): Promise<ScheduleTick | null> {
    const workflow = await this.workflows.getById(workflowId);
    if (!workflow || !isFiring(workflow)) return null;
    const schedule = parseSchedule(workflow.schedule, workflow.timezone);
    // Read before the transaction: a read on another connection while it holds one could wait on
    // the pool that a burst of decisions has emptied.
    const [steps, plan] = await Promise.all([this.workflows.stepsOf(workflowId), this.teams.planOf(workflow.teamId)]);
    let replaced: WorkflowRun | undefined;
    const tick = await this.runState.transaction(async (transaction) => {
      const { manager } = transaction;
      const claimed = await manager.query<unknown[]>(
        `INSERT INTO schedule_ticks (workflow_id, slot, outcome, caught_up) VALUES ($1, $2, 'skipped', $3)
         ON CONFLICT DO NOTHING RETURNING slot`,
        [workflowId, slot, arrival === 'catch_up'],
      );
      if (claimed.length === 0) return null;
      const since = await this.countingFrom(workflow, slot, manager);
      const missedBefore = since ? countSlotsBetween(schedule, since, slot) : 0;
      let decision: Decision;
      if (arrival === 'missed') {
        decision = { outcome: 'missed', detail: missedDetail(workflow) };
      } else {
        const active = await manager.findOne(WorkflowRun, { where: { workflowId, status: In([...ACTIVE_RUN_STATUSES]) } });
        if (active && workflow.overlapPolicy !== 'cancel_running') {
          decision = await this.overlapping(transaction, workflow, active);
        } else {
          const refusal = await this.quotaRefusal(workflow, plan);
          if (refusal) {
            decision = refusal;
          } else {
            if (active && (await transaction.move(active.id, ACTIVE_RUN_STATUSES, { status: 'failed', reason: replacedBy(slot) }))) replaced = active;
            decision = { outcome: 'started', runId: await this.start(transaction, workflow, steps, slot), detail: replaced ? `Replaced run #${replaced.id}` : null };
          }
        }
      }
      await manager.update(ScheduleTick, { workflowId, slot }, { ...decision, missedBefore });
      const decided = await manager.findOneByOrFail(ScheduleTick, { workflowId, slot });
      await this.announce(manager, workflow, decided);
      return decided;
    });
    if (replaced) this.aborts.abort(replaced.id, replacedBy(slot));
    if (tick) {
      this.metrics.scheduleSlots.inc({ outcome: tick.outcome, caught_up: String(tick.caughtUp) });
      this.log(workflow, tick);
    }
    return tick;
  }

  /** A slot that finds a run in progress, by the overlap policy (`cancel_running` has replaced it already). */
  /** A slot that ran nothing (skipped, missed) as a webhook event, in the transaction that decided it. */
  private async announce(manager: EntityManager, workflow: Workflow, tick: ScheduleTick): Promise<void> {
    if (tick.outcome !== 'skipped' && tick.outcome !== 'missed') return;
    await this.webhooks.emit(manager, workflow.teamId, tick.outcome === 'skipped' ? 'schedule.slot_skipped' : 'schedule.missed', {
      workflowId: workflow.id,
      slot: tick.slot.toISOString(),
      caughtUp: tick.caughtUp,
      missedBefore: tick.missedBefore,
      detail: tick.detail,
    });
  }

  private async overlapping({ manager }: RunStateTransaction, workflow: Workflow, active: WorkflowRun): Promise<Decision> {
    if (workflow.overlapPolicy === 'queue_one') {
      const waiting = await manager.existsBy(ScheduleTick, { workflowId: workflow.id, outcome: 'queued' });
      if (!waiting) return { outcome: 'queued', detail: `Waits for run #${active.id} to end` };
      return { outcome: 'skipped', detail: `Run #${active.id} was in progress and another slot already waits for it` };
    }
    return { outcome: 'skipped', detail: `Run #${active.id} was in progress` };
  }

  private async startQueuedTick(tick: ScheduleTick): Promise<void> {
    const workflow = await this.workflows.getById(tick.workflowId);
    if (!workflow) return;
    const key = { workflowId: tick.workflowId, slot: tick.slot, outcome: 'queued' as const };
    if (!isFiring(workflow)) {
      await this.ticks.manager.transaction(async (manager) => {
        const skipped = await manager.update(ScheduleTick, key, { outcome: 'skipped', detail: 'The schedule was paused or removed while the slot waited' });
        if (skipped.affected) await this.announce(manager, workflow, await manager.findOneByOrFail(ScheduleTick, { workflowId: tick.workflowId, slot: tick.slot }));
      });
      return;
    }
    const [steps, plan] = await Promise.all([this.workflows.stepsOf(workflow.id), this.teams.planOf(workflow.teamId)]);
    const started = await this.runState.transaction(async (transaction) => {
      const { manager } = transaction;
      if (await manager.existsBy(WorkflowRun, { workflowId: workflow.id, status: In([...ACTIVE_RUN_STATUSES]) })) return false;
      // Whichever instance moves it out of `queued` starts it.
      const claimed = await manager.update(ScheduleTick, key, { outcome: 'started', decidedAt: () => 'now()' });
      if (!claimed.affected) return false;
      const refusal = await this.quotaRefusal(workflow, plan);
      const decision = refusal ?? { runId: await this.start(transaction, workflow, steps, tick.slot), detail: 'Started when the previous run ended' };
      await manager.update(ScheduleTick, { workflowId: tick.workflowId, slot: tick.slot }, decision);
      if (refusal) await this.announce(manager, workflow, await manager.findOneByOrFail(ScheduleTick, { workflowId: tick.workflowId, slot: tick.slot }));
      return !refusal;
    });
    if (started) this.logger.log(`Workflow ${workflow.id}: the queued slot ${tick.slot.toISOString()} started`);
  }

  /**
   * A run start counts against the team's hourly quota, as starts by hand do; a slot that finds
   * it used up is skipped, saying so. Null when the start may go ahead (and has been counted).
   */
  private async quotaRefusal(workflow: Workflow, plan: Plan | null): Promise<Decision | null> {
    if (!plan) return { outcome: 'skipped', detail: 'The team no longer exists' };
    const { allowed, limit } = await this.quotas.takeRunStart(workflow.teamId, plan);
    return allowed ? null : { outcome: 'skipped', detail: `The team's plan allows ${limit} run starts per hour, and they are used up` };
  }

  private async start(transaction: RunStateTransaction, workflow: Workflow, steps: WorkflowStep[], slot: Date): Promise<number | null> {
    const run = await this.runs.startIn(transaction, workflow, steps, { trigger: 'schedule', startedBy: null, scheduledFor: slot }, SYSTEM_AUDIT);
    return run?.id ?? null;
  }

  /**
   * Where counting the missed slots before `slot` starts: the latest of the previous decided
   * slot, when the schedule began to count (set, changed, resumed) and when the plan was approved.
   */
  private async countingFrom(workflow: Workflow, slot: Date, manager: EntityManager): Promise<Date | null> {
    const [row] = await manager.query<{ previous: Date | null }[]>('SELECT max(slot) AS previous FROM schedule_ticks WHERE workflow_id = $1 AND slot < $2', [
      workflow.id,
      slot,
    ]);
    return latestOf([row?.previous, workflow.scheduleSince, workflow.approvedAt]);
  }

  private log(workflow: Workflow, tick: ScheduleTick): void {
    const missed = tick.missedBefore > 0 ? `; ${tick.missedBefore} earlier slot(s) were missed` : '';
    const message = `Workflow ${workflow.id}: slot ${tick.slot.toISOString()} ${tick.outcome}${tick.caughtUp ? ' (caught up)' : ''}${tick.detail ? `: ${tick.detail}` : ''}${missed}`;
    if (tick.outcome === 'started' && !missed) this.logger.log(message);
    else this.logger.warn(message);
  }
}

/** The slots strictly between `since` and `slot`, up to MAX_COUNTED_MISSED. */
function countSlotsBetween(schedule: Schedule, since: Date, slot: Date): number {
  let count = 0;
  for (let next = nextSlot(schedule, since); next < slot && count < MAX_COUNTED_MISSED; next = nextSlot(schedule, next)) count++;
  return count;
}

function latestOf(dates: (Date | null | undefined)[]): Date | null {
  const known = dates.filter((date): date is Date => date instanceof Date);
  return known.length === 0 ? null : new Date(Math.max(...known.map((date) => date.getTime())));
}

/** The reason a run replaced by `cancel_running` fails with. */
function replacedBy(slot: Date): string {
  return `Replaced by the scheduled run of ${slot.toISOString()}`;
}

function missedDetail(workflow: Workflow): string {
  return workflow.missedRunPolicy === 'run_once'
    ? `No instance was up at this time, and it is older than the catch-up window (${workflow.catchUpWindowMinutes} min)`
    : 'No instance was up at this time (missed-run policy: skip)';
}
