import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * The one clock every instance agrees on: the database's. Row times the database writes
 * (`created_at`, `now()` defaults, pg-boss's job times) are compared with times from here, never
 * with an instance's own clock, which may be minutes off (docs/decisions/one-clock.md).
 * Durations an instance measures for itself (timeouts, backoffs, caches) keep its own clock.
 */
@Injectable()
export class DatabaseClock {
  /** The database's clock minus this instance's, from the latest reading (0 until the first). */
  private offsetMs = 0;

  constructor(private readonly dataSource: DataSource) {}

  /**
   * The database's time now (`clock_timestamp()`, not the transaction's start), read on
   * `manager` when given (inside a transaction, on its connection). Each reading also sets the
   * offset `estimate` uses.
   */
  async now(manager: EntityManager = this.dataSource.manager): Promise<Date> {
    const before = Date.now();
    const [row] = await manager.query<{ now: Date }[]>('SELECT clock_timestamp() AS now');
    const after = Date.now();
    // The reading was taken about halfway through the round trip.
    this.offsetMs = row.now.getTime() - (before + after) / 2;
    return row.now;
  }

  /** The database's time by this instance's clock and the offset last read: for timers, with no round trip. */
  estimate(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}
