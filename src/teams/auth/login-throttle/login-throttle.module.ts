import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../../config/configuration.js';
import { LoginAttemptsStore } from './login-attempts.store.js';
import { LoginThrottleGuard } from './login-throttle.guard.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { MemoryLoginAttemptsStore } from './memory-login-attempts.store.js';
import { RedisLoginAttemptsStore } from './redis-login-attempts.store.js';

/** Sign-in throttling; its counters live where the rate limiter's do (Redis when REDIS_URL, else memory). */
@Module({
  providers: [
    {
      provide: LoginAttemptsStore,
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) => {
        const { redisUrl } = config.get('throttle', { infer: true });
        return redisUrl ? new RedisLoginAttemptsStore(redisUrl) : new MemoryLoginAttemptsStore();
      },
    },
    LoginThrottleService,
    LoginThrottleGuard,
  ],
  exports: [LoginThrottleService, LoginThrottleGuard],
})
export class LoginThrottleModule {}
