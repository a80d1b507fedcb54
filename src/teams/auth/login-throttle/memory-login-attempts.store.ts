import { type AttemptVerdict, delayAfter, type LoginAttemptRules, LoginAttemptsStore } from './login-attempts.store.js';

interface Counter {
  count: number;
  expiresAt: number;
}

/** Counters of one instance (no REDIS_URL); expired entries are dropped when next read and swept once a minute. */
export class MemoryLoginAttemptsStore extends LoginAttemptsStore {
  private readonly pairs = new Map<string, Counter>();
  private readonly waits = new Map<string, number>();
  private readonly addresses = new Map<string, Counter>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  attempt(pair: string, address: string, rules: LoginAttemptRules): Promise<AttemptVerdict> {
    const now = Date.now();
    const failures = live(this.addresses.get(address), now);
    if (failures && failures.count >= rules.addressLimit) {
      return Promise.resolve({ allowed: false, waitMs: failures.expiresAt - now, limitedBy: 'address' });
    }
    const waitUntil = this.waits.get(pair) ?? 0;
    if (waitUntil > now) return Promise.resolve({ allowed: false, waitMs: waitUntil - now, limitedBy: 'pair' });
    const count = (live(this.pairs.get(pair), now)?.count ?? 0) + 1;
    this.pairs.set(pair, { count, expiresAt: now + rules.pairTtlMs });
    const delay = delayAfter(count, rules);
    if (delay > 0) this.waits.set(pair, now + delay);
    return Promise.resolve({ allowed: true });
  }

  failed(address: string, rules: LoginAttemptRules): Promise<void> {
    const now = Date.now();
    const current = live(this.addresses.get(address), now);
    this.addresses.set(address, current ? { ...current, count: current.count + 1 } : { count: 1, expiresAt: now + rules.addressWindowMs });
    return Promise.resolve();
  }

  succeeded(pair: string): Promise<void> {
    this.pairs.delete(pair);
    this.waits.delete(pair);
    return Promise.resolve();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, counter] of this.pairs) if (counter.expiresAt <= now) this.pairs.delete(key);
    for (const [key, until] of this.waits) if (until <= now) this.waits.delete(key);
    for (const [key, counter] of this.addresses) if (counter.expiresAt <= now) this.addresses.delete(key);
  }
}

function live(counter: Counter | undefined, now: number): Counter | undefined {
  return counter && counter.expiresAt > now ? counter : undefined;
}
