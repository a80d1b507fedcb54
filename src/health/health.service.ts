import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { databaseUnavailableReason } from '../database/database-errors.js';
import { storageReason } from '../http/transient-errors.js';
import { RedisHealthIndicator } from '../redis/redis-health.indicator.js';
import { StorageService } from '../storage/storage.service.js';

/** Every check answers within this, whatever the pool's or client's own timeouts (a probe's patience is short). */
export const HEALTH_TIMEOUT_MS = 2_000;

/** One dependency the instance cannot serve without. */
interface DependencyCheck {
  /** The key the health answer reports it under. */
  name: string;
  /** How a failure starts: "Database unavailable: ...". */
  label: string;
  /** Resolves while the dependency is usable. */
  probe: () => Promise<unknown>;
  /** A failure in a few words. */
  reason: (error: unknown) => string;
}

export type HealthReport = { status: 'ok' } & Record<string, 'up' | 'ok'>;

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

  constructor(@InjectDataSource() dataSource: DataSource, storage: StorageService, redis: RedisHealthIndicator) {
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
      ...(redis.used ? [{ name: 'redis', label: 'Redis unavailable', probe: () => redis.ping(), reason: (error: unknown) => redis.reason(error) }] : []),
    ];
  }

  async check(): Promise<HealthReport> {
    const results = await Promise.all(this.checks.map(async (check) => ({ check, failure: await failureOf(check) })));
    const failures = results.filter(({ failure }) => failure !== undefined).map(({ check, failure }) => `${check.label}: ${failure}`);
    if (failures.length > 0) throw new ServiceUnavailableException(failures.join('; '));
    const report: HealthReport = { status: 'ok' };
    for (const check of this.checks) report[check.name] = 'up';
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
