import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../config/configuration.js';
import { LiveStreamStore } from './live-stream.store.js';
import { MemoryLiveStreamStore } from './memory-live-stream.store.js';
import { RedisLiveStreamStore } from './redis-live-stream.store.js';

/** Live streams for every module: in memory by default, in Redis when REDIS_URL is set. */
@Global()
@Module({
  providers: [
    {
      provide: LiveStreamStore,
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) => {
        const { redisUrl, liveStreamTtlSeconds } = config.get('throttle', { infer: true });
        return redisUrl ? new RedisLiveStreamStore(redisUrl, liveStreamTtlSeconds) : new MemoryLiveStreamStore(liveStreamTtlSeconds * 1000);
      },
    },
  ],
  exports: [LiveStreamStore],
})
export class LiveModule {}
