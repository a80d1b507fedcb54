import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { LiveStreamStore } from './live-stream.store.js';

const BEGIN = 'b';
const CHUNK = 'c';
const END = 'e';
/** A claim left by an instance that died lets go after this long. */
const CLAIM_TTL_SECONDS = 600;
const BLOCK_MS = 5000;

type StreamEntry = [id: string, fields: string[]];

/**
 * Live streams in Redis Streams, shared by every instance: a client may follow or stop a reply
 * on another instance than the one generating it. Stop requests travel over pub/sub.
 */
@Injectable()
export class RedisLiveStreamStore extends LiveStreamStore implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly stopHandlers = new Map<string, Set<() => void>>();
  private readonly followers = new Set<Redis>();

  constructor(
    url: string,
    private readonly ttlSeconds: number,
  ) {
    super();
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url);
    this.subscriber.on('message', (channel: string) => {
      for (const handler of this.stopHandlers.get(channel) ?? []) handler();
    });
  }

  async append(stream: string, chunk: string): Promise<void> {
    // Each chunk extends the life of a stream still being written (one round trip either way).
    await this.redis.multi().xadd(streamKey(stream), '*', CHUNK, chunk).expire(streamKey(stream), CLAIM_TTL_SECONDS).exec();
  }

  async end(stream: string): Promise<void> {
    await this.redis.multi().xadd(streamKey(stream), '*', END, '1').expire(streamKey(stream), this.ttlSeconds).exec();
  }

  async *follow(stream: string, { fromStart, signal }: { fromStart: boolean; signal?: AbortSignal }): AsyncIterable<string> {
    const key = streamKey(stream);
    let lastId = fromStart ? '0-0' : await this.lastId(key);
    // A blocking read holds its connection, so each follower gets one of its own.
    const reader = this.redis.duplicate();
    this.followers.add(reader);
    const stop = () => reader.disconnect();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      while (!signal?.aborted) {
        const result = await reader
          .xread('COUNT', 200, 'BLOCK', BLOCK_MS, 'STREAMS', key, lastId)
          .catch((): null => null);
        if (signal?.aborted) return;
        if (!result) continue;
        for (const [id, fields] of result[0]?.[1] ?? []) {
          lastId = id;
          if (fields[0] === END) return;
          if (fields[0] === CHUNK) yield fields[1] ?? '';
        }
      }
    } finally {
      signal?.removeEventListener('abort', stop);
      this.followers.delete(reader);
      reader.disconnect();
    }
  }

  async claim(name: string, stream: string): Promise<boolean> {
    const claimed =
      (await this.redis.set(nameKey(name), stream, 'EX', CLAIM_TTL_SECONDS, 'NX')) === 'OK' ||
      (!(await this.active(name)) && (await this.redis.set(nameKey(name), stream, 'EX', CLAIM_TTL_SECONDS)) === 'OK');
    // The stream exists from the claim on, so followers arriving before the first chunk wait for it;
    // it expires by itself if its producer dies without ending it.
    if (claimed) await this.redis.multi().xadd(streamKey(stream), '*', BEGIN, '1').expire(streamKey(stream), CLAIM_TTL_SECONDS).exec();
    return claimed;
  }

  async active(name: string): Promise<string | undefined> {
    const stream = await this.redis.get(nameKey(name));
    if (!stream) return undefined;
    const last = (await this.redis.xrevrange(streamKey(stream), '+', '-', 'COUNT', 1)) as StreamEntry[];
    // Claimed but nothing written yet counts as going; an end marker means it is over.
    return last[0]?.[1][0] === END ? undefined : stream;
  }

  async release(name: string, stream: string): Promise<void> {
    if ((await this.redis.get(nameKey(name))) === stream) await this.redis.del(nameKey(name));
  }

  async requestStop(stream: string): Promise<void> {
    await this.redis.publish(stopChannel(stream), '1');
  }

  async onStopRequest(stream: string, handler: () => void): Promise<() => Promise<void>> {
    const channel = stopChannel(stream);
    let handlers = this.stopHandlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.stopHandlers.set(channel, handlers);
      await this.subscriber.subscribe(channel);
    }
    handlers.add(handler);
    return async () => {
      handlers.delete(handler);
      if (handlers.size === 0) {
        this.stopHandlers.delete(channel);
        await this.subscriber.unsubscribe(channel).catch(() => undefined);
      }
    };
  }

  async onApplicationShutdown(): Promise<void> {
    for (const reader of this.followers) reader.disconnect();
    await Promise.all([this.redis.quit().catch(() => undefined), this.subscriber.quit().catch(() => undefined)]);
  }

  private async lastId(key: string): Promise<string> {
    const last = (await this.redis.xrevrange(key, '+', '-', 'COUNT', 1)) as StreamEntry[];
    return last[0]?.[0] ?? '0-0';
  }
}

const streamKey = (stream: string) => `live:stream:${stream}`;
const nameKey = (name: string) => `live:name:${name}`;
const stopChannel = (stream: string) => `live:stop:${stream}`;
