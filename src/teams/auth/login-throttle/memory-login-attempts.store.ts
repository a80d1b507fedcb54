import { accountDelayAfter, type AttemptVerdict, delayAfter, type LoginAttemptRules, LoginAttemptsStore } from './login-attempts.store.js';

interface Counter {
  count: number;
  expiresAt: number;
}

/** Counters of one instance (no REDIS_URL); expired entries are dropped when next read and swept once a minute. */
export class MemoryLoginAttemptsStore extends LoginAttemptsStore {
  private readonly pairs = new Map<string, Counter>();
  private readonly waits = new Map<string, number>();
  private readonly addresses = new Map<string, Counter>();
  private readonly accounts = new Map<string, Counter>();
  private readonly accountWaits = new Map<string, number>();
  /** Pairs that signed in successfully, until when they count as the owner's known address. */
  private readonly known = new Map<string, number>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  attempt(pair: string, address: string, account: string, rules: LoginAttemptRules): Promise<AttemptVerdict> {
    const now = Date.now();
    const failures = live(this.addresses.get(address), now);
    if (failures && failures.count >= rules.addressLimit) {
      return Promise.resolve({ allowed: false, waitMs: failures.expiresAt - now, limitedBy: 'address' });
    }
    const waitUntil = this.waits.get(pair) ?? 0;
    if (waitUntil > now) return Promise.resolve({ allowed: false, waitMs: waitUntil - now, limitedBy: 'pair' });
    const known = (this.known.get(pair) ?? 0) > now;
    const accountWaitUntil = known ? 0 : (this.accountWaits.get(account) ?? 0);
    if (accountWaitUntil > now) return Promise.resolve({ allowed: false, waitMs: accountWaitUntil - now, limitedBy: 'account' });
    const count = (live(this.pairs.get(pair), now)?.count ?? 0) + 1;
    this.pairs.set(pair, { count, expiresAt: now + rules.pairTtlMs });
    const delay = delayAfter(count, rules);
    if (delay > 0) this.waits.set(pair, now + delay);
    if (!known) {
      const accountCount = (live(this.accounts.get(account), now)?.count ?? 0) + 1;
      this.accounts.set(account, { count: accountCount, expiresAt: now + rules.pairTtlMs });
      const accountDelay = accountDelayAfter(accountCount, rules);
      if (accountDelay > 0) this.accountWaits.set(account, now + accountDelay);
    }
    return Promise.resolve({ allowed: true });
  }

  failed(address: string, rules: LoginAttemptRules): Promise<void> {
    const now = Date.now();
    const current = live(this.addresses.get(address), now);
    this.addresses.set(address, current ? { ...current, count: current.count + 1 } : { count: 1, expiresAt: now + rules.addressWindowMs });
    return Promise.resolve();
  }

  succeeded(pair: string, account: string, rules: LoginAttemptRules): Promise<void> {
    this.pairs.delete(pair);
    this.waits.delete(pair);
    this.accounts.delete(account);
    this.accountWaits.delete(account);
    this.known.set(pair, Date.now() + rules.knownAddressTtlMs);
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
    for (const [key, counter] of this.accounts) if (counter.expiresAt <= now) this.accounts.delete(key);
    for (const [key, until] of this.accountWaits) if (until <= now) this.accountWaits.delete(key);
    for (const [key, until] of this.known) if (until <= now) this.known.delete(key);
  }
}

function live(counter: Counter | undefined, now: number): Counter | undefined {
  return counter && counter.expiresAt > now ? counter : undefined;
}
