import type { LoggerService } from '@nestjs/common';
import { databaseUnavailableReason } from './database-errors.js';

export interface OutageLogOptions {
  /** Milliseconds since some epoch; tests pass a fake clock. */
  now?: () => number;
  /**
   * For sources that never learn of a success (requests answered 503): a failure this long after
   * the previous one starts a new outage, logged again. Unset: only `succeeded()` ends an outage.
   */
  forgetAfterMs?: number;
  /** What the source does meanwhile, ending the first line (default "retrying"). */
  meanwhile?: string;
}

/**
 * Logs a database outage once per source instead of once per attempt. A background loop that polls
 * the database (a queue worker, the mail outbox, the session feed) reports every failure and every
 * success; the first failure that means "the database is unavailable" is logged as an error
 * ("Database unavailable for the job queue: connection refused; retrying"), the ones after it stay
 * quiet, and the first success after them logs once that the source recovered and after how long.
 * Other errors are not this helper's business: `failed()` returns false and the caller logs them.
 */
export class OutageLog {
  private downSince: number | undefined;
  private lastFailure = 0;
  private readonly now: () => number;

  constructor(
    private readonly source: string,
    private readonly logger: Pick<LoggerService, 'error' | 'log'>,
    private readonly options: OutageLogOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Whether this source is in an outage (a failure was reported and no success since). */
  get down(): boolean {
    return this.downSince !== undefined;
  }

  /**
   * Reports a failure. True when it is the database being unavailable (logged if it starts an
   * outage, quiet otherwise); false for any other error, which the caller logs as it sees fit.
   */
  failed(error: unknown): boolean {
    const reason = databaseUnavailableReason(error);
    if (reason === undefined) return false;
    const now = this.now();
    const forgotten = this.options.forgetAfterMs !== undefined && now - this.lastFailure > this.options.forgetAfterMs;
    this.lastFailure = now;
    if (this.downSince !== undefined && !forgotten) return true;
    this.downSince = now;
    this.logger.error(`Database unavailable for ${this.source}: ${reason}; ${this.options.meanwhile ?? 'retrying'}`);
    return true;
  }

  /** Reports a success: ends the outage, if there was one, with one line. */
  succeeded(): void {
    if (this.downSince === undefined) return;
    const seconds = Math.round((this.now() - this.downSince) / 1000);
    this.downSince = undefined;
    this.logger.log(`Database available again for ${this.source}: recovered after ${seconds} s`);
  }
}

/** The wait before retry `attempt` (1, 2, ...): doubling from `firstMs`, at most `maxMs`. */
export function backoffMs(attempt: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
}
