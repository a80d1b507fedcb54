import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../../config/configuration.js';
import { clientAddressKey } from './client-address.js';
import { type LoginAttemptRules, LoginAttemptsStore } from './login-attempts.store.js';

/** A pair's count is forgotten this long after its last attempt (or at once by the right password). */
const PAIR_TTL_MS = 24 * 3600 * 1000;

/** An address the account signed in from stays exempt from the account-wide wait this long. */
const KNOWN_ADDRESS_TTL_MS = 30 * 24 * 3600 * 1000;

/** A sign-in that must wait: for how long, and the message that says so. */
export interface SignInWait {
  seconds: number;
  message: string;
}

/**
 * Slows password guessing without locking the owner out. Attempts are counted per (email,
 * address) pair: a few are free, then each waits twice as long as the one before, up to a cap,
 * and the right password starts the pair afresh. Failed sign-ins are also capped per address
 * across emails, a looser limit against one address trying many accounts. Attempts on one account
 * from addresses it never signed in from are counted across all of them too, and past a few each
 * sets a short, bounded wait for the whole account (guessing rotated over many addresses). The
 * owner at an address they signed in from in the last 30 days is never delayed by another
 * address's failures; at a new one, by at most the account's bounded wait. Addresses are counted
 * by clientAddressKey: IPv6 by its /64.
 */
@Injectable()
export class LoginThrottleService {
  private readonly rules: LoginAttemptRules;

  constructor(
    private readonly store: LoginAttemptsStore,
    config: ConfigService<AppConfig, true>,
  ) {
    const login = config.get('login', { infer: true });
    this.rules = {
      freeAttempts: login.freeAttempts,
      baseDelayMs: login.delaySeconds * 1000,
      maxDelayMs: login.maxDelaySeconds * 1000,
      pairTtlMs: PAIR_TTL_MS,
      addressLimit: login.failuresPerIp,
      addressWindowMs: login.windowSeconds * 1000,
      accountFreeAttempts: login.accountFreeAttempts,
      accountBaseDelayMs: login.accountDelaySeconds * 1000,
      accountMaxDelayMs: login.accountMaxDelaySeconds * 1000,
      knownAddressTtlMs: KNOWN_ADDRESS_TTL_MS,
    };
  }

  /** Admits a sign-in attempt (and counts it), or says how long it must wait. */
  async admit(email: string, ip: string | undefined): Promise<SignInWait | null> {
    const address = clientAddressKey(ip);
    const verdict = await this.store.attempt(pairOf(email, address), address, accountOf(email), this.rules);
    if (verdict.allowed) return null;
    const seconds = Math.max(1, Math.ceil(verdict.waitMs / 1000));
    const what = { pair: 'for this account from your address', address: 'from your address', account: 'for this account' }[verdict.limitedBy];
    return { seconds, message: `Too many failed sign-ins ${what}; try again in ${seconds} s` };
  }

  failed(ip: string | undefined): Promise<void> {
    return this.store.failed(clientAddressKey(ip), this.rules);
  }

  succeeded(email: string, ip: string | undefined): Promise<void> {
    const address = clientAddressKey(ip);
    return this.store.succeeded(pairOf(email, address), accountOf(email), this.rules);
  }
}

/** The account's key: the email hashed (it is personal data, and of any length). */
function accountOf(email: string): string {
  return createHash('sha256').update(normalizedEmail(email)).digest('hex');
}

/** The pair's key: the account's, and the address's. */
function pairOf(email: string, address: string): string {
  return `${accountOf(email)}:${address}`;
}

/** As sign-in looks the account up. */
export function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}
