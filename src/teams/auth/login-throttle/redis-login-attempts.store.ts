import type { OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { type AttemptVerdict, type LoginAttemptRules, LoginAttemptsStore } from './login-attempts.store.js';

/**
 * One attempt, atomically (see LoginAttemptsStore.attempt and delayAfter).
 * KEYS: address failures, pair count, pair wait. ARGV: address limit, free attempts, base delay ms,
 * max delay ms, pair ttl ms. Returns {0} when admitted, else {ms to wait, 1 = address | 2 = pair}.
 */
const ATTEMPT_SCRIPT = `
local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
if failures >= tonumber(ARGV[1]) then return {math.max(redis.call('PTTL', KEYS[1]), 1), 1} end
local wait = redis.call('PTTL', KEYS[3])
if wait > 0 then return {wait, 2} end
local count = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
local free = tonumber(ARGV[2])
if count >= free then
  local delay = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ math.min(count - free, 30))
  redis.call('SET', KEYS[3], '1', 'PX', math.floor(delay))
end
return {0}
`;

/** A failed sign-in: a fixed window per address. KEYS: address failures. ARGV: window ms. */
const FAILED_SCRIPT = `
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 1
`;

type Scripted = Record<'loginAttempt' | 'loginFailed', (...args: (string | number)[]) => Promise<number[]>>;

/** Counters shared by every instance (REDIS_URL), beside the rate limiter's. */
export class RedisLoginAttemptsStore extends LoginAttemptsStore implements OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(url: string) {
    super();
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
    this.redis.defineCommand('loginAttempt', { numberOfKeys: 3, lua: ATTEMPT_SCRIPT });
    this.redis.defineCommand('loginFailed', { numberOfKeys: 1, lua: FAILED_SCRIPT });
  }

  async attempt(pair: string, address: string, rules: LoginAttemptRules): Promise<AttemptVerdict> {
    const [waitMs, limitedBy] = await (this.redis as unknown as Scripted).loginAttempt(
      addressKey(address),
      pairKey(pair),
      `${pairKey(pair)}:wait`,
      rules.addressLimit,
      rules.freeAttempts,
      rules.baseDelayMs,
      rules.maxDelayMs,
      rules.pairTtlMs,
    );
    return waitMs === 0 ? { allowed: true } : { allowed: false, waitMs, limitedBy: limitedBy === 1 ? 'address' : 'pair' };
  }

  async failed(address: string, rules: LoginAttemptRules): Promise<void> {
    await (this.redis as unknown as Scripted).loginFailed(addressKey(address), rules.addressWindowMs);
  }

  async succeeded(pair: string): Promise<void> {
    await this.redis.del(pairKey(pair), `${pairKey(pair)}:wait`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

function pairKey(pair: string): string {
  return `login:pair:${pair}`;
}

function addressKey(address: string): string {
  return `login:address:${address}`;
}
