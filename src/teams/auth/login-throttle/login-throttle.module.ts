import { Module } from '@nestjs/common';
import { RedisConnections } from '../../../redis/redis-connections.js';
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
      inject: [RedisConnections],
      useFactory: ({ connect }: RedisConnections) => (connect ? new RedisLoginAttemptsStore(connect) : new MemoryLoginAttemptsStore()),
    },
    LoginThrottleService,
    LoginThrottleGuard,
  ],
  exports: [LoginThrottleService, LoginThrottleGuard],
})
export class LoginThrottleModule {}
