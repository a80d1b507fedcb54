import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ThrottlerModule } from '@nestjs/throttler';
import type { AppConfig } from '../../config/configuration.js';
import { PlanQuotaService } from './plan-quota.service.js';
import { rateLimitOptions } from './rate-limit.options.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';

const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

/** Redis when REDIS_URL is set (counts shared by every instance); otherwise the in-memory default. */
@Module({
  providers: [
    {
      provide: RATE_LIMIT_STORE,
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) => {
        const { redisUrl } = config.get('throttle', { infer: true });
        return redisUrl ? new RedisThrottlerStorage(redisUrl) : null;
      },
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
      useFactory: (config: ConfigService<AppConfig, true>, store: RedisThrottlerStorage | null) =>
        rateLimitOptions(config.get('throttle', { infer: true }), store ?? undefined),
    }),
  ],
  providers: [PlanQuotaService],
  exports: [PlanQuotaService],
})
export class RateLimitModule {}
