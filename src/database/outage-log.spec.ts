import { backoffMs, OutageLog } from './outage-log.js';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const timedOut = new Error('Query read timeout');

function setup(options: { forgetAfterMs?: number; meanwhile?: string } = {}) {
  let now = 1_000_000;
  const lines: { level: 'error' | 'log'; message: string }[] = [];
  const logger = {
    error: (message: string) => void lines.push({ level: 'error', message }),
    log: (message: string) => void lines.push({ level: 'log', message }),
  };
  const outage = new OutageLog('the mail outbox', logger, { ...options, now: () => now });
  return { outage, lines, advance: (ms: number) => void (now += ms) };
}

describe('OutageLog', () => {
  it('logs the first failure of an outage, stays quiet while it lasts, and logs the recovery once', () => {
    const { outage, lines, advance } = setup();
    expect(outage.failed(refused)).toBe(true);
    for (let i = 0; i < 50; i++) {
      advance(200);
      expect(outage.failed(i % 2 ? refused : timedOut)).toBe(true);
    }
    expect(outage.down).toBe(true);
    advance(2_000);
    outage.succeeded();
    outage.succeeded();
    expect(lines).toEqual([
      { level: 'error', message: 'Database unavailable for the mail outbox: connection refused; retrying' },
      { level: 'log', message: 'Database available again for the mail outbox: recovered after 12 s' },
    ]);
    expect(outage.down).toBe(false);
  });

  it('logs the next outage again', () => {
    const { outage, lines } = setup();
    outage.failed(refused);
    outage.succeeded();
    outage.failed(timedOut);
    expect(lines.map((line) => line.message)).toEqual([
      'Database unavailable for the mail outbox: connection refused; retrying',
      'Database available again for the mail outbox: recovered after 0 s',
      'Database unavailable for the mail outbox: query timed out; retrying',
    ]);
  });

  it('says nothing of successes outside an outage, and leaves other errors to the caller', () => {
    const { outage, lines } = setup();
    outage.succeeded();
    expect(outage.failed(new Error('syntax error at or near "SELEC"'))).toBe(false);
    expect(outage.down).toBe(false);
    expect(lines).toEqual([]);
  });

  it('with forgetAfterMs, a failure long after the previous one starts a new outage', () => {
    const { outage, lines, advance } = setup({ forgetAfterMs: 60_000, meanwhile: 'answering 503' });
    outage.failed(refused);
    advance(59_000);
    outage.failed(refused);
    advance(61_000);
    outage.failed(refused);
    expect(lines.map((line) => line.message)).toEqual([
      'Database unavailable for the mail outbox: connection refused; answering 503',
      'Database unavailable for the mail outbox: connection refused; answering 503',
    ]);
  });
});

describe('backoffMs', () => {
  it('doubles from the first wait up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 100].map((attempt) => backoffMs(attempt, 1000, 10_000))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });
});
