import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import type { RedisConnector } from '../../redis/redis-connection.js';
import { MemoryFallback } from '../../redis/redis-fallback.js';
import { MemoryThrottlerStorage, type ThrottlerStorageRecord } from './memory-throttler.storage.js';

/**
 * Fixed-window counter and block flag updated atomically in one round trip.
 * KEYS: hits, block. ARGV: window ms, limit, block ms. Returns hits, window ms left, block ms left.
 */
const INCREMENT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local windowLeft = redis.call('PTTL', KEYS[1])
local blockLeft = redis.call('PTTL', KEYS[2])
if blockLeft < 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  blockLeft = tonumber(ARGV[3])
end
return {hits, windowLeft, blockLeft}
`;

/**
 * Rate-limit counters in Redis, shared by every instance (used when REDIS_URL is set). While Redis
 * is unavailable they are counted in this instance's memory instead (MemoryFallback): requests
 * stay limited, per instance, rather than refused or let through unlimited.
 */
export class RedisThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly memory = new MemoryThrottlerStorage();
  private readonly fallback: MemoryFallback;

  constructor(connect: RedisConnector) {
    this.redis = connect('rate-limit');
    this.fallback = new MemoryFallback(this.redis, 'rate limits', new Logger(RedisThrottlerStorage.name));
    this.redis.defineCommand('throttleIncrement', { numberOfKeys: 2, lua: INCREMENT_SCRIPT });
  }

  increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    return this.fallback.call(
      () => this.incrementShared(key, ttl, limit, blockDuration),
      () => this.memory.increment(key, ttl, limit, blockDuration),
    );
  }

  private async incrementShared(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const run = (this.redis as unknown as Record<string, (...args: (string | number)[]) => Promise<number[]>>)
      .throttleIncrement;
    const [hits, windowLeft, blockLeft] = await run.call(this.redis, key, `${key}:blocked`, ttl, limit, blockDuration);
    return {
      totalHits: hits,
      timeToExpire: Math.ceil(Math.max(0, windowLeft) / 1000),
      isBlocked: blockLeft > 0,
      timeToBlockExpire: Math.ceil(Math.max(0, blockLeft) / 1000),
    };
  }

  async onApplicationShutdown(): Promise<void> {
    this.memory.onApplicationShutdown();
    await this.redis.quit().catch(() => undefined);
  }
}
