import type { AbandonedStream } from './live-stream.store.js';
import { MemoryLiveStreamStore } from './memory-live-stream.store.js';

async function readAll(iterable: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
}

describe('MemoryLiveStreamStore', () => {
  let store: MemoryLiveStreamStore;
  let abandoned: AbandonedStream[];

  beforeEach(() => {
    store = new MemoryLiveStreamStore(60_000);
    abandoned = [];
    store.onAbandoned((stream) => {
      abandoned.push(stream);
      return Promise.resolve(true);
    });
  });
  afterEach(() => store.onApplicationShutdown());

  it('lets one stream claim a name at a time, and the next once it has ended', async () => {
    expect(await store.claim('conversation', 'one')).toBe(true);
    expect(await store.claim('conversation', 'two')).toBe(false);
    expect(await store.active('conversation')).toBe('one');
    await store.end('one');
    expect(await store.active('conversation')).toBeUndefined();
    expect(await store.claim('conversation', 'two')).toBe(true);
  });

  it('says whether a stop request reached a producer', async () => {
    await store.claim('conversation', 'one');
    expect(await store.requestStop('one')).toBe(false);
    let stops = 0;
    const unsubscribe = await store.onStopRequest('one', () => stops++);
    expect(await store.requestStop('one')).toBe(true);
    await unsubscribe();
    expect(await store.requestStop('one')).toBe(false);
    expect(stops).toBe(1);
  });

  it('recovers a stream once: its chunks go to the handler, followers end, the name is free', async () => {
    await store.claim('conversation', 'one');
    await store.append('one', 'a');
    await store.append('one', 'b');
    const follower = readAll(store.follow('one', { fromStart: true }));

    const [first, second] = await Promise.all([store.recover('one'), store.recover('one')]);
    expect([first, second]).toEqual([true, true]);
    expect(abandoned).toEqual([{ name: 'conversation', stream: 'one', chunks: ['a', 'b'] }]);
    expect(await follower).toEqual(['a', 'b']);
    expect(await store.wasRecovered('one')).toBe(true);
    expect(await store.active('conversation')).toBeUndefined();
    expect(await store.claim('conversation', 'two')).toBe(true);
  });

  it('leaves a stream that ended by itself alone', async () => {
    await store.claim('conversation', 'one');
    await store.append('one', 'a');
    await store.end('one');
    expect(await store.recover('one')).toBe(false);
    expect(await store.wasRecovered('one')).toBe(false);
    expect(abandoned).toEqual([]);
  });

  it('ends a wait from now on at once when the stream has already ended', async () => {
    await store.append('one', 'a');
    await store.end('one');
    expect(await readAll(store.follow('one', { fromStart: false }))).toEqual([]);
  });
});
