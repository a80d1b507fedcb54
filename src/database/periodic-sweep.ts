import type { Logger } from '@nestjs/common';
import { OutageLog } from './outage-log.js';

/**
 * A background pass over the database every `intervalMs`, one pass at a time: the next waits for
 * the last to end, so a slow pass (a lock, a big backlog) is never overlapped by the next. A
 * database outage is logged once (OutageLog); other failures are logged each time as warnings. The
 * timer never holds the process open, and once stopped (draining, shutdown) no pass starts again.
 */
export class PeriodicSweep {
  private readonly outage: OutageLog;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    /** What sweeps, in words: "the run sweeper". */
    private readonly source: string,
    private readonly logger: Logger,
    private readonly intervalMs: number,
    private readonly pass: () => Promise<void>,
  ) {
    this.outage = new OutageLog(source, logger);
  }

  start(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.pass()
        .then(
          () => this.outage.succeeded(),
          (error: unknown) => {
            if (!this.outage.failed(error)) this.logger.warn(`A pass of ${this.source} failed: ${String(error)}`);
          },
        )
        .finally(() => this.start());
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    return Promise.resolve();
  }
}
