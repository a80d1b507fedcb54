import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Metrics } from '../metrics/metrics.service.js';
import { type ConnectionOptions, type Job, PgBoss, type QueueOptions, type SendOptions } from 'pg-boss';
import { DataSource, type EntityManager } from 'typeorm';
import type { AppConfig } from '../config/configuration.js';
import { backoffMs, OutageLog } from '../database/outage-log.js';
import { untilDatabaseAvailable } from '../database/until-database-available.js';
import { pgTimeoutOptions } from '../database/pg-timeouts.js';
import { tracingEnabled } from '../tracing/tracing.js';

export type { Job } from 'pg-boss';

const QUEUE_SCHEMA = 'pgboss';

/** A job's state as `newestJobsBy` reads it. */
export interface QueuedJob {
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  changedOn: Date;
  output: unknown;
}

/** pg-boss's database interface over a TypeORM transaction's own connection. */
function inTransaction(manager: EntityManager): NonNullable<ConnectionOptions['db']> {
  const runner = manager.queryRunner;
  if (!runner) throw new Error('A job sent in a transaction needs the transaction\'s entity manager');
  return { executeSql: async (text, values) => ({ rows: (await runner.query(text, values, true)).records as unknown[] }) };
}

/** How often the workers of a queue beyond its first poll when no NOTIFY woke them. */
const IDLE_WORKER_POLL_SECONDS = 5;

/** Jobs of one group (its `group.id`) handled at once: by the group's tier, else `default`. */
export interface GroupLimits {
  default: number;
  tiers: Record<string, number>;
}

export interface WorkerOptions {
  /** Jobs of this queue handled at once by this instance. */
  concurrency?: number;
  /**
   * Jobs of one group handled at once across all instances. A group at its limit is left out of
   * the fetch, so its waiting jobs take no worker; jobs sent without a group are not limited.
   */
  groupLimits?: GroupLimits;
  /** Seconds between the first worker's polls for more work (minimum 0.5); the others poll less (see `work`). */
  pollingIntervalSeconds?: number;
}

/**
 * The durable job queue (pg-boss, in PostgreSQL's `pgboss` schema): work any instance may pick up,
 * retried when a worker fails or dies. Features declare their queues with their retry and
 * expiry policy, send jobs, and register handlers; LISTEN/NOTIFY wakes workers at once.
 */
@Injectable()
export class QueueService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(QueueService.name);
  private readonly boss: PgBoss;
  private readonly declared = new Map<string, Promise<void>>();
  private started?: Promise<unknown>;
  private stopping = false;
  /** pg-boss's workers and timers poll on their own and report each failure: the outage is logged once. */
  private readonly outage = new OutageLog('the job queue', this.logger);
  private probeTimer: NodeJS.Timeout | undefined;
  private probes = 0;

  constructor(
    config: ConfigService<AppConfig, true>,
    private readonly dataSource: DataSource,
    metrics: Metrics,
  ) {
    metrics.sampleOnScrape('queue', () => this.sampleWaiting(metrics));
    const { url, timeouts, queuePoolMax } = config.get('database', { infer: true });
    this.boss = new PgBoss({
      // Its pool and its LISTEN connection take every pg option, the timeouts included.
      ...pgTimeoutOptions(timeouts),
      connectionString: url,
      schema: QUEUE_SCHEMA,
      application_name: 'assistant-queue',
      max: queuePoolMax,
      useListenNotify: true,
      // Nothing here uses pg-boss's own cron (the run scheduler is ours); keep its timers quiet.
      schedule: false,
      // How soon the job of a worker that died is noticed and handed to another (with a
      // queue's heartbeat or expiry); the default would be a minute.
      superviseIntervalSeconds: 5,
      monitorIntervalSeconds: 5,
      // pg-boss's own OpenTelemetry: with tracing on, a job stores the trace context it was sent in
      // and its handler runs in a span continuing that trace (a run's steps under the request that
      // started it). Off, not even its no-op spans are made.
      openTelemetry: { enabled: tracingEnabled(), propagateContext: true },
    });
    // pg-boss reports background failures as events; without a listener they would crash the process.
    // Its workers go on polling through an outage, so the database being unavailable is logged
    // once, and its end once (found by a probe, as pg-boss reports no successes).
    this.boss.on('error', (error: Error) => {
      if (this.outage.failed(error)) this.probeSoon();
      else this.logger.error(`Queue error: ${error.message}`);
    });
    this.boss.on('warning', (warning: { message: string; data?: { error?: unknown } }) => {
      const cause = typeof warning.data?.error === 'string' ? new Error(warning.data.error) : warning.data?.error;
      if (cause !== undefined && this.outage.failed(cause)) this.probeSoon();
      else this.logger.warn(`Queue warning: ${warning.message}`);
    });
  }

  async onModuleInit(): Promise<void> {
    this.started = untilDatabaseAvailable('the job queue', () => this.boss.start());
    await this.started;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.probeTimer);
    if (!this.started) return;
    // Graceful: in-flight handlers may finish (their jobs complete), then the pool closes.
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true });
  }

  /** Resolves while the queue's own pool reaches the database (readiness). */
  async probe(): Promise<void> {
    await this.boss.getDb().executeSql('SELECT 1');
  }

  /** Jobs ready to run and not yet taken, and the oldest one's wait, per declared queue (one indexed read of pg-boss's tables). */
  private async sampleWaiting(metrics: Metrics): Promise<void> {
    const rows = await this.dataSource.query<{ name: string; waiting: string; oldest_seconds: number | null }[]>(
      `SELECT q.name, count(j.id) AS waiting, extract(epoch FROM now() - min(j.start_after))::float8 AS oldest_seconds
         FROM ${QUEUE_SCHEMA}.queue q
         LEFT JOIN ${QUEUE_SCHEMA}.job j ON j.name = q.name AND j.state < 'active' AND j.start_after <= now()
        GROUP BY q.name`,
    );
    for (const row of rows) {
      metrics.queueDepth.set({ queue: row.name }, Number(row.waiting));
      metrics.queueOldestAge.set({ queue: row.name }, Math.max(0, row.oldest_seconds ?? 0));
    }
  }

  /** While the database is unavailable, checks with backoff (1 s doubling to 10 s) whether it is back. */
  private probeSoon(): void {
    if (this.probeTimer || this.stopping) return;
    this.probes += 1;
    this.probeTimer = setTimeout(() => {
      void this.boss
        .getDb()
        .executeSql('SELECT 1')
        .then(
          () => {
            this.probes = 0;
            this.outage.succeeded();
          },
          (error: unknown) => this.outage.failed(error),
        )
        .finally(() => {
          this.probeTimer = undefined;
          if (this.outage.down) this.probeSoon();
        });
    }, backoffMs(this.probes, 1_000, 10_000));
    this.probeTimer.unref();
  }

  /** Creates the queue if it does not exist, and applies its options either way (its `policy` only when created). */
  declare(name: string, options: QueueOptions = {}): Promise<void> {
    let declared = this.declared.get(name);
    if (!declared) {
      declared = (async () => {
        await this.boss.createQueue(name, { ...options, notify: true });
        // A queue's policy is set when it is created; pg-boss refuses it in an update, even unchanged.
        const updatable = Object.fromEntries(Object.entries(options).filter(([key]) => key !== 'policy'));
        if (Object.keys(updatable).length > 0) await this.boss.updateQueue(name, updatable);
      })();
      this.declared.set(name, declared);
    }
    return declared;
  }

  /**
   * Enqueues a job; null when a job with the same singleton key is already waiting. Given the
   * entity manager of a transaction, the job is written in that transaction: it exists exactly
   * when the state change that implies it was committed (a transactional outbox).
   */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}, transaction?: EntityManager): Promise<string | null> {
    await this.declare(name);
    return this.boss.send(name, data, transaction ? { ...options, db: inTransaction(transaction) } : options);
  }

  /**
   * The newest job of a queue for each of `values` of one field of its data (say each run id):
   * its state, when it last changed, and its output (the error of a failed job).
   */
  async newestJobsBy(name: string, field: string, values: readonly (string | number)[], manager: EntityManager): Promise<Map<string, QueuedJob>> {
    if (values.length === 0) return new Map();
    const rows: (QueuedJob & { key: string })[] = await manager.query(
      `SELECT DISTINCT ON (data->>$2) data->>$2 AS key, state, coalesce(completed_on, started_on, created_on) AS "changedOn", output
       FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND data->>$2 = ANY($3::text[])
       ORDER BY data->>$2, created_on DESC`,
      [name, field, values.map(String)],
    );
    return new Map(rows.map(({ key, ...job }) => [key, job]));
  }

  /** Stops taking this queue's jobs; resolves once the handlers in flight have returned. */
  async stopWorking(name: string): Promise<void> {
    await this.boss.offWork(name, { wait: true });
  }

  /**
   * Handles the queue's jobs one at a time per worker; a thrown error fails the job for a retry.
   * One worker polls at `pollingIntervalSeconds`; the others of `concurrency` wait for NOTIFY (a job
   * sent wakes them) and poll only every IDLE_WORKER_POLL_SECONDS: sixteen workers polling every half
   * second were 32 fetches a second per idle instance. A job that becomes due without a NOTIFY (a
   * retry's delay, a group's turn) is fetched by the polling worker, or by a worker that has just
   * finished a job (pg-boss fetches again at once after a job longer than the worker's interval).
   */
  async work<T extends object>(name: string, options: WorkerOptions, handler: (job: Job<T>) => Promise<void>): Promise<void> {
    await this.declare(name);
    const concurrency = options.concurrency ?? 1;
    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
    const handle = async ([job]: Job<T>[]) => {
      if (job && (!options.groupLimits || (await this.withinGroupLimit(name, job, options.groupLimits)))) await handler(job);
    };
    const workers = (localConcurrency: number, intervalSeconds: number) =>
      this.boss.work<T>(
        name,
        {
          batchSize: 1,
          localConcurrency,
          groupConcurrency: options.groupLimits,
          pollingIntervalSeconds: intervalSeconds,
          // With NOTIFY on, pg-boss would relax a worker's poll to 30 s: the interval asked for stands.
          notifyPollingIntervalSeconds: intervalSeconds,
        },
        handle,
      );
    await workers(1, pollingIntervalSeconds);
    if (concurrency > 1) await workers(concurrency - 1, Math.max(pollingIntervalSeconds, IDLE_WORKER_POLL_SECONDS));
  }

  /**
   * Whether a job may run within its group's limit. pg-boss's fetch counts a group's active jobs
   * without locking them, so workers fetching at the same moment can each claim one at the edge
   * of the limit. Checked here one job of the group at a time (an advisory lock), a job past the
   * limit is sent again, to wait for its turn, and its claim ends without running it.
   */
  private async withinGroupLimit(name: string, job: Job<object>, limits: GroupLimits): Promise<boolean> {
    const { groupId, groupTier } = job;
    if (!groupId) return true;
    const limit = (groupTier ? limits.tiers[groupTier] : undefined) ?? limits.default;
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${name}:${groupId}`]);
      // Read after the lock: every job let through before this one is counted.
      const [{ others }] = await manager.query<{ others: number }[]>(
        `SELECT count(*)::int AS others FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND group_id = $2 AND state = 'active' AND id <> $3`,
        [name, groupId, job.id],
      );
      if (others < limit) return true;
      await this.send(name, job.data, { group: { id: groupId, tier: groupTier ?? undefined } }, manager);
      return false;
    });
  }
}
