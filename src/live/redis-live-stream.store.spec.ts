import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AbandonedStream } from './live-stream.store.js';
import { RedisLiveStreamStore } from './redis-live-stream.store.js';
import { redisConnector } from '../redis/redis-connection.js';
import { waitFor } from '../../test/helpers/mail-catcher.js';

/** The Redis the e2e suite uses; these specs check the store's contract against a real one. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A claim lapses this long after its holder stopped renewing it (instead of 10 s). */
const CLAIM_TTL_MS = 600;

async function readAll(iterable: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
}

/** The Redis connections open under the store's connection name (this process's stores). */
async function connectionsOf(store: RedisLiveStreamStore): Promise<number> {
  const admin = new Redis(REDIS_URL);
  try {
    const clients = (await admin.client('LIST')) as string;
    return clients.split('\n').filter((line) => line.includes(` name=${store.connectionName} `)).length;
  } finally {
    admin.disconnect();
  }
}

describe('RedisLiveStreamStore', () => {
  let stores: RedisLiveStreamStore[] = [];
  let abandoned: AbandonedStream[];
  let declined: AbandonedStream[];
  /** What was recovered of the claims on `name`: Redis is shared, and so are the lapsed claims in it. */
  const abandonedOf = (name: string) => abandoned.filter((stream) => stream.name === name);

  /** An instance's store, recording what it is handed to recover (and declining all if `foreign`). */
  function instance({ foreign = false, claimTtlMs = CLAIM_TTL_MS } = {}): RedisLiveStreamStore {
    const store = new RedisLiveStreamStore(redisConnector(REDIS_URL), 60, { claimTtlMs });
    store.onAbandoned((stream) => {
      (foreign ? declined : abandoned).push(stream);
      return Promise.resolve(!foreign);
    });
    stores.push(store);
    return store;
  }

  let probe: Redis;
  beforeAll(() => {
    probe = new Redis(REDIS_URL);
  });
  afterAll(() => probe.disconnect());

  beforeEach(() => {
    abandoned = [];
    declined = [];
  });
  afterEach(async () => {
    await Promise.all(stores.map((store) => store.onApplicationShutdown()));
    stores = [];
  });

  it('holds a claim past its TTL while the holder lives, and frees it on release', async () => {
    // A TTL a loaded machine's timer delays cannot outlast: this test is about renewal, not lapse.
    const claimTtlMs = 3_000;
    const [holder, other] = [instance({ claimTtlMs }), instance({ claimTtlMs })];
    const [name, stream] = [randomUUID(), `s:${randomUUID()}`];
    const claimedAt = Date.now();
    expect(await holder.claim(name, stream)).toBe(true);
    // A heartbeat moves the claim's deadline (its score in live:claims) only while the claim is held.
    const deadline = async () => Number(await probe.zscore('live:claims', stream));
    await vi.waitFor(async () => expect(await deadline()).toBeGreaterThan(claimedAt + 2 * claimTtlMs), { timeout: 30_000, interval: 50 });
    expect(await other.active(name)).toBe(stream);
    expect(await other.claim(name, `s:${randomUUID()}`)).toBe(false);
    await holder.end(stream);
    await holder.release(name, stream);
    expect(await other.active(name)).toBeUndefined();
    expect(abandonedOf(name)).toEqual([]);
  });

  it('recovers a lapsed claim once across instances: handler, end for every follower, the name free', async () => {
    const [dead, first, second] = [instance(), instance(), instance()];
    const [name, stream] = [randomUUID(), `s:${randomUUID()}`];
    expect(await dead.claim(name, stream)).toBe(true);
    await dead.append(stream, 'a');
    await dead.append(stream, 'b');
    const followers = [first, second].map((store) => readAll(store.follow(stream, { fromStart: true })));
    await dead.onApplicationShutdown();

    expect(await Promise.all(followers)).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
    expect(abandonedOf(name)).toEqual([{ name, stream, chunks: ['a', 'b'] }]);
    expect(await Promise.all([first.recover(stream), second.recover(stream), first.wasRecovered(stream)])).toEqual([true, true, true]);
    expect(abandonedOf(name)).toHaveLength(1);
    expect(await second.active(name)).toBeUndefined();
    const next = `s:${randomUUID()}`;
    expect(await second.claim(name, next)).toBe(true);
    await second.release(name, next);
  });

  it('recovers a lapsed claim on time whatever the clock of the instance that claimed it (deadlines by Redis time)', async () => {
    const [ahead, honest] = [instance(), instance()];
    const [name, stream] = [randomUUID(), `s:${randomUUID()}`];
    // The claimer's clock is 3 minutes ahead from its claim to its death: a deadline from its own
    // clock would keep the claim off every other instance's sweep for those 3 minutes.
    const now = Date.now.bind(Date);
    const skewed = vi.spyOn(Date, 'now').mockImplementation(() => now() + 180_000);
    try {
      expect(await ahead.claim(name, stream)).toBe(true);
      await ahead.append(stream, 'a');
      await ahead.onApplicationShutdown();
    } finally {
      skewed.mockRestore();
    }
    // No follower nor caller asks about it: only the sweep, by the claim's deadline, finds it.
    await waitFor(() => Promise.resolve(abandonedOf(name).length === 1), 'the sweep to recover the lapsed claim', 10_000);
    expect(abandonedOf(name)).toEqual([{ name, stream, chunks: ['a'] }]);
    expect(await honest.wasRecovered(stream)).toBe(true);
  });

  it('leaves a lapsed claim that an instance declines (not its database) to one that takes it', async () => {
    const [dead, foreign] = [instance(), instance({ foreign: true })];
    const [name, stream] = [randomUUID(), `s:${randomUUID()}`];
    await dead.claim(name, stream);
    await dead.append(stream, 'a');
    const follower = readAll(foreign.follow(stream, { fromStart: true }));
    await dead.onApplicationShutdown();
    await waitFor(() => Promise.resolve(declined.some((lapsed) => lapsed.stream === stream)), 'the foreign instance to decline the lapsed claim');
    expect(abandonedOf(name)).toEqual([]);
    expect(await foreign.wasRecovered(stream)).toBe(false);

    instance();
    expect(await follower).toEqual(['a']);
    expect(abandonedOf(name)).toEqual([{ name, stream, chunks: ['a'] }]);
  });

  it('tells whether a stop reached a producer; one nobody hears is recovered at once, and its holder, if alive after all, hears it as a stop', async () => {
    const [producer, other] = [instance(), instance()];
    const [name, stream] = [randomUUID(), `s:${randomUUID()}`];
    expect(await other.requestStop(stream)).toBe(false);
    let stops = 0;
    await producer.onStopRequest(stream, () => stops++);
    expect(await producer.claim(name, stream)).toBe(true);
    await producer.append(stream, 'a');
    expect(await other.requestStop(stream)).toBe(true);
    await waitFor(() => Promise.resolve(stops === 1), 'the producer to hear the stop');

    // As when its subscription is gone but it still renews: the recovery wins, the holder stops.
    expect(await other.recover(stream)).toBe(true);
    expect(abandonedOf(name)).toEqual([{ name, stream, chunks: ['a'] }]);
    await waitFor(() => Promise.resolve(stops === 2), 'the holder to hear its claim is lost');
    expect(await other.active(name)).toBeUndefined();
  });

  it("serves any number of followers over the instance's own two connections, and each gets every chunk once", async () => {
    const store = instance();
    const [name, stream] = [randomUUID(), `s:${randomUUID()}`];
    await store.claim(name, stream);
    let started = 0;
    const followers = Array.from({ length: 40 }, async () => {
      const chunks: string[] = [];
      for await (const chunk of store.follow(stream, { fromStart: true })) {
        if (chunks.push(chunk) === 1) started++;
      }
      return chunks;
    });
    await store.append(stream, 'a');
    await waitFor(() => Promise.resolve(started === 40), 'every follower to have the first chunk');
    expect(await connectionsOf(store)).toBe(2);
    for (const chunk of ['b', 'c', 'd']) await store.append(stream, chunk);
    await store.end(stream);
    await store.release(name, stream);
    expect(await Promise.all(followers)).toEqual(Array.from({ length: 40 }, () => ['a', 'b', 'c', 'd']));
  });

  it('leaves a stream that ended by itself alone, and a wait from now on ends at once', async () => {
    const store = instance();
    const [name, stream] = [randomUUID(), `s:${randomUUID()}`];
    await store.claim(name, stream);
    await store.append(stream, 'a');
    await store.end(stream);
    await store.release(name, stream);
    expect(await instance().recover(stream)).toBe(false);
    expect(await store.wasRecovered(stream)).toBe(false);
    expect(abandonedOf(name)).toEqual([]);
    expect(await readAll(store.follow(stream, { fromStart: false }))).toEqual([]);
  });
});
