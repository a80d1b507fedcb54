import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { RedisHealthIndicator } from '../redis/redis-health.indicator.js';
import { Metrics } from './metrics.service.js';

/** The database pool's and Redis connection's state, read on each scrape (in memory: nothing queried). */
@Injectable()
export class DependencyMetrics {
  constructor(metrics: Metrics, @InjectDataSource() dataSource: DataSource, redis: RedisHealthIndicator) {
    metrics.sampleOnScrape('dependencies', () => {
      // TypeORM's postgres driver keeps its pg Pool as `master`.
      const pool = (dataSource.driver as unknown as { master?: Pool }).master;
      if (pool) {
        metrics.dbPool.set({ state: 'total' }, pool.totalCount);
        metrics.dbPool.set({ state: 'idle' }, pool.idleCount);
        metrics.dbPool.set({ state: 'waiting' }, pool.waitingCount);
      }
      if (redis.used) metrics.redisUp.set(redis.ready ? 1 : 0);
      return Promise.resolve();
    });
  }
}
