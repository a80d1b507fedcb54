import type { OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';

export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

interface Counter {
  hits: number;
  /** When the window that began with the first hit ends (ms since the epoch). */
  windowEndsAt: number;
  /** When a block set by going over the limit ends; 0 when none was set. */
  blockedUntil: number;
}

/** How often counters whose window and block are both over are dropped. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Rate-limit counters in this instance's memory (no REDIS_URL): the same fixed window and block as
 * RedisThrottlerStorage, so both stores answer alike. O(1) per request, where the throttler's own
 * store keeps and filters every hit's timestamp (a cost that grows with the limit).
 */
export class MemoryThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly counters = new Map<string, Counter>();
  private readonly sweeper = setInterval(() => this.sweep(Date.now()), SWEEP_INTERVAL_MS).unref();

  increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const now = Date.now();
    let counter = this.counters.get(key);
    if (!counter || counter.windowEndsAt <= now) {
      counter = { hits: 0, windowEndsAt: now + ttl, blockedUntil: counter?.blockedUntil ?? 0 };
      this.counters.set(key, counter);
    }
    counter.hits++;
    if (counter.blockedUntil <= now && counter.hits > limit) counter.blockedUntil = now + blockDuration;
    const blockLeft = Math.max(0, counter.blockedUntil - now);
    return Promise.resolve({
      totalHits: counter.hits,
      timeToExpire: Math.ceil((counter.windowEndsAt - now) / 1000),
      isBlocked: blockLeft > 0,
      timeToBlockExpire: Math.ceil(blockLeft / 1000),
    });
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }

  private sweep(now: number): void {
    for (const [key, counter] of this.counters) {
      if (counter.windowEndsAt <= now && counter.blockedUntil <= now) this.counters.delete(key);
    }
  }
}
