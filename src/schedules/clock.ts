import { Injectable } from '@nestjs/common';
import { DatabaseClock } from '../database/database-clock.js';

/** A timer set with a Clock; `cancel` is safe to call after it fired. */
export interface ClockTimer {
  cancel(): void;
}

/**
 * The time the scheduler reads and waits on. Production reads the database's clock, which every
 * instance shares, so a slot is decided when the database says it is due on every instance,
 * whatever its own clock says; tests put the scheduler through a daylight-saving change or a
 * long outage in a moment with a clock they move.
 */
export abstract class Clock {
  /** Now, without a round trip (between readings: the last one, carried on by this instance's clock). */
  abstract now(): Date;

  /** Reads the time afresh and returns it; `now()` follows from it. */
  abstract read(): Promise<Date>;

  /** Calls `callback` after `ms`; the timer never keeps the process alive. */
  abstract setTimer(callback: () => void, ms: number): ClockTimer;
}

/** The database's clock: read at each reconciliation, carried on by the process's timers between. */
@Injectable()
export class DatabaseTimeClock extends Clock {
  constructor(private readonly database: DatabaseClock) {
    super();
  }

  override now(): Date {
    return this.database.estimate();
  }

  override read(): Promise<Date> {
    return this.database.now();
  }

  override setTimer(callback: () => void, ms: number): ClockTimer {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  }
}
