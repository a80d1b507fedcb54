import { Injectable, type OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { redisUnavailableReason } from './redis-errors.js';
import { RedisConnections } from './redis-connections.js';

/** Readiness of Redis, for GET /api/health: a PING on a connection of its own (never queued behind the stores' commands). */
@Injectable()
export class RedisHealthIndicator implements OnApplicationShutdown {
  private readonly redis?: Redis;

  constructor(connections: RedisConnections) {
    this.redis = connections.connect?.('health');
  }

  /** Resolves when Redis is not used or answers within `timeoutMs`; otherwise a 503 "Redis unavailable: …". */
  async check(timeoutMs: number): Promise<void> {
    if (!this.redis) return;
    let deadline: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.redis.ping(),
        new Promise<never>((_, reject) => {
          deadline = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
        }),
      ]);
    } catch (error) {
      throw new ServiceUnavailableException(`Redis unavailable: ${redisUnavailableReason(error) ?? (error as Error).message}`);
    } finally {
      clearTimeout(deadline);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}
