import { randomInt } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { OutageLog } from '../database/outage-log.js';
import { WorkflowEvents } from '../workflows/workflow-events.js';
import { Clock, type ClockTimer } from './clock.js';
import { nextSlot, parseSchedule, type Schedule, slotOf } from '../workflow-rules/schedule-slot.js';
import { ScheduleTicksService } from './schedule-ticks.service.js';
import { SchedulesService } from './schedules.service.js';
import { inSpan } from '../tracing/tracing.js';

/** Other instances' changes (approve, edit, pause, delete) are picked up, and missed slots found, within this time. */
const RECONCILE_MS = 30_000;
/** A queued slot starts within this time of its previous run's end. */
const QUEUED_POLL_MS = 5_000;
/** The longest delay setTimeout takes; a slot further away is reached in several waits. */
const MAX_TIMEOUT_MS = 2_147_483_647;
/** A timer this late is logged: the event loop was blocked or the process paused. */
const LATE_MS = 1_000;

/**
 * The workflows that share a schedule (expression and time zone) share one timer: a thousand
 * workflows on the same minute cost one slot computation, not a thousand.
 */
interface ScheduleTimer {
  signature: string;
  /** Unset when the expression cannot be read (logged once). */
  schedule?: Schedule;
  workflowIds: Set<string>;
  timer?: ClockTimer;
}

/**
 * Fires each active workflow on its cron schedule (in its time zone). Every instance runs the
 * same timers, each set for a slot of the schedule (schedule-slot.ts); a tick is named by its
 * slot, not by the clock when the timer fired, so a late instance names it as the others did.
 * ScheduleTicksService decides each slot once in the database. Reconciliation also finds the
 * slots that fell while no instance was up, and queued slots start when their run may.
 */
@Injectable()
export class SchedulerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SchedulerService.name);
  /** Reconciliation retries every RECONCILE_MS by itself: a database outage is logged once, and its end. */
  private readonly outage = new OutageLog('the run scheduler', this.logger);
  /** Timers by schedule signature, and the signature each workflow is armed under. */
  private readonly timers = new Map<string, ScheduleTimer>();
  private readonly armed = new Map<string, string>();
  private intervals: NodeJS.Timeout[] = [];
  private unsubscribe?: () => void;

  constructor(
    private readonly schedules: SchedulesService,
    private readonly ticks: ScheduleTicksService,
    private readonly events: WorkflowEvents,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.unsubscribe = this.events.onChanged((workflowId) => void this.sync(workflowId));
    await this.reconcile();
    this.intervals = [setInterval(() => void this.reconcile(), RECONCILE_MS), setInterval(() => void this.startQueued(), QUEUED_POLL_MS)];
    for (const interval of this.intervals) interval.unref();
  }

  onApplicationShutdown(): void {
    this.unsubscribe?.();
    for (const interval of this.intervals) clearInterval(interval);
    for (const workflowId of [...this.armed.keys()]) this.unschedule(workflowId);
  }

  /** Brings every schedule in line with the database, and decides the slots nobody reached. */
  async reconcile(): Promise<void> {
    try {
      // First: the timers armed below wait by the database's clock as read now.
      const now = await this.clock.read();
      const firing = await this.schedules.firing();
      const wanted = new Set(firing.map((workflow) => workflow.id));
      for (const workflowId of [...this.armed.keys()]) if (!wanted.has(workflowId)) this.unschedule(workflowId);
      for (const workflow of firing) this.schedule(workflow.id, workflow.schedule, workflow.timezone);
      const readable = firing.filter((workflow) => this.timers.get(this.armed.get(workflow.id) ?? '')?.schedule);
      await this.ticks.catchUp(readable, now);
      this.outage.succeeded();
    } catch (error) {
      if (!this.outage.failed(error)) this.logger.error(`Could not reconcile schedules: ${String(error)}`);
    }
  }

  private async startQueued(): Promise<void> {
    try {
      await this.ticks.startQueued();
      // Every 5 s: the end of an outage is noticed here well before the next reconciliation.
      this.outage.succeeded();
    } catch (error) {
      if (!this.outage.failed(error)) this.logger.error(`Could not start queued slots: ${String(error)}`);
    }
  }

  private async sync(workflowId: string): Promise<void> {
    try {
      const workflow = await this.schedules.firingOne(workflowId);
      if (workflow) this.schedule(workflow.id, workflow.schedule, workflow.timezone);
      else this.unschedule(workflowId);
    } catch (error) {
      // The next reconciliation brings this workflow's schedule in line.
      if (!this.outage.failed(error)) this.logger.error(`Could not update the schedule of workflow ${workflowId}: ${String(error)}`);
    }
  }

  private schedule(workflowId: string, expression: string, timezone: string): void {
    const signature = `${expression}|${timezone}`;
    if (this.armed.get(workflowId) === signature) return;
    this.unschedule(workflowId);
    this.armed.set(workflowId, signature);
    const existing = this.timers.get(signature);
    if (existing) {
      existing.workflowIds.add(workflowId);
      return;
    }
    // Kept even when it cannot be armed, so that the error is logged once, not at every reconciliation.
    const entry: ScheduleTimer = { signature, workflowIds: new Set([workflowId]) };
    this.timers.set(signature, entry);
    try {
      entry.schedule = parseSchedule(expression, timezone);
    } catch (error) {
      this.logger.error(`Workflow ${workflowId}: cannot read the schedule '${expression}' (${timezone}): ${String(error)}`);
      return;
    }
    this.armAfter(entry, this.clock.now());
  }

  private unschedule(workflowId: string): void {
    const signature = this.armed.get(workflowId);
    if (signature === undefined) return;
    this.armed.delete(workflowId);
    const entry = this.timers.get(signature);
    entry?.workflowIds.delete(workflowId);
    if (entry && entry.workflowIds.size === 0) {
      entry.timer?.cancel();
      this.timers.delete(signature);
    }
  }

  /** Sets the timer for the first slot after `instant`. */
  private armAfter(entry: ScheduleTimer, instant: Date): void {
    if (!entry.schedule) return;
    try {
      this.arm(entry, nextSlot(entry.schedule, instant));
    } catch (error) {
      // The cron package finds no date within 8 years (a 30 February, say).
      this.logger.error(`No next time for the schedule '${entry.signature}': ${String(error)}`);
    }
  }

  private arm(entry: ScheduleTimer, slot: Date, now: Date = this.clock.now()): void {
    const wait = Math.min(Math.max(slot.getTime() - now.getTime(), 0), MAX_TIMEOUT_MS);
    entry.timer = this.clock.setTimer(() => void this.fire(entry, slot), wait);
  }

  private async fire(entry: ScheduleTimer, armedFor: Date): Promise<void> {
    if (this.timers.get(entry.signature) !== entry || !entry.schedule) return;
    // The database's time read now, not the estimate the timer was armed by: an offset taken from a
    // round trip that waited for a pool connection runs ahead, and a run would start before its slot
    // by the clock every instance shares. Unreadable, the estimate stands in.
    const firedAt = await this.clock.read().catch(() => this.clock.now());
    if (this.timers.get(entry.signature) !== entry || !entry.schedule) return;
    // Timers keep a monotonic clock; by the wall clock one may fire a little early (or the clock
    // was set back, or the slot is beyond one setTimeout): wait for the rest.
    if (firedAt < armedFor) return this.arm(entry, armedFor, firedAt);
    const slot = slotOf(entry.schedule, armedFor, firedAt);
    const lateMs = firedAt.getTime() - armedFor.getTime();
    if (lateMs >= LATE_MS) {
      this.logger.warn(`Schedule '${entry.signature}': the timer for ${armedFor.toISOString()} fired ${lateMs} ms late; its tick is the slot ${slot.toISOString()}`);
    }
    this.armAfter(entry, firedAt);
    // In an order of this instance's own: instances that reach the same slot of many workflows at
    // once then mostly decide different ones, instead of queueing behind each other on every row.
    for (const workflowId of shuffled([...entry.workflowIds])) void this.tick(workflowId, slot);
  }

  private async tick(workflowId: string, slot: Date): Promise<void> {
    try {
      await inSpan('schedule slot', { 'workflow.id': workflowId, 'schedule.slot': slot.toISOString() }, () => this.ticks.decide(workflowId, slot, 'timer'));
    } catch (error) {
      // The slot stays undecided; reconciliation finds it and applies the missed-run policy.
      this.logger.error(`Workflow ${workflowId}: the slot ${slot.toISOString()} could not be decided: ${String(error)}`);
    }
  }
}

function shuffled<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [items[index], items[other]] = [items[other], items[index]];
  }
  return items;
}
