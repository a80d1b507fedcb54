import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ThrottlerModule, type ThrottlerStorage } from '@nestjs/throttler';
import type { AppConfig } from '../../config/configuration.js';
import { RedisConnections } from '../../redis/redis-connections.js';
import { MemoryThrottlerStorage } from './memory-throttler.storage.js';
import { PlanQuotaService } from './plan-quota.service.js';
import { rateLimitOptions } from './rate-limit.options.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';

const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

/** Redis when REDIS_URL is set (counts shared by every instance); otherwise this instance's memory. */
@Module({
  providers: [
    {
      provide: RATE_LIMIT_STORE,
      inject: [RedisConnections],
      useFactory: ({ connect }: RedisConnections) => (connect ? new RedisThrottlerStorage(connect) : new MemoryThrottlerStorage()),
    },
  ],
  exports: [RATE_LIMIT_STORE],
})
class RateLimitStoreModule {}

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStoreModule],
      inject: [ConfigService, RATE_LIMIT_STORE],
      useFactory: (config: ConfigService<AppConfig, true>, store: ThrottlerStorage) => rateLimitOptions(config.get('plans', { infer: true }), config.get('login', { infer: true }), store),
    }),
  ],
  providers: [PlanQuotaService],
  exports: [PlanQuotaService],
})
export class RateLimitModule {}
