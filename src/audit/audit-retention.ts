import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../config/configuration.js';
import { QueueService } from '../queue/queue.service.js';
import { AuditTrailService } from './audit-trail.service.js';

export const AUDIT_RETENTION = 'audit-retention';
const DAY_SECONDS = 24 * 3600;

/**
 * Deletes audit events older than AUDIT_RETENTION_DAYS once a day, as a job of the queue: one
 * instance does it, and a failure is retried. Each run queues the next a day later; every
 * instance queues one at startup, and the day's singleton slot keeps those to one a day.
 */
@Injectable()
export class AuditRetention implements OnApplicationBootstrap {
  private readonly logger = new Logger(AuditRetention.name);
  private readonly days: number;

  constructor(
    private readonly queue: QueueService,
    private readonly audit: AuditTrailService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.days = config.get('auth', { infer: true }).auditRetentionDays;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.declare(AUDIT_RETENTION, { retryLimit: 5, retryDelay: 60, retryBackoff: true });
    await this.queue.work(AUDIT_RETENTION, {}, () => this.run());
    await this.queue.send(AUDIT_RETENTION, {}, { singletonSeconds: DAY_SECONDS });
  }

  /** Prunes, then queues tomorrow's run. */
  async run(): Promise<void> {
    const deleted = await this.audit.prune(this.days);
    if (deleted > 0) this.logger.log(`Deleted ${deleted} audit events older than ${this.days} days`);
    await this.queue.send(AUDIT_RETENTION, {}, { singletonSeconds: DAY_SECONDS, singletonNextSlot: true });
  }
}
