import type { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { redisUnavailableReason } from './redis-errors.js';

/** After a command failed for an outage, how long calls go straight to memory before Redis is tried again. */
const RETRY_REDIS_AFTER_MS = 5000;
/** A connection lost and not back yet (a first connection still under way is waited for, as its commands are queued). */
const DISCONNECTED = new Set(['close', 'reconnecting', 'end']);

/**
 * For state that may live in this instance's memory while Redis is unavailable (rate-limit and
 * sign-in counters): calls Redis, and on an outage the in-memory fallback. A connection that was
 * lost (Redis stopped, reconnecting) goes to memory at once; one that timed out (Redis frozen)
 * is tried again only every few seconds, the calls meanwhile going straight to memory: an outage
 * costs a request at most one command timeout, and only now and then. Logs the switch both ways, once.
 */
export class MemoryFallback {
  private downSince: number | undefined;
  private lastTry = 0;

  /** `what`: the state kept in memory meanwhile, for the log ("rate limits"). */
  constructor(
    private readonly connection: Redis,
    private readonly what: string,
    private readonly logger: Pick<Logger, 'warn' | 'log'>,
  ) {}

  async call<T>(redis: () => Promise<T>, memory: () => Promise<T>): Promise<T> {
    const now = Date.now();
    if (DISCONNECTED.has(this.connection.status)) return this.fellBack('not connected', memory);
    if (this.downSince !== undefined && now - this.lastTry < RETRY_REDIS_AFTER_MS) return memory();
    this.lastTry = now;
    let result: T;
    try {
      result = await redis();
    } catch (error) {
      const reason = redisUnavailableReason(error);
      if (reason === undefined) throw error;
      return this.fellBack(reason, memory);
    }
    if (this.downSince !== undefined) {
      this.logger.log(`Redis answers again after ${Math.round((Date.now() - this.downSince) / 1000)} s: ${this.what} are shared again`);
      this.downSince = undefined;
    }
    return result;
  }

  private fellBack<T>(reason: string, memory: () => Promise<T>): Promise<T> {
    if (this.downSince === undefined) {
      this.downSince = Date.now();
      this.logger.warn(`Redis unavailable (${reason}): ${this.what} are kept in this instance's memory until it answers`);
    }
    return memory();
  }
}
