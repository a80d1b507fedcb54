import { Logger } from '@nestjs/common';
import { PeriodicSweep } from './periodic-sweep.js';

describe('PeriodicSweep', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const quietLogger = () => {
    const logger = new Logger('test');
    return { logger, warn: vi.spyOn(logger, 'warn').mockImplementation(() => undefined), error: vi.spyOn(logger, 'error').mockImplementation(() => undefined) };
  };

  it('never starts a pass while the last one runs: the next interval counts from its end', async () => {
    const { logger } = quietLogger();
    let running = 0;
    let most = 0;
    let passes = 0;
    let finish: (() => void) | undefined;
    const sweep = new PeriodicSweep('a test sweep', logger, 1000, () => {
      passes++;
      most = Math.max(most, ++running);
      return new Promise<void>((resolve) => (finish = () => resolve(void running--)));
    });
    sweep.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(passes).toBe(1);
    finish?.();
    await vi.advanceTimersByTimeAsync(999);
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect([passes, most]).toEqual([2, 1]);
    await sweep.stop();
  });

  it('starts no pass once stopped, even one whose pass was running', async () => {
    const { logger } = quietLogger();
    let passes = 0;
    let finish: (() => void) | undefined;
    const sweep = new PeriodicSweep('a test sweep', logger, 1000, () => {
      passes++;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    sweep.start();
    await vi.advanceTimersByTimeAsync(1000);
    await sweep.stop();
    finish?.();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(passes).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('logs a database outage once and a recovery once; another failure each time it happens', async () => {
    const { logger, warn, error } = quietLogger();
    const log = vi.spyOn(logger, 'log').mockImplementation(() => undefined);
    const outcomes: (Error | undefined)[] = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      undefined,
      new Error('a bug'),
      new Error('a bug'),
    ];
    const sweep = new PeriodicSweep('a test sweep', logger, 1000, () => {
      const outcome = outcomes.shift();
      return outcome ? Promise.reject(outcome) : Promise.resolve();
    });
    sweep.start();
    await vi.advanceTimersByTimeAsync(5000);
    await sweep.stop();
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0][0])).toMatch(/^Database unavailable for a test sweep/);
    expect(log).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls.map(([message]) => message)).toEqual(['A pass of a test sweep failed: Error: a bug', 'A pass of a test sweep failed: Error: a bug']);
  });
});
