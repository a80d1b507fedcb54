import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { OutageLog } from '../database/outage-log.js';
import { WorkflowEvents } from '../workflows/workflow-events.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import { RunsService } from './runs.service.js';

/** Other instances' changes (approve, edit, delete) are picked up within this time. */
const RECONCILE_MS = 30_000;

/**
 * Fires each active workflow on its cron schedule (in its time zone). Every instance runs the
 * same timers; the database keeps one run per workflow and tick, so a tick never makes two.
 */
@Injectable()
export class RunSchedulerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RunSchedulerService.name);
  /** Reconciliation retries every RECONCILE_MS by itself: a database outage is logged once, and its end. */
  private readonly outage = new OutageLog('the run scheduler', this.logger);
  private readonly scheduled = new Map<string, string>();
  private reconcileTimer?: NodeJS.Timeout;
  private unsubscribe?: () => void;

  constructor(
    private readonly registry: SchedulerRegistry,
    private readonly workflows: WorkflowsService,
    private readonly runs: RunsService,
    private readonly events: WorkflowEvents,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.unsubscribe = this.events.onChanged((workflowId) => void this.sync(workflowId));
    await this.reconcile();
    this.reconcileTimer = setInterval(() => void this.reconcile(), RECONCILE_MS);
    this.reconcileTimer.unref();
  }

  onApplicationShutdown(): void {
    this.unsubscribe?.();
    clearInterval(this.reconcileTimer);
    for (const workflowId of [...this.scheduled.keys()]) this.unschedule(workflowId);
  }

  /** Brings every schedule in line with the database. */
  async reconcile(): Promise<void> {
    try {
      const active = await this.workflows.scheduledWorkflows();
      const wanted = new Set(active.map((workflow) => workflow.id));
      for (const workflowId of this.scheduled.keys()) if (!wanted.has(workflowId)) this.unschedule(workflowId);
      for (const workflow of active) this.schedule(workflow.id, workflow.schedule, workflow.timezone);
      this.outage.succeeded();
    } catch (error) {
      if (!this.outage.failed(error)) this.logger.error(`Could not reconcile schedules: ${String(error)}`);
    }
  }

  private async sync(workflowId: string): Promise<void> {
    try {
      const workflow = await this.workflows.getById(workflowId);
      if (workflow?.status === 'active' && workflow.schedule) this.schedule(workflow.id, workflow.schedule, workflow.timezone);
      else this.unschedule(workflowId);
    } catch (error) {
      // The next reconciliation brings this workflow's schedule in line.
      if (!this.outage.failed(error)) this.logger.error(`Could not update the schedule of workflow ${workflowId}: ${String(error)}`);
    }
  }

  private schedule(workflowId: string, expression: string, timezone: string): void {
    const signature = `${expression}|${timezone}`;
    if (this.scheduled.get(workflowId) === signature) return;
    this.unschedule(workflowId);
    const job = CronJob.from({
      cronTime: expression,
      timeZone: timezone,
      start: true,
      onTick: () => void this.tick(workflowId),
    });
    this.registry.addCronJob(this.jobName(workflowId), job);
    this.scheduled.set(workflowId, signature);
  }

  private unschedule(workflowId: string): void {
    if (!this.scheduled.delete(workflowId)) return;
    const name = this.jobName(workflowId);
    // On shutdown the schedule module may have stopped and dropped its jobs already.
    if (this.registry.doesExist('cron', name)) this.registry.deleteCronJob(name);
  }

  private async tick(workflowId: string): Promise<void> {
    // The tick's own second, the same on every instance, names the run it may make.
    const tick = new Date(Math.floor(Date.now() / 1000) * 1000);
    try {
      const run = await this.runs.startScheduled(workflowId, tick);
      if (run) this.logger.log(`Workflow ${workflowId}: scheduled run #${run.runNumber} started`);
    } catch (error) {
      this.logger.error(`Scheduled run of workflow ${workflowId} failed to start: ${String(error)}`);
    }
  }

  private jobName(workflowId: string): string {
    return `workflow-schedule:${workflowId}`;
  }
}
