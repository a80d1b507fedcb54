import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import { AssetsService } from '../assets/assets.service.js';
import type { AppConfig } from '../config/configuration.js';
import { DatabaseClock } from '../database/database-clock.js';
import { PeriodicSweep } from '../database/periodic-sweep.js';
import { Metrics } from '../metrics/metrics.service.js';
import { QueueService } from '../queue/queue.service.js';
import { ShutdownService } from '../shutdown/shutdown.service.js';
import { BudgetService } from '../usage/budget.service.js';
import { queueRunExecution, RUN_EXECUTE } from './run-jobs.js';
import { RunStateService, type RunStateTransaction } from './run-state.service.js';
import { RunStepStateService } from './run-step-state.service.js';

/** A job's last change must be this old before its run is judged: its handler's last writes come first. */
const SETTLE_MS = 10_000;
/** One instance sweeps at a time (a transaction-level advisory lock; the number is arbitrary). */
const SWEEP_LOCK = 7_340_021;
const PENDING_STATES = new Set(['created', 'retry', 'active']);

/**
 * The safety net under run execution: a run `running` must have a job that will execute it.
 * Every few seconds one instance looks for runs whose newest job is gone or finished (a crash
 * between two writes of an older version, a hand-back that never landed) and queues them again,
 * and for runs whose job failed for good (its retries ran out: the worker crashed or failed each
 * time), which it fails with a reason, removing what their unfinished step left behind. It also
 * resumes the runs waiting for their team's token budget once the budget allows.
 */
@Injectable()
export class RunSweeperService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RunSweeperService.name);
  private readonly sweeper: PeriodicSweep;

  constructor(
    private readonly runState: RunStateService,
    private readonly stepState: RunStepStateService,
    private readonly assets: AssetsService,
    private readonly queue: QueueService,
    private readonly shutdown: ShutdownService,
    private readonly budgets: BudgetService,
    private readonly databaseClock: DatabaseClock,
    private readonly metrics: Metrics,
    config: ConfigService<AppConfig, true>,
  ) {
    this.sweeper = new PeriodicSweep('the run sweeper', this.logger, config.get('runs', { infer: true }).sweepSeconds * 1000, () => this.sweep());
  }

  onApplicationBootstrap(): void {
    this.sweeper.start();
    this.shutdown.onDrain('run sweeper', () => this.sweeper.stop());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeper.stop();
  }

  async sweep(): Promise<void> {
    const requeued: number[] = [];
    const failed: { runId: number; reason: string }[] = [];
    const resumed: number[] = [];
    await this.runState.transaction(async ({ manager, move }) => {
      const [{ locked }] = await manager.query<{ locked: boolean }[]>('SELECT pg_try_advisory_xact_lock($1) AS locked', [SWEEP_LOCK]);
      if (!locked) return;
      // By the database's clock, as the runs' start and the jobs' last change are.
      const settled = new Date((await this.databaseClock.now(manager)).getTime() - SETTLE_MS);
      const candidates = await this.runState.runningSince(settled, manager);
      const jobs = await this.queue.newestJobsBy(RUN_EXECUTE, 'runId', candidates.map((run) => run.id), manager);
      for (const run of candidates) {
        const job = jobs.get(String(run.id));
        if (job && (PENDING_STATES.has(job.state) || job.changedOn > settled)) continue;
        if (job?.state === 'failed') {
          const reason = `The run could not be executed: its job failed on every retry (${failureOf(job.output)})`.slice(0, 500);
          // What the unfinished step left goes first: whoever sees the run failed sees it gone.
          const unfinished = await this.stepState.unfinished(run.id, manager);
          if (unfinished) await this.assets.deleteRunAssetsSince(run.id, unfinished.startedAt);
          // Its summary and event go out once the sweep commits.
          if (await move(run.id, ['running'], { status: 'failed', reason })) failed.push({ runId: run.id, reason });
        } else {
          await queueRunExecution(this.queue, run.id, manager);
          requeued.push(run.id);
        }
      }
      resumed.push(...(await this.resumeWithinBudget(manager, move)));
    });
    this.metrics.sweeperRepairs.inc({ action: 'requeued' }, requeued.length);
    this.metrics.sweeperRepairs.inc({ action: 'resumed' }, resumed.length);
    this.metrics.sweeperRepairs.inc({ action: 'failed' }, failed.length);
    for (const runId of requeued) this.logger.warn(`Run ${runId} was running with no job to execute it: queued again`);
    for (const runId of resumed) this.logger.log(`Run ${runId} resumed: its team's token budget allows it again`);
    for (const { runId, reason } of failed) this.logger.warn(`Run ${runId} failed: ${reason}`);
  }

  /**
   * Runs waiting for their team's budget go on (running, queued again from the step they waited
   * at) once it allows: a new month, a raised team budget, a better plan. Read fresh from the
   * database, since the change may have been made on another instance.
   */
  private async resumeWithinBudget(manager: EntityManager, move: RunStateTransaction['move']): Promise<number[]> {
    const resumed: number[] = [];
    const allowed = new Map<string, boolean>();
    for (const run of await this.runState.awaitingBudget(manager)) {
      if (!allowed.has(run.teamId)) allowed.set(run.teamId, !(await this.budgets.refusal(run.teamId, true)));
      if (!allowed.get(run.teamId)) continue;
      if (!(await move(run.id, ['awaiting_budget'], { status: 'running', reason: null }))) continue;
      await queueRunExecution(this.queue, run.id, manager);
      resumed.push(run.id);
    }
    return resumed;
  }
}

/** A failed job's output: the error its handler threw, or what pg-boss recorded (an expiry). */
function failureOf(output: unknown): string {
  if (output && typeof output === 'object') {
    const { message, value } = output as { message?: unknown; value?: unknown };
    if (typeof message === 'string') return message;
    if (typeof value === 'string') return value;
  }
  return 'the worker died or timed out';
}
