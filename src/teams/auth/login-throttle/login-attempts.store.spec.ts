import { delayAfter, type LoginAttemptRules } from './login-attempts.store.js';

const RULES: LoginAttemptRules = {
  freeAttempts: 5,
  baseDelayMs: 30_000,
  maxDelayMs: 900_000,
  pairTtlMs: 86_400_000,
  addressLimit: 100,
  addressWindowMs: 900_000,
  accountFreeAttempts: 10,
  accountBaseDelayMs: 5_000,
  accountMaxDelayMs: 60_000,
  knownAddressTtlMs: 30 * 86_400_000,
};

describe('delayAfter', () => {
  it('lets the first attempts go on at once, then doubles the wait up to the cap', () => {
    expect([1, 2, 3, 4].map((attempts) => delayAfter(attempts, RULES))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11].map((attempts) => delayAfter(attempts, RULES) / 1000)).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });

  it('stays at the cap however many attempts there were', () => {
    expect(delayAfter(10_000, RULES)).toBe(900_000);
  });
});
