import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../../config/configuration.js';
import { type LoginAttemptRules, LoginAttemptsStore } from './login-attempts.store.js';

/** A pair's count is forgotten this long after its last attempt (or at once by the right password). */
const PAIR_TTL_MS = 24 * 3600 * 1000;

/** A sign-in that must wait: for how long, and the message that says so. */
export interface SignInWait {
  seconds: number;
  message: string;
}

/**
 * Slows password guessing without locking the owner out. Attempts are counted per (email,
 * address) pair: a few are free, then each waits twice as long as the one before, up to a cap,
 * and the right password starts the pair afresh. Failed sign-ins are also capped per address
 * across emails, a looser limit against one address trying many accounts. An attacker's failures
 * never delay the owner signing in from another address.
 */
@Injectable()
export class LoginThrottleService {
  private readonly rules: LoginAttemptRules;

  constructor(
    private readonly store: LoginAttemptsStore,
    config: ConfigService<AppConfig, true>,
  ) {
    const login = config.get('throttle', { infer: true }).login;
    this.rules = {
      freeAttempts: login.freeAttempts,
      baseDelayMs: login.delaySeconds * 1000,
      maxDelayMs: login.maxDelaySeconds * 1000,
      pairTtlMs: PAIR_TTL_MS,
      addressLimit: login.failuresPerIp,
      addressWindowMs: login.windowSeconds * 1000,
    };
  }

  /** Admits a sign-in attempt (and counts it), or says how long it must wait. */
  async admit(email: string, address: string): Promise<SignInWait | null> {
    const verdict = await this.store.attempt(pairOf(email, address), address, this.rules);
    if (verdict.allowed) return null;
    const seconds = Math.max(1, Math.ceil(verdict.waitMs / 1000));
    const what = verdict.limitedBy === 'pair' ? 'for this account from your address' : 'from your address';
    return { seconds, message: `Too many failed sign-ins ${what}; try again in ${seconds} s` };
  }

  failed(address: string): Promise<void> {
    return this.store.failed(address, this.rules);
  }

  succeeded(email: string, address: string): Promise<void> {
    return this.store.succeeded(pairOf(email, address));
  }
}

/** The pair's key: the email hashed (it is personal data, and of any length), and the address. */
function pairOf(email: string, address: string): string {
  return `${createHash('sha256').update(normalizedEmail(email)).digest('hex')}:${address}`;
}

/** As sign-in looks the account up. */
export function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}
