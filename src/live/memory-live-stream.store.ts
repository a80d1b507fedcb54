import { EventEmitter } from 'node:events';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { LiveStreamStore } from './live-stream.store.js';

interface MemoryStream {
  chunks: string[];
  ended: boolean;
  events: EventEmitter;
  expiry?: NodeJS.Timeout;
}

/** The single-instance store: streams live in this process. */
@Injectable()
export class MemoryLiveStreamStore extends LiveStreamStore implements OnApplicationShutdown {
  private readonly streams = new Map<string, MemoryStream>();
  private readonly names = new Map<string, string>();
  private readonly stops = new EventEmitter();

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
    this.entry(stream);
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

  requestStop(stream: string): Promise<void> {
    this.stops.emit(stream);
    return Promise.resolve();
  }

  onStopRequest(stream: string, handler: () => void): Promise<() => Promise<void>> {
    this.stops.on(stream, handler);
    return Promise.resolve(() => {
      this.stops.off(stream, handler);
      return Promise.resolve();
    });
  }

  onApplicationShutdown(): void {
    for (const entry of this.streams.values()) clearTimeout(entry.expiry);
  }

  private entry(stream: string): MemoryStream {
    let entry = this.streams.get(stream);
    if (!entry) {
      entry = { chunks: [], ended: false, events: new EventEmitter() };
      entry.events.setMaxListeners(0);
      this.streams.set(stream, entry);
    }
    return entry;
  }
}
