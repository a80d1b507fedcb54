import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { RedisConnector } from '../../../redis/redis-connection.js';
import { MemoryFallback } from '../../../redis/redis-fallback.js';
import { type AttemptVerdict, type LoginAttemptRules, LoginAttemptsStore } from './login-attempts.store.js';
import { MemoryLoginAttemptsStore } from './memory-login-attempts.store.js';

/**
 * One attempt, atomically (see LoginAttemptsStore.attempt, delayAfter and accountDelayAfter).
 * KEYS: address failures, pair count, pair wait, pair known, account count, account wait.
 * ARGV: address limit, free attempts, base delay ms, max delay ms, pair ttl ms, account free
 * attempts, account base delay ms, account max delay ms. Returns {0} when admitted, else {ms to
 * wait, 1 = address | 2 = pair | 3 = account}.
 */
const ATTEMPT_SCRIPT = `
local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
if failures >= tonumber(ARGV[1]) then return {math.max(redis.call('PTTL', KEYS[1]), 1), 1} end
local wait = redis.call('PTTL', KEYS[3])
if wait > 0 then return {wait, 2} end
local known = redis.call('EXISTS', KEYS[4]) == 1
if not known then
  local accountWait = redis.call('PTTL', KEYS[6])
  if accountWait > 0 then return {accountWait, 3} end
end
local count = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
local free = tonumber(ARGV[2])
if count >= free then
  local delay = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ math.min(count - free, 30))
  redis.call('SET', KEYS[3], '1', 'PX', math.floor(delay))
end
if not known then
  local accountCount = redis.call('INCR', KEYS[5])
  redis.call('PEXPIRE', KEYS[5], ARGV[5])
  local accountFree = tonumber(ARGV[6])
  if accountCount >= accountFree then
    local delay = math.min(tonumber(ARGV[8]), tonumber(ARGV[7]) * 2 ^ math.min(accountCount - accountFree, 30))
    redis.call('SET', KEYS[6], '1', 'PX', math.floor(delay))
  end
end
return {0}
`;

/** A failed sign-in: a fixed window per address. KEYS: address failures. ARGV: window ms. */
const FAILED_SCRIPT = `
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 1
`;

type Scripted = Record<'loginAttempt' | 'loginFailed', (...args: (string | number)[]) => Promise<number[]>>;

/**
 * Counters shared by every instance (REDIS_URL), beside the rate limiter's. While Redis is
 * unavailable they are kept in this instance's memory (MemoryFallback): sign-in stays open and
 * throttled, per instance; what was counted in Redis before counts again once it is back.
 */
export class RedisLoginAttemptsStore extends LoginAttemptsStore implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly memory = new MemoryLoginAttemptsStore();
  private readonly fallback: MemoryFallback;

  constructor(connect: RedisConnector) {
    super();
    this.redis = connect('login-throttle');
    this.fallback = new MemoryFallback(this.redis, 'sign-in attempt counters', new Logger(RedisLoginAttemptsStore.name));
    this.redis.defineCommand('loginAttempt', { numberOfKeys: 6, lua: ATTEMPT_SCRIPT });
    this.redis.defineCommand('loginFailed', { numberOfKeys: 1, lua: FAILED_SCRIPT });
  }

  attempt(pair: string, address: string, account: string, rules: LoginAttemptRules): Promise<AttemptVerdict> {
    return this.fallback.call(
      () => this.attemptShared(pair, address, account, rules),
      () => this.memory.attempt(pair, address, account, rules),
    );
  }

  failed(address: string, rules: LoginAttemptRules): Promise<void> {
    return this.fallback.call(
      async () => {
        await (this.redis as unknown as Scripted).loginFailed(addressKey(address), rules.addressWindowMs);
      },
      () => this.memory.failed(address, rules),
    );
  }

  succeeded(pair: string, account: string, rules: LoginAttemptRules): Promise<void> {
    return this.fallback.call(
      async () => {
        await this.redis
          .multi()
          .del(pairKey(pair), `${pairKey(pair)}:wait`, accountKey(account), `${accountKey(account)}:wait`)
          .set(knownKey(pair), '1', 'PX', rules.knownAddressTtlMs)
          .exec();
      },
      () => this.memory.succeeded(pair, account, rules),
    );
  }

  private async attemptShared(pair: string, address: string, account: string, rules: LoginAttemptRules): Promise<AttemptVerdict> {
    const [waitMs, limitedBy] = await (this.redis as unknown as Scripted).loginAttempt(
      addressKey(address),
      pairKey(pair),
      `${pairKey(pair)}:wait`,
      knownKey(pair),
      accountKey(account),
      `${accountKey(account)}:wait`,
      rules.addressLimit,
      rules.freeAttempts,
      rules.baseDelayMs,
      rules.maxDelayMs,
      rules.pairTtlMs,
      rules.accountFreeAttempts,
      rules.accountBaseDelayMs,
      rules.accountMaxDelayMs,
    );
    if (waitMs === 0) return { allowed: true };
    return { allowed: false, waitMs, limitedBy: limitedBy === 1 ? 'address' : limitedBy === 2 ? 'pair' : 'account' };
  }

  async onApplicationShutdown(): Promise<void> {
    this.memory.onApplicationShutdown();
    await this.redis.quit().catch(() => undefined);
  }
}

function pairKey(pair: string): string {
  return `login:pair:${pair}`;
}

function knownKey(pair: string): string {
  return `login:known:${pair}`;
}

function accountKey(account: string): string {
  return `login:account:${account}`;
}

function addressKey(address: string): string {
  return `login:address:${address}`;
}
