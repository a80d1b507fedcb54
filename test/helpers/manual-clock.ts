import { Clock, type ClockTimer } from '../../src/schedules/clock.js';

interface PendingTimer {
  at: number;
  callback: () => void;
}

/**
 * A clock the test moves: `now()` stands still until told, and timers fire only when the test
 * fires them, one at a time, each at its own time. A daylight-saving change or a day of
 * schedules passes in a moment.
 */
export class ManualClock extends Clock {
  private current: number;
  private readonly timers = new Set<PendingTimer>();
  /** How far the instance's estimate (`now()`) runs ahead of the database's time (`read()`), as an offset read badly does. */
  aheadMs = 0;

  constructor(start: Date) {
    super();
    this.current = start.getTime();
  }

  override now(): Date {
    return new Date(this.current + this.aheadMs);
  }

  override read(): Promise<Date> {
    return Promise.resolve(new Date(this.current));
  }

  override setTimer(callback: () => void, ms: number): ClockTimer {
    const timer: PendingTimer = { at: this.current + ms, callback };
    this.timers.add(timer);
    return { cancel: () => this.timers.delete(timer) };
  }

  /** Moves the clock to the earliest pending timer and fires it; returns its time. */
  fireNext(): Date {
    const [next] = [...this.timers].sort((a, b) => a.at - b.at);
    if (!next) throw new Error('No timer is pending');
    this.timers.delete(next);
    this.current = Math.max(this.current, next.at);
    next.callback();
    return new Date(next.at);
  }

  /** Moves the clock without firing anything, as if the process had been down meanwhile. */
  jumpTo(instant: Date): void {
    this.current = instant.getTime();
  }

  /** When the earliest pending timer fires, if one is pending. */
  nextTimerAt(): Date | undefined {
    const [next] = [...this.timers].sort((a, b) => a.at - b.at);
    return next ? new Date(next.at) : undefined;
  }

  pendingTimers(): number {
    return this.timers.size;
  }
}
