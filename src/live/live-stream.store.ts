/** A claimed stream whose producer is gone, with everything it wrote: see `onAbandoned`. */
export interface AbandonedStream {
  /** The name it was claimed under (a conversation). */
  name: string;
  stream: string;
  chunks: string[];
}

export type AbandonedHandler = (abandoned: AbandonedStream) => Promise<boolean>;

/**
 * Append-only streams of text chunks that any instance can follow live or replay from the start:
 * a chat reply being generated, a run's progress. Kept in memory on one instance, in Redis when
 * several share the work. A stream expires a while after it ends.
 *
 * A name is claimed by the instance producing a stream, and held for as long as that instance
 * lives: with Redis by a heartbeat, so the claim of an instance that died lapses within seconds.
 * Its stream is then recovered once, by whichever instance finds it first: the `onAbandoned`
 * handler gets what was written, the stream is ended (its followers finish) and the name is free.
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

  /**
   * Points a name (a conversation) at the stream this instance produces; one at a time. Held until
   * `release`, or until this instance dies. A lapsed claim on the name is recovered first.
   */
  abstract claim(name: string, stream: string): Promise<boolean>;

  /**
   * The stream a name currently points at, if it is still going. A stream whose producer is gone
   * is recovered (and so not going) before this answers.
   */
  abstract active(name: string): Promise<string | undefined>;

  abstract release(name: string, stream: string): Promise<void>;

  /**
   * Asks whichever instance produces `stream` to stop it. False when no producer heard it (it is
   * gone): nothing will stop the stream but `recover`.
   */
  abstract requestStop(stream: string): Promise<boolean>;

  /**
   * Calls `handler` when a stop of `stream` is requested, and when this instance loses its claim on
   * it (another instance took it for dead); returns the unsubscribe function.
   */
  abstract onStopRequest(stream: string, handler: () => void): Promise<() => Promise<void>>;

  /**
   * Recovers a claimed stream whose producer cannot be reached, once across instances: hands it to
   * the `onAbandoned` handler, ends it and frees its name. Resolves when the stream has ended (also
   * when another instance recovered it); false if it had already ended by itself.
   */
  abstract recover(stream: string): Promise<boolean>;

  /** Whether the stream was ended by `recover` rather than by its producer. */
  abstract wasRecovered(stream: string): Promise<boolean>;

  /**
   * Sets what is done with an abandoned stream before it is ended (storing what it holds). The
   * handler resolves false when the stream is not this instance's to recover (its name means
   * nothing here, as for instances on another database sharing the Redis): it is left to others.
   */
  abstract onAbandoned(handler: AbandonedHandler): void;
}
