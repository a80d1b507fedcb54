import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { MemoryThrottlerStorage } from './memory-throttler.storage.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';
import { redisConnector } from '../../redis/redis-connection.js';

/** The Redis the e2e suite uses: both stores must answer alike, so one contract checks both. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.each([
  ['memory', () => new MemoryThrottlerStorage()],
  ['Redis', () => new RedisThrottlerStorage(redisConnector(REDIS_URL))],
])('%s throttler storage', (_name, create: () => ThrottlerStorage & { onApplicationShutdown(): unknown }) => {
  let storage: ThrottlerStorage & { onApplicationShutdown(): unknown };
  const key = () => `rate:test:${randomUUID()}`;

  beforeEach(() => {
    storage = create();
  });
  afterEach(async () => {
    await storage.onApplicationShutdown();
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
    await storage.increment(first, 150, 5, 150, 'plan');
    await storage.increment(first, 150, 5, 150, 'plan');
    expect((await storage.increment(second, 150, 5, 150, 'plan')).totalHits).toBe(1);
    await sleep(200);
    expect(await storage.increment(first, 150, 5, 150, 'plan')).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('keeps a block past the end of the window that set it', async () => {
    const counter = key();
    await storage.increment(counter, 150, 1, 2_000, 'plan');
    expect((await storage.increment(counter, 150, 1, 2_000, 'plan')).isBlocked).toBe(true);
    await sleep(200);
    expect(await storage.increment(counter, 150, 1, 2_000, 'plan')).toMatchObject({ totalHits: 1, isBlocked: true, timeToBlockExpire: 2 });
  });
});
