import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { type Job, PgBoss, type QueueOptions, type SendOptions } from 'pg-boss';
import type { AppConfig } from '../config/configuration.js';

export type { Job } from 'pg-boss';

export interface WorkerOptions {
  /** Jobs of this queue handled at once by this instance. */
  concurrency?: number;
  /** Seconds between a worker's polls for more work (minimum 0.5). */
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

  constructor(config: ConfigService<AppConfig, true>) {
    this.boss = new PgBoss({
      connectionString: config.get('database', { infer: true }).url,
      schema: 'pgboss',
      application_name: 'assistant-queue',
      max: 5,
      useListenNotify: true,
      // Nothing here uses pg-boss's own cron (the run scheduler is ours); keep its timers quiet.
      schedule: false,
      // How soon the job of a worker that died is noticed and handed to another (with a
      // queue's heartbeat or expiry); the default would be a minute.
      superviseIntervalSeconds: 5,
      monitorIntervalSeconds: 5,
    });
    // pg-boss reports background failures as events; without a listener they would crash the process.
    this.boss.on('error', (error: Error) => this.logger.error(`Queue error: ${error.message}`));
    this.boss.on('warning', (warning: { message: string }) => this.logger.warn(`Queue warning: ${warning.message}`));
  }

  async onModuleInit(): Promise<void> {
    this.started = this.boss.start();
    await this.started;
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.started) return;
    // Graceful: in-flight handlers may finish (their jobs complete), then the pool closes.
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true });
  }

  /** Creates the queue if it does not exist, and applies its policy either way. */
  declare(name: string, options: QueueOptions = {}): Promise<void> {
    let declared = this.declared.get(name);
    if (!declared) {
      declared = (async () => {
        await this.boss.createQueue(name, { ...options, notify: true });
        if (Object.keys(options).length > 0) await this.boss.updateQueue(name, options);
      })();
      this.declared.set(name, declared);
    }
    return declared;
  }

  /** Enqueues a job; null when a job with the same singleton key is already waiting. */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    await this.declare(name);
    return this.boss.send(name, data, options);
  }

  /** Handles the queue's jobs one at a time per worker; a thrown error fails the job for a retry. */
  async work<T extends object>(name: string, options: WorkerOptions, handler: (job: Job<T>) => Promise<void>): Promise<void> {
    await this.declare(name);
    await this.boss.work<T>(
      name,
      {
        batchSize: 1,
        localConcurrency: options.concurrency ?? 1,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
        // NOTIFY wakes idle workers when a job arrives, but a worker that just finished one waits
        // for its next poll; pg-boss would relax that poll to 30 s with NOTIFY on.
        notifyPollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
      },
      async ([job]) => {
        if (job) await handler(job);
      },
    );
  }
}
