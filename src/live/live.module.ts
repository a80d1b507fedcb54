import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../config/configuration.js';
import { RedisConnections } from '../redis/redis-connections.js';
import { LiveStreamStore } from './live-stream.store.js';
import { MemoryLiveStreamStore } from './memory-live-stream.store.js';
import { RedisLiveStreamStore } from './redis-live-stream.store.js';

/** Live streams for every module: in memory by default, in Redis when REDIS_URL is set. */
@Global()
@Module({
  providers: [
    {
      provide: LiveStreamStore,
      inject: [ConfigService, RedisConnections],
      useFactory: (config: ConfigService<AppConfig, true>, { connect }: RedisConnections) => {
        const { streamTtlSeconds } = config.get('live', { infer: true });
        return connect ? new RedisLiveStreamStore(connect, streamTtlSeconds) : new MemoryLiveStreamStore(streamTtlSeconds * 1000);
      },
    },
  ],
  exports: [LiveStreamStore],
})
export class LiveModule {}
