import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { databaseUnavailableReason } from '../database/database-errors.js';
import { storageReason } from '../http/transient-errors.js';
import { Metrics } from '../metrics/metrics.service.js';
import { QueueService } from '../queue/queue.service.js';
import { RedisHealthIndicator } from '../redis/redis-health.indicator.js';
import { ShutdownService } from '../shutdown/shutdown.service.js';
import { StorageService } from '../storage/storage.service.js';
import type { Dependency, HealthResponse } from './health.response.js';

/** Every check answers within this, whatever the pool's or client's own timeouts (a probe's patience is short). */
export const HEALTH_TIMEOUT_MS = 2_000;

/** One dependency the instance cannot serve without. */
interface DependencyCheck {
  /** The key the health answer reports it under. */
  name: Dependency;
  /** How a failure starts: "Database unavailable: ...". */
  label: string;
  /** Resolves while the dependency is usable. */
  probe: () => Promise<unknown>;
  /** A failure in a few words. */
  reason: (error: unknown) => string;
}


class NoAnswer extends Error {}

/**
 * Readiness: each dependency checked at once, in parallel, each within HEALTH_TIMEOUT_MS. Any
 * failure answers 503 (the exception filter adds Retry-After) naming every dependency that failed
 * and why, so an orchestrator stops sending traffic and an operator reads the cause.
 */
@Injectable()
export class HealthService {
  /** A further dependency is one more entry here. */
  private readonly checks: DependencyCheck[];
  /** Readiness checks one more: the job queue's own pool. */
  private readonly queueCheck: DependencyCheck;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    storage: StorageService,
    redis: RedisHealthIndicator,
    queue: QueueService,
    private readonly shutdown: ShutdownService,
    metrics: Metrics,
  ) {
    metrics.sampleOnScrape('readiness', () => this.ready().then(() => metrics.ready.set(1), () => metrics.ready.set(0)));
    this.queueCheck = { name: 'queue', label: 'Queue unavailable', probe: () => queue.probe(), reason: (error) => databaseUnavailableReason(error) ?? 'query failed' };
    this.checks = [
      {
        name: 'database',
        label: 'Database unavailable',
        probe: () => dataSource.query('SELECT 1'),
        reason: (error) => databaseUnavailableReason(error) ?? 'query failed',
      },
      {
        // Local disk under DATA_DIR (writable, with free space), or the S3 bucket (reachable).
        name: 'storage',
        label: 'Storage unavailable',
        probe: () => storage.probe(),
        reason: (error) => storageReason(error) ?? (error instanceof Error ? error.message : String(error)),
      },
      // Only with REDIS_URL: an instance on memory alone has no Redis to wait for.
      ...(redis.used ? [{ name: 'redis' as const, label: 'Redis unavailable', probe: () => redis.ping(), reason: (error: unknown) => redis.reason(error) }] : []),
    ];
  }

  /** GET /api/health, unchanged: the dependencies it has always checked. */
  check(): Promise<HealthResponse> {
    return this.checkAll(this.checks);
  }

  /** GET /api/health/ready: 503 while draining for a stop, else every dependency, the queue included. */
  ready(): Promise<HealthResponse> {
    if (this.shutdown.isDraining) return Promise.reject(new ServiceUnavailableException('Draining: this instance is shutting down'));
    return this.checkAll([...this.checks, this.queueCheck]);
  }

  private async checkAll(checks: DependencyCheck[]): Promise<HealthResponse> {
    const results = await Promise.all(checks.map(async (check) => ({ check, failure: await failureOf(check) })));
    const failures = results.filter(({ failure }) => failure !== undefined).map(({ check, failure }) => `${check.label}: ${failure}`);
    if (failures.length > 0) throw new ServiceUnavailableException(failures.join('; '));
    const report: HealthResponse = { status: 'ok' };
    for (const check of checks) report[check.name] = 'up';
    return report;
  }
}

/** Undefined when the check passed within HEALTH_TIMEOUT_MS, else why it did not. */
async function failureOf(check: DependencyCheck): Promise<string | undefined> {
  const probe = check.probe();
  // When the deadline wins, the probe still ends later (at its own timeout): unheard.
  probe.catch(() => undefined);
  let deadline: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe,
      new Promise<never>((_, reject) => {
        deadline = setTimeout(() => reject(new NoAnswer()), HEALTH_TIMEOUT_MS);
      }),
    ]);
    return undefined;
  } catch (error) {
    return error instanceof NoAnswer ? `no answer within ${HEALTH_TIMEOUT_MS / 1000} s` : check.reason(error);
  } finally {
    clearTimeout(deadline);
  }
}
