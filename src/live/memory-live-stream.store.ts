import { EventEmitter } from 'node:events';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type AbandonedHandler, LiveStreamStore } from './live-stream.store.js';

interface MemoryStream {
  chunks: string[];
  ended: boolean;
  /** Ended by `recover`, not by its producer. */
  recovered: boolean;
  recovering?: Promise<void>;
  /** The name it was claimed under, if it was. */
  name?: string;
  events: EventEmitter;
  expiry?: NodeJS.Timeout;
}

/**
 * The single-instance store: streams live in this process. A producer that dies takes the store
 * with it, so a claim here is held until released; `recover` still serves a producer that stopped
 * listening for stops without ending its stream.
 */
@Injectable()
export class MemoryLiveStreamStore extends LiveStreamStore implements OnApplicationShutdown {
  private readonly logger = new Logger(MemoryLiveStreamStore.name);
  private readonly streams = new Map<string, MemoryStream>();
  private readonly names = new Map<string, string>();
  private readonly stops = new EventEmitter();
  private abandonedHandler?: AbandonedHandler;

  constructor(private readonly ttlMs: number) {
    super();
    this.stops.setMaxListeners(0);
  }

  append(stream: string, chunk: string): Promise<void> {
    const entry = this.entry(stream);
    if (!entry.ended) {
      entry.chunks.push(chunk);
      entry.events.emit('change');
    }
    return Promise.resolve();
  }

  end(stream: string): Promise<void> {
    const entry = this.entry(stream);
    if (entry.ended) return Promise.resolve();
    entry.ended = true;
    entry.events.emit('change');
    entry.expiry = setTimeout(() => this.streams.delete(stream), this.ttlMs);
    entry.expiry.unref();
    return Promise.resolve();
  }

  async *follow(stream: string, { fromStart, signal }: { fromStart: boolean; signal?: AbortSignal }): AsyncIterable<string> {
    const entry = this.entry(stream);
    let next = fromStart ? 0 : entry.chunks.length;
    while (!signal?.aborted) {
      while (next < entry.chunks.length) yield entry.chunks[next++];
      if (entry.ended) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          entry.events.off('change', done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        entry.events.on('change', done);
        signal?.addEventListener('abort', done, { once: true });
      });
    }
  }

  claim(name: string, stream: string): Promise<boolean> {
    const current = this.names.get(name);
    if (current && !this.streams.get(current)?.ended) return Promise.resolve(false);
    this.names.set(name, stream);
    this.entry(stream).name = name;
    return Promise.resolve(true);
  }

  active(name: string): Promise<string | undefined> {
    const stream = this.names.get(name);
    return Promise.resolve(stream && this.streams.get(stream)?.ended === false ? stream : undefined);
  }

  release(name: string, stream: string): Promise<void> {
    if (this.names.get(name) === stream) this.names.delete(name);
    return Promise.resolve();
  }

  requestStop(stream: string): Promise<boolean> {
    return Promise.resolve(this.stops.emit(stream));
  }

  onStopRequest(stream: string, handler: () => void): Promise<() => Promise<void>> {
    this.stops.on(stream, handler);
    return Promise.resolve(() => {
      this.stops.off(stream, handler);
      return Promise.resolve();
    });
  }

  async recover(stream: string): Promise<boolean> {
    const entry = this.streams.get(stream);
    if (!entry || (entry.ended && !entry.recovering)) return entry?.recovered ?? false;
    entry.recovering ??= this.takeOver(stream, entry);
    await entry.recovering;
    return true;
  }

  wasRecovered(stream: string): Promise<boolean> {
    return Promise.resolve(this.streams.get(stream)?.recovered ?? false);
  }

  onAbandoned(handler: AbandonedHandler): void {
    this.abandonedHandler = handler;
  }

  onApplicationShutdown(): void {
    for (const entry of this.streams.values()) clearTimeout(entry.expiry);
  }

  /**
   * Stored before it ends, as with Redis: whoever sees it ended also sees what it held. (Ended even
   * if the handler declines it: there is no other instance to leave it to.)
   */
  private async takeOver(stream: string, entry: MemoryStream): Promise<void> {
    entry.recovered = true;
    if (entry.name !== undefined) {
      await this.abandonedHandler?.({ name: entry.name, stream, chunks: [...entry.chunks] }).catch((error: unknown) => {
        this.logger.error(`Could not recover live stream ${stream}: ${String(error)}`);
      });
    }
    await this.end(stream);
    if (entry.name !== undefined) await this.release(entry.name, stream);
  }

  private entry(stream: string): MemoryStream {
    let entry = this.streams.get(stream);
    if (!entry) {
      entry = { chunks: [], ended: false, recovered: false, events: new EventEmitter() };
      entry.events.setMaxListeners(0);
      this.streams.set(stream, entry);
    }
    return entry;
  }
}
