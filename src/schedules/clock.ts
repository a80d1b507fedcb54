import { Injectable } from '@nestjs/common';

/** A timer set with a Clock; `cancel` is safe to call after it fired. */
export interface ClockTimer {
  cancel(): void;
}

/**
 * The time the scheduler reads and waits on. Production uses the system clock; tests put the
 * scheduler through a daylight-saving change or a long outage in a moment with a clock they move.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }

  /** Calls `callback` after `ms`; the timer never keeps the process alive. */
  setTimer(callback: () => void, ms: number): ClockTimer {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  }
}
