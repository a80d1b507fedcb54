import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { type RedisConnector, redisConnectionName } from '../redis/redis-connection.js';
import { redisUnavailableReason } from '../redis/redis-errors.js';
import { type AbandonedHandler, LiveStreamStore } from './live-stream.store.js';

/**
 * First entry of a claimed stream, with the name it was claimed under. (Streams claimed before
 * heartbeats begin with 'b' and no name: they are never recovered, their claim just expires.)
 */
const HELD = 'h';
const CHUNK = 'c';
const END = 'e';
/** END's value when a recovery ended the stream rather than its producer. */
const RECOVERED = 'r';
/**
 * How long a stream, and the name pointing at it, outlive the last sign of their producer: an
 * outer bound, for streams no instance recovers (all down). Heartbeats and chunks renew it.
 */
const STREAM_TTL_SECONDS = 600;
/**
 * A claim lapses this long after its holder's last heartbeat. Long enough to ride out a busy event
 * loop or a Redis failover without a live reply being taken for dead (renewed every third of it,
 * so two heartbeats may go missing); short enough that a dead instance's conversations are free,
 * and their followers ended, within seconds.
 */
const CLAIM_TTL_MS = 10_000;
/** How often each instance looks for lapsed claims to recover. */
const SWEEP_MS = 2_000;
/** A recovery is one read and one insert; another instance takes over one that takes longer. */
const RECOVERY_LOCK_MS = 30_000;
/** How many entries a follower reads at a time. */
const READ_COUNT = 200;
/**
 * A follower reads again after this long without hearing of an append: appends it missed while its
 * instance's subscriber was reconnecting are read late, never lost.
 */
const QUIET_READ_MS = 5000;
/** Claims with a deadline (ms): where the sweep finds lapsed ones without scanning the keyspace. */
const CLAIMS = 'live:claims';

/**
 * Redis's own clock in ms, for claim deadlines: every instance writes and compares them by the one
 * clock, so one whose clock is minutes off neither hides a dead claim nor finds a live one due.
 */
const REDIS_NOW_MS = `local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)`;

/** KEYS: name, stream, holder, claims. ARGV: the name's current stream ('' if none), stream, name, stream TTL s, claim TTL ms. */
const CLAIM_SCRIPT = `
if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] then return 0 end
${REDIS_NOW_MS}
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[4])
redis.call('XADD', KEYS[2], '*', '${HELD}', ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[4])
redis.call('SET', KEYS[3], '1', 'PX', ARGV[5])
redis.call('ZADD', KEYS[4], now + tonumber(ARGV[5]), ARGV[2])
return 1`;

/** KEYS: holder, name, stream, claims. ARGV: stream, claim TTL ms, stream TTL s. A lapsed holder is never renewed. */
const HEARTBEAT_SCRIPT = `
if not redis.call('SET', KEYS[1], '1', 'PX', ARGV[2], 'XX') then return 0 end
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('EXPIRE', KEYS[2], ARGV[3]) end
redis.call('EXPIRE', KEYS[3], ARGV[3])
${REDIS_NOW_MS}
redis.call('ZADD', KEYS[4], now + tonumber(ARGV[2]), ARGV[1])
return 1`;

/** KEYS: name, holder, claims. ARGV: stream. */
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
redis.call('DEL', KEYS[2])
redis.call('ZREM', KEYS[3], ARGV[1])
return 1`;

/** KEYS: claims. ARGV: how many. The claims whose deadline passed by Redis's clock. */
const DUE_CLAIMS_SCRIPT = `
${REDIS_NOW_MS}
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, ARGV[1])`;

type StreamEntry = [id: string, fields: string[]];
type StreamState = 'live' | 'ended' | 'abandoned';

export interface RedisLiveStreamOptions {
  /** How long a claim outlives its holder's last heartbeat (default 10 s; tests shorten it). */
  claimTtlMs?: number;
}

/**
 * Live streams in Redis Streams, shared by every instance: a client may follow or stop a reply
 * on another instance than the one generating it. Stop requests travel over pub/sub.
 *
 * Per claimed stream: `live:name:<name>` points at it, `live:holder:<stream>` lives while its
 * producer renews it (the heartbeat), and `live:claims` lists it with its deadline. Every instance
 * sweeps that list; the first to take `live:recovering:<stream>` (SET NX) recovers a lapsed one.
 * Assumes one Redis (not a cluster): PUBLISH must count every subscriber.
 *
 * An instance talks to Redis over two connections, however many streams it follows: commands on
 * one, subscriptions on the other. Every entry added to a stream is announced on its channel, and
 * a follower reads what is new when it hears of it (a blocking read would hold a connection of its
 * own per follower: a connection set up for every chat request, and 1 MB of memory each).
 */
@Injectable()
export class RedisLiveStreamStore extends LiveStreamStore implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisLiveStreamStore.name);
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  /** Per subscribed channel: its handlers, and the subscription (resolved once Redis confirmed it). */
  private readonly channels = new Map<string, { handlers: Set<() => void>; subscribed: Promise<unknown> }>();
  /** Wakes every follower at shutdown. */
  private readonly closing = new AbortController();
  /** Named after the host and process, so an operator finds them in CLIENT LIST. */
  readonly connectionName = redisConnectionName('live');
  private readonly heartbeats = new Map<string, NodeJS.Timeout>();
  private readonly claimTtlMs: number;
  private readonly sweeper: NodeJS.Timeout;
  private sweeping = false;
  private sweepFailed = false;
  private abandonedHandler?: AbandonedHandler;

  constructor(
    connect: RedisConnector,
    private readonly ttlSeconds: number,
    options: RedisLiveStreamOptions = {},
  ) {
    super();
    this.claimTtlMs = options.claimTtlMs ?? CLAIM_TTL_MS;
    this.redis = connect('live');
    this.subscriber = connect('live');
    this.subscriber.on('message', (channel: string) => this.notify(channel));
    this.sweeper = setInterval(() => void this.sweep(), Math.min(SWEEP_MS, this.claimTtlMs));
    this.sweeper.unref();
  }

  async append(stream: string, chunk: string): Promise<void> {
    // Each chunk extends the life of a stream still being written (one round trip either way).
    await this.writing(
      stream,
      this.redis.multi().xadd(streamKey(stream), '*', CHUNK, chunk).expire(streamKey(stream), STREAM_TTL_SECONDS).publish(appendedChannel(stream), '').exec(),
    );
  }

  async end(stream: string): Promise<void> {
    await this.writing(
      stream,
      this.redis.multi().xadd(streamKey(stream), '*', END, '1').expire(streamKey(stream), this.ttlSeconds).publish(appendedChannel(stream), '').exec(),
    );
  }

  /**
   * A write to a stream that, failing, wakes the stream's followers on this instance at once: their
   * next read finds Redis unavailable too and ends them, rather than after QUIET_READ_MS.
   */
  private async writing(stream: string, write: Promise<unknown>): Promise<void> {
    try {
      await write;
    } catch (error) {
      this.notify(appendedChannel(stream));
      throw error;
    }
  }

  /**
   * Also ends, quietly, when Redis is unavailable: what comes next cannot be read, and the producer
   * (which cannot append either) stops its reply; a follower may resume once Redis is back.
   */
  async *follow(stream: string, options: { fromStart: boolean; signal?: AbortSignal }): AsyncIterable<string> {
    try {
      yield* this.read(stream, options);
    } catch (error) {
      const reason = redisUnavailableReason(error);
      if (reason === undefined) throw error;
      this.logger.warn(`Stopped following live stream ${stream}: Redis unavailable (${reason})`);
    }
  }

  private async *read(stream: string, { fromStart, signal }: { fromStart: boolean; signal?: AbortSignal }): AsyncIterable<string> {
    const key = streamKey(stream);
    let lastId = '0-0';
    if (!fromStart) {
      const last = await this.last(stream);
      if (last?.[1][0] === END) return;
      lastId = last?.[0] ?? '0-0';
    }
    // Listening before the first read: an entry added after it is heard of, one added before it is read.
    const appended = new Wakeup();
    const unlisten = await this.listen(appendedChannel(stream), () => appended.wake());
    const stop = () => appended.wake();
    signal?.addEventListener('abort', stop, { once: true });
    this.closing.signal.addEventListener('abort', stop, { once: true });
    const over = () => signal?.aborted === true || this.closing.signal.aborted;
    try {
      while (!over()) {
        const heard = appended.next(QUIET_READ_MS);
        const entries = (await this.redis.xrange(key, `(${lastId}`, '+', 'COUNT', READ_COUNT)) as StreamEntry[];
        if (over()) return;
        for (const [id, fields] of entries) {
          lastId = id;
          if (fields[0] === END) return;
          if (fields[0] === CHUNK) yield fields[1] ?? '';
        }
        if (entries.length < READ_COUNT) await heard;
      }
    } finally {
      appended.wake();
      signal?.removeEventListener('abort', stop);
      this.closing.signal.removeEventListener('abort', stop);
      await unlisten();
    }
  }

  async claim(name: string, stream: string): Promise<boolean> {
    // A few rounds: the current stream may need recovering first, or another claim may win the race.
    for (let round = 0; round < 3; round++) {
      const current = await this.redis.get(nameKey(name));
      if (current) {
        const state = await this.state(current);
        if (state === 'live') return false;
        if (state === 'abandoned') {
          await this.recover(current);
          continue;
        }
      }
      const claimed = await this.redis.eval(
        CLAIM_SCRIPT,
        4,
        nameKey(name),
        streamKey(stream),
        holderKey(stream),
        CLAIMS,
        current ?? '',
        stream,
        name,
        STREAM_TTL_SECONDS,
        this.claimTtlMs,
      );
      if (claimed === 1) {
        const heartbeat = setInterval(() => void this.heartbeat(name, stream), Math.floor(this.claimTtlMs / 3));
        heartbeat.unref();
        this.heartbeats.set(stream, heartbeat);
        return true;
      }
    }
    return false;
  }

  async active(name: string): Promise<string | undefined> {
    const stream = await this.redis.get(nameKey(name));
    if (!stream) return undefined;
    const state = await this.state(stream);
    if (state === 'abandoned') await this.recover(stream);
    return state === 'live' ? stream : undefined;
  }

  async release(name: string, stream: string): Promise<void> {
    this.stopHeartbeat(stream);
    await this.redis.eval(RELEASE_SCRIPT, 3, nameKey(name), holderKey(stream), CLAIMS, stream);
  }

  async requestStop(stream: string): Promise<boolean> {
    // Its producer subscribes before it claims and until it has ended: no subscriber, no producer.
    return (await this.redis.publish(stopChannel(stream), '1')) > 0;
  }

  onStopRequest(stream: string, handler: () => void): Promise<() => Promise<void>> {
    return this.listen(stopChannel(stream), handler);
  }

  async recover(stream: string): Promise<boolean> {
    await this.takeOver(stream, { wait: true });
    return this.wasRecovered(stream);
  }

  async wasRecovered(stream: string): Promise<boolean> {
    const last = await this.last(stream);
    return last?.[1][0] === END && last[1][1] === RECOVERED;
  }

  onAbandoned(handler: AbandonedHandler): void {
    this.abandonedHandler = handler;
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    for (const stream of [...this.heartbeats.keys()]) this.stopHeartbeat(stream);
    this.closing.abort();
    await Promise.all([this.redis.quit().catch(() => undefined), this.subscriber.quit().catch(() => undefined)]);
  }

  /**
   * Recovers the stream unless another instance is at it (then waits for its end when `wait`):
   * the handler stores what it holds, then the end marker lets its followers finish.
   */
  private async takeOver(stream: string, { wait }: { wait: boolean }): Promise<void> {
    const mine = (await this.redis.set(recoveringKey(stream), '1', 'PX', RECOVERY_LOCK_MS, 'NX')) === 'OK';
    if (!mine) {
      if (wait) for await (const _chunk of this.follow(stream, { fromStart: false, signal: AbortSignal.timeout(RECOVERY_LOCK_MS) })) void _chunk;
      return;
    }
    // The lock is left to expire: until then it keeps anyone from recovering the stream twice.
    // A producer still alive after all (stopped hearing stops) loses its claim at its next heartbeat.
    await this.redis.del(holderKey(stream));
    const entries = (await this.redis.xrange(streamKey(stream), '-', '+')) as StreamEntry[];
    const last = entries.at(-1);
    if (!last || last[1][0] === END) return;
    const first = entries[0][1];
    const name = first[0] === HELD ? first[1] : undefined;
    if (name !== undefined && this.abandonedHandler) {
      const chunks = entries.filter(([, fields]) => fields[0] === CHUNK).map(([, fields]) => fields[1] ?? '');
      // A failure to store loses the partial reply but still ends the stream: followers must not hang.
      const handled = await this.abandonedHandler({ name, stream, chunks }).catch((error: unknown) => {
        this.logger.error(`Could not store what live stream ${stream} held: ${String(error)}`);
        return true;
      });
      if (!handled) {
        await this.redis.del(recoveringKey(stream));
        return;
      }
    }
    await this.redis
      .multi()
      .xadd(streamKey(stream), '*', END, RECOVERED)
      .expire(streamKey(stream), this.ttlSeconds)
      .zrem(CLAIMS, stream)
      .publish(appendedChannel(stream), '')
      .exec();
    if (name !== undefined) await this.release(name, stream);
    this.logger.warn(`Recovered live stream ${stream}: its producer was gone`);
  }

  /** Renews this instance's claim; a claim found lapsed (taken for dead) stops the stream here too. */
  private async heartbeat(name: string, stream: string): Promise<void> {
    try {
      const held = await this.redis.eval(
        HEARTBEAT_SCRIPT,
        4,
        holderKey(stream),
        nameKey(name),
        streamKey(stream),
        CLAIMS,
        stream,
        this.claimTtlMs,
        STREAM_TTL_SECONDS,
      );
      if (held === 1 || !this.heartbeats.has(stream)) return;
      this.stopHeartbeat(stream);
      this.logger.warn(`Lost the claim on live stream ${stream} (another instance took it for dead): stopping it`);
      this.notify(stopChannel(stream));
    } catch {
      // Redis unreachable: if it lasts, the claim lapses and the next heartbeat finds out.
    }
  }

  private stopHeartbeat(stream: string): void {
    clearInterval(this.heartbeats.get(stream));
    this.heartbeats.delete(stream);
  }

  /** Recovers the claims whose deadline passed and whose holder is gone; drops those that ended. */
  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const due = (await this.redis.eval(DUE_CLAIMS_SCRIPT, 1, CLAIMS, 100)) as string[];
      for (const stream of due) {
        const state = await this.state(stream);
        if (state === 'abandoned') await this.takeOver(stream, { wait: false });
        else if (state === 'ended') await this.redis.zrem(CLAIMS, stream);
      }
      this.sweepFailed = false;
    } catch (error) {
      if (!this.sweepFailed) this.logger.warn(`Could not look for abandoned live streams: ${String(error)}`);
      this.sweepFailed = true;
    } finally {
      this.sweeping = false;
    }
  }

  /** Going while its holder lives; abandoned once the holder lapsed without ending it. */
  private async state(stream: string): Promise<StreamState> {
    const results = await this.redis
      .pipeline()
      .xrange(streamKey(stream), '-', '+', 'COUNT', 1)
      .xrevrange(streamKey(stream), '+', '-', 'COUNT', 1)
      .exists(holderKey(stream))
      .exec();
    const [first, last, holder] = (results ?? []).map(([error, value]) => {
      if (error) throw error;
      return value;
    }) as [StreamEntry[], StreamEntry[], number];
    const [firstFields, lastFields] = [first[0]?.[1], last[0]?.[1]];
    // No stream (expired) or an end marker: over. A stream from before heartbeats counts as going.
    if (!lastFields || lastFields[0] === END) return 'ended';
    if (holder === 1 || firstFields?.[0] !== HELD) return 'live';
    return 'abandoned';
  }

  private async last(stream: string): Promise<StreamEntry | undefined> {
    return ((await this.redis.xrevrange(streamKey(stream), '+', '-', 'COUNT', 1)) as StreamEntry[])[0];
  }

  /**
   * Calls `handler` for every message on `channel` until the returned function is called; resolves
   * once Redis confirmed the subscription. One subscription per channel, however many handlers.
   */
  private async listen(channel: string, handler: () => void): Promise<() => Promise<void>> {
    let entry = this.channels.get(channel);
    if (!entry) {
      entry = { handlers: new Set(), subscribed: this.subscriber.subscribe(channel) };
      this.channels.set(channel, entry);
    }
    const { handlers, subscribed } = entry;
    handlers.add(handler);
    try {
      await subscribed;
    } catch (error) {
      handlers.delete(handler);
      if (handlers.size === 0 && this.channels.get(channel) === entry) this.channels.delete(channel);
      throw error;
    }
    return async () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.channels.get(channel) !== entry) return;
      this.channels.delete(channel);
      await this.subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }

  private notify(channel: string): void {
    for (const handler of this.channels.get(channel)?.handlers ?? []) handler();
  }
}

/** A wait that ends when woken or after a time. */
class Wakeup {
  private resolve?: () => void;

  wake(): void {
    this.resolve?.();
  }

  /** Call before looking for what a wake announces, and await it after: a wake in between ends it at once. */
  next(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

const streamKey = (stream: string) => `live:stream:${stream}`;
const nameKey = (name: string) => `live:name:${name}`;
const holderKey = (stream: string) => `live:holder:${stream}`;
const recoveringKey = (stream: string) => `live:recovering:${stream}`;
const stopChannel = (stream: string) => `live:stop:${stream}`;
const appendedChannel = (stream: string) => `live:appended:${stream}`;
