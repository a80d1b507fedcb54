import { randomUUID } from 'node:crypto';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { MemoryThrottlerStorage } from './memory-throttler.storage.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';
import { redisConnector } from '../../redis/redis-connection.js';

/** The Redis the e2e suite uses: both stores must answer alike, so one contract checks both. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

type Storage = ThrottlerStorage & { onApplicationShutdown(): unknown };

/**
 * Each store with a way to let a counter's window end, so that no test depends on how long the
 * machine takes between two calls: memory reads the time from Date, which the test moves; Redis
 * expires the counter itself, which the test waits for.
 */
interface Store {
  create(): Storage;
  setUp(): void;
  tearDown(): Promise<void>;
  endWindow(key: string, windowMs: number): Promise<void>;
}

const memory: Store = {
  create: () => new MemoryThrottlerStorage(),
  setUp: () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() }),
  tearDown: () => {
    vi.useRealTimers();
    return Promise.resolve();
  },
  endWindow: (_key, windowMs) => {
    vi.advanceTimersByTime(windowMs);
    return Promise.resolve();
  },
};

let probe: Redis | undefined;
const redis: Store = {
  create: () => new RedisThrottlerStorage(redisConnector(REDIS_URL)),
  setUp: () => {
    probe = new Redis(REDIS_URL);
  },
  tearDown: async () => {
    await probe?.quit();
  },
  // The counter's key is the one the throttler gives; Redis drops it when its window ends.
  endWindow: (key, windowMs) => vi.waitFor(async () => expect(await probe?.pttl(key)).toBe(-2), { timeout: windowMs + 10_000, interval: 20 }),
};

describe.each([
  ['memory', memory],
  ['Redis', redis],
])('%s throttler storage', (_name, store: Store) => {
  let storage: Storage;
  const key = () => `rate:test:${randomUUID()}`;

  beforeEach(() => {
    store.setUp();
    storage = store.create();
  });
  afterEach(async () => {
    await storage.onApplicationShutdown();
    await store.tearDown();
  });

  it('counts hits in a fixed window and blocks past the limit for the block duration', async () => {
    const counter = key();
    const hits = [];
    for (let hit = 0; hit < 3; hit++) hits.push(await storage.increment(counter, 60_000, 2, 30_000, 'plan'));
    expect(hits.map((hit) => [hit.totalHits, hit.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(hits[0].timeToExpire).toBe(60);
    expect(hits[2].timeToBlockExpire).toBe(30);
    expect(hits[1].timeToBlockExpire).toBe(0);
  });

  it('starts a new window once the last one is over, and keeps counters apart by key', async () => {
    const [first, second] = [key(), key()];
    await storage.increment(first, 1_000, 5, 1_000, 'plan');
    await storage.increment(first, 1_000, 5, 1_000, 'plan');
    expect((await storage.increment(second, 1_000, 5, 1_000, 'plan')).totalHits).toBe(1);
    await store.endWindow(first, 1_000);
    expect(await storage.increment(first, 1_000, 5, 1_000, 'plan')).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  // A window of 3 s, so that the two hits that set the block share it however slow the machine.
  it('keeps a block past the end of the window that set it', async () => {
    const counter = key();
    await storage.increment(counter, 3_000, 1, 60_000, 'plan');
    expect((await storage.increment(counter, 3_000, 1, 60_000, 'plan')).isBlocked).toBe(true);
    await store.endWindow(counter, 3_000);
    const after = await storage.increment(counter, 3_000, 1, 60_000, 'plan');
    expect(after).toMatchObject({ totalHits: 1, isBlocked: true });
    expect(after.timeToBlockExpire).toBeGreaterThan(0);
    expect(after.timeToBlockExpire).toBeLessThanOrEqual(60);
  });
});
