import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { databaseUnavailableReason } from '../database/database-errors.js';
import { RedisHealthIndicator } from '../redis/redis-health.indicator.js';
import { Public } from '../teams/auth/public.decorator.js';

/** The health check answers within this, whatever the pool's own timeouts (a probe's patience is short). */
export const HEALTH_TIMEOUT_MS = 2_000;

class NoAnswer extends Error {}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisHealthIndicator,
  ) {}

  /**
   * Liveness and readiness in one: 200 while the database (and Redis, with REDIS_URL) answers,
   * otherwise 503 (with Retry-After) saying why, within HEALTH_TIMEOUT_MS even when it is frozen.
   */
  @Public()
  @Get()
  async check(): Promise<{ status: 'ok'; database: 'up' }> {
    const query = this.dataSource.query('SELECT 1');
    // When the deadline wins, the query still ends later (at the pool's query timeout): unheard.
    query.catch(() => undefined);
    let deadline: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        query,
        new Promise<never>((_, reject) => {
          deadline = setTimeout(() => reject(new NoAnswer()), HEALTH_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      const reason = error instanceof NoAnswer ? `no answer within ${HEALTH_TIMEOUT_MS / 1000} s` : (databaseUnavailableReason(error) ?? 'query failed');
      throw new ServiceUnavailableException(`Database unavailable: ${reason}`);
    } finally {
      clearTimeout(deadline);
    }
    await this.redis.check(HEALTH_TIMEOUT_MS);
    return { status: 'ok', database: 'up' };
  }
}
