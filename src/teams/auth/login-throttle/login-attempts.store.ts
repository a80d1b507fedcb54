/** How sign-in attempts are counted; see LoginThrottleService. */
export interface LoginAttemptRules {
  /** Attempts per (email, address) pair before each further one waits. */
  freeAttempts: number;
  /** The first wait; it doubles with every further attempt, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a pair's count is kept after its last attempt. */
  pairTtlMs: number;
  /** Failed sign-ins per address, across emails, in `addressWindowMs`. */
  addressLimit: number;
  addressWindowMs: number;
  /**
   * Attempts on one account from addresses it never signed in from, across all of them, before
   * each further one sets a wait for the whole account (doubling from `accountBaseDelayMs` up to
   * `accountMaxDelayMs`). Addresses with a successful sign-in in `knownAddressTtlMs` are exempt.
   */
  accountFreeAttempts: number;
  accountBaseDelayMs: number;
  accountMaxDelayMs: number;
  knownAddressTtlMs: number;
}

/** Why an attempt must wait, and for how long. */
export type AttemptVerdict = { allowed: true } | { allowed: false; waitMs: number; limitedBy: 'pair' | 'address' | 'account' };

/**
 * Sign-in attempt counters: in memory on one instance, in Redis when several share the work (the
 * rate limiter's store). Each operation is atomic, so concurrent attempts cannot slip past a wait.
 */
export abstract class LoginAttemptsStore {
  /**
   * Admits one attempt for `pair` (an account from an address) from `address`, or says how long
   * it must wait. An admitted attempt counts against the pair at once (so parallel guesses count
   * too), and from the `freeAttempts`-th on sets the wait before the next one. Unless the pair
   * signed in successfully before (a known address), it also counts against `account`, across
   * addresses, with the account's own free attempts and wait.
   */
  abstract attempt(pair: string, address: string, account: string, rules: LoginAttemptRules): Promise<AttemptVerdict>;

  /** A wrong password: counts against the address across emails. */
  abstract failed(address: string, rules: LoginAttemptRules): Promise<void>;

  /** The right password: the pair and the account start afresh, and the pair's address becomes known. */
  abstract succeeded(pair: string, account: string, rules: LoginAttemptRules): Promise<void>;
}

/** The wait that the `attempts`-th attempt of a pair sets before the next one (0: none yet). */
export function delayAfter(attempts: number, rules: Pick<LoginAttemptRules, 'freeAttempts' | 'baseDelayMs' | 'maxDelayMs'>): number {
  if (attempts < rules.freeAttempts) return 0;
  return Math.min(rules.maxDelayMs, rules.baseDelayMs * 2 ** Math.min(attempts - rules.freeAttempts, 30));
}

/** The same for the `attempts`-th attempt on an account from unknown addresses. */
export function accountDelayAfter(attempts: number, rules: LoginAttemptRules): number {
  return delayAfter(attempts, { freeAttempts: rules.accountFreeAttempts, baseDelayMs: rules.accountBaseDelayMs, maxDelayMs: rules.accountMaxDelayMs });
}
