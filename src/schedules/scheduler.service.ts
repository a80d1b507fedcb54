import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { OutageLog } from '../database/outage-log.js';
import { WorkflowEvents } from '../workflows/workflow-events.js';
import { Clock, type ClockTimer } from './clock.js';
import { nextSlot, parseSchedule, type Schedule, slotOf } from './schedule-slot.js';
import { ScheduleTicksService } from './schedule-ticks.service.js';
import { SchedulesService } from './schedules.service.js';

/** Other instances' changes (approve, edit, pause, delete) are picked up, and missed slots found, within this time. */
const RECONCILE_MS = 30_000;
/** A queued slot starts within this time of its previous run's end. */
const QUEUED_POLL_MS = 5_000;
/** The longest delay setTimeout takes; a slot further away is reached in several waits. */
const MAX_TIMEOUT_MS = 2_147_483_647;
/** A timer this late is logged: the event loop was blocked or the process paused. */
const LATE_MS = 1_000;

interface ScheduledWorkflow {
  signature: string;
  schedule?: Schedule;
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
  private readonly scheduled = new Map<string, ScheduledWorkflow>();
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
    for (const workflowId of [...this.scheduled.keys()]) this.unschedule(workflowId);
  }

  /** Brings every schedule in line with the database, and decides the slots nobody reached. */
  async reconcile(): Promise<void> {
    try {
      const active = await this.schedules.firing();
      const wanted = new Set(active.map((workflow) => workflow.id));
      for (const workflowId of this.scheduled.keys()) if (!wanted.has(workflowId)) this.unschedule(workflowId);
      for (const workflow of active) {
        this.schedule(workflow.id, workflow.schedule, workflow.timezone);
        if (this.scheduled.get(workflow.id)?.schedule) await this.ticks.catchUp(workflow, this.clock.now());
      }
      this.outage.succeeded();
    } catch (error) {
      if (!this.outage.failed(error)) this.logger.error(`Could not reconcile schedules: ${String(error)}`);
    }
  }

  private async startQueued(): Promise<void> {
    try {
      await this.ticks.startQueued();
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
    if (this.scheduled.get(workflowId)?.signature === signature) return;
    this.unschedule(workflowId);
    // Kept even when it cannot be armed, so that the error is logged once, not at every reconciliation.
    const entry: ScheduledWorkflow = { signature };
    this.scheduled.set(workflowId, entry);
    try {
      entry.schedule = parseSchedule(expression, timezone);
    } catch (error) {
      this.logger.error(`Workflow ${workflowId}: cannot read the schedule '${expression}' (${timezone}): ${String(error)}`);
      return;
    }
    this.armAfter(workflowId, entry, this.clock.now());
  }

  private unschedule(workflowId: string): void {
    this.scheduled.get(workflowId)?.timer?.cancel();
    this.scheduled.delete(workflowId);
  }

  /** Sets the timer for the first slot after `instant`. */
  private armAfter(workflowId: string, entry: ScheduledWorkflow, instant: Date): void {
    if (!entry.schedule) return;
    try {
      this.arm(workflowId, entry, nextSlot(entry.schedule, instant));
    } catch (error) {
      // The cron package finds no date within 8 years (a 30 February, say).
      this.logger.error(`Workflow ${workflowId}: no next time for the schedule '${entry.schedule.expression}': ${String(error)}`);
    }
  }

  private arm(workflowId: string, entry: ScheduledWorkflow, slot: Date): void {
    const wait = Math.min(Math.max(slot.getTime() - this.clock.now().getTime(), 0), MAX_TIMEOUT_MS);
    entry.timer = this.clock.setTimer(() => this.fire(workflowId, entry, slot), wait);
  }

  private fire(workflowId: string, entry: ScheduledWorkflow, armedFor: Date): void {
    if (this.scheduled.get(workflowId) !== entry || !entry.schedule) return;
    const firedAt = this.clock.now();
    // Timers keep a monotonic clock; by the wall clock one may fire a little early (or the clock
    // was set back, or the slot is beyond one setTimeout): wait for the rest.
    if (firedAt < armedFor) return this.arm(workflowId, entry, armedFor);
    const slot = slotOf(entry.schedule, armedFor, firedAt);
    const lateMs = firedAt.getTime() - armedFor.getTime();
    if (lateMs >= LATE_MS) {
      this.logger.warn(
        `Workflow ${workflowId}: the timer for ${armedFor.toISOString()} fired ${lateMs} ms late; its tick is the slot ${slot.toISOString()}`,
      );
    }
    this.armAfter(workflowId, entry, firedAt);
    void this.tick(workflowId, slot);
  }

  private async tick(workflowId: string, slot: Date): Promise<void> {
    try {
      await this.ticks.decide(workflowId, slot, 'timer');
    } catch (error) {
      // The slot stays undecided; reconciliation finds it and applies the missed-run policy.
      this.logger.error(`Workflow ${workflowId}: the slot ${slot.toISOString()} could not be decided: ${String(error)}`);
    }
  }
}
