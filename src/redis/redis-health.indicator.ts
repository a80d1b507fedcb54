import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
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

  /** Whether this instance uses Redis at all (REDIS_URL): without it there is nothing to check. */
  get used(): boolean {
    return this.redis !== undefined;
  }

  /** Whether the connection is up now (for the metrics; readiness pings instead). */
  get ready(): boolean {
    return this.redis?.status === 'ready';
  }

  /** Resolves when Redis answers (the health check bounds how long it waits). */
  ping(): Promise<unknown> {
    return this.redis ? this.redis.ping() : Promise.resolve();
  }

  /** A failed ping in a few words. */
  reason(error: unknown): string {
    return redisUnavailableReason(error) ?? (error instanceof Error ? error.message : String(error));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}
