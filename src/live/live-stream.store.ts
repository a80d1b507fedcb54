/**
 * Append-only streams of text chunks that any instance can follow live or replay from the start:
 * a chat reply being generated, a run's progress. Kept in memory on one instance, in Redis when
 * several share the work. A stream expires a while after it ends.
 */
export abstract class LiveStreamStore {
  /** Adds a chunk; returns nothing once the stream has ended. */
  abstract append(stream: string, chunk: string): Promise<void>;

  /** Marks the stream finished: followers get the rest, then their iteration ends. */
  abstract end(stream: string): Promise<void>;

  /**
   * The stream's chunks, from the first (`fromStart`) or from now on, then live until it ends.
   * Iteration also ends when `signal` aborts (a follower that disconnected).
   */
  abstract follow(stream: string, options: { fromStart: boolean; signal?: AbortSignal }): AsyncIterable<string>;

  /** Points a name (a conversation) at the stream it is generating; one at a time. */
  abstract claim(name: string, stream: string): Promise<boolean>;

  /** The stream a name currently points at, if it is still going. */
  abstract active(name: string): Promise<string | undefined>;

  abstract release(name: string, stream: string): Promise<void>;

  /** Asks whichever instance produces `stream` to stop it. */
  abstract requestStop(stream: string): Promise<void>;

  /** Calls `handler` when a stop of `stream` is requested; returns the unsubscribe function. */
  abstract onStopRequest(stream: string, handler: () => void): Promise<() => Promise<void>>;
}
