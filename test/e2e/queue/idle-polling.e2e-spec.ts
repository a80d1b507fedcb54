import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** pg-boss's fetch of the next run job: it names the queue and claims what it finds. */
const RUN_FETCH = /name = 'run\.execute'[\s\S]*FOR UPDATE OF j SKIP LOCKED/;
const WINDOW_MS = 4000;

describe('queue: an idle instance', () => {
  let app: INestApplication;
  const originalQuery = Object.getOwnPropertyDescriptor(pg.Client.prototype, 'query')?.value as (...args: unknown[]) => unknown;
  let fetches = 0;

  beforeAll(async () => {
    app = await createTestApp();
    await resetDatabase(app);
  });
  afterAll(async () => {
    Object.defineProperty(pg.Client.prototype, 'query', { value: originalQuery, writable: true, configurable: true });
    await app.close();
  });

  // Sixteen run workers polling every half second were 32 fetches a second per idle instance; one
  // polls that often now, and the fifteen others every 5 s unless a NOTIFY wakes them.
  it('fetches run jobs a few times a second, not once per worker every half second', async () => {
    // Every statement still reaches PostgreSQL: the run queue's fetches are only counted on the way.
    function countingQuery(this: pg.Client, ...args: unknown[]): unknown {
      const [first] = args;
      const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
      if (RUN_FETCH.test(text)) fetches += 1;
      return Reflect.apply(originalQuery, this, args);
    }
    Object.defineProperty(pg.Client.prototype, 'query', { value: countingQuery, writable: true, configurable: true });
    const started = performance.now();
    // A window of time is what is measured here: nothing to wait for but the clock.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const seconds = (performance.now() - started) / 1000;
    Object.defineProperty(pg.Client.prototype, 'query', { value: originalQuery, writable: true, configurable: true });
    expect(fetches).toBeGreaterThan(0);
    // At most 2 a second from the first worker and 3 from the others, with room for one more round.
    expect(fetches / seconds).toBeLessThan(8);
  });
});
