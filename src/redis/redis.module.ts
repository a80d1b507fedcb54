import { Global, Module } from '@nestjs/common';
import { RedisConnections } from './redis-connections.js';
import { RedisHealthIndicator } from './redis-health.indicator.js';

/** Connections to Redis (REDIS_URL) for every module, all with the same timeouts, and its readiness check. */
@Global()
@Module({
  providers: [RedisConnections, RedisHealthIndicator],
  exports: [RedisConnections, RedisHealthIndicator],
})
export class RedisModule {}
