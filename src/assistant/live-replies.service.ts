import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { readUIMessageStream, UI_MESSAGE_STREAM_HEADERS, type UIMessage, type UIMessageChunk } from 'ai';
import type { Response } from 'express';
import { ConversationsService } from '../conversations/conversations.service.js';
import { violatedConstraint } from '../database/database-errors.js';
import { type AbandonedStream, LiveStreamStore } from '../live/live-stream.store.js';
import { Metrics } from '../metrics/metrics.service.js';
import { ShutdownService } from '../shutdown/shutdown.service.js';

/**
 * How long a stop waits for the generation it reached to wind down. A generator that dies meanwhile
 * is recovered well within it (its claim lapses in seconds); only a live one ignoring the abort
 * runs it out.
 */
const STOP_WAIT_MS = 30_000;
export const REPLY_IN_PROGRESS = 'A reply is already being generated in this conversation';
const IDLE = 'No reply is being generated in this conversation';
const GONE = 'The reply was no longer being generated (its server stopped); it is kept as far as it got';
const STREAM_PREFIX = 'chat:';

/**
 * Replies are generated apart from the request that asked for them: every chunk goes to the
 * conversation's live stream, and HTTP responses (the POST, a resume after a reload, a second
 * tab) are followers of it. A client that leaves never stops the generation; a stop request
 * does, on whichever instance generates it.
 */
@Injectable()
export class LiveRepliesService {
  private readonly logger = new Logger(LiveRepliesService.name);
  /** Replies this instance generates: their stop switch and the end of their pump. */
  private readonly generating = new Map<string, { controller: AbortController; ended: Promise<void> }>();
  /** Responses this instance sends, each with the switch that ends it. */
  private readonly responses = new Set<AbortController>();

  constructor(
    private readonly store: LiveStreamStore,
    shutdown: ShutdownService,
    private readonly conversations: ConversationsService,
    metrics: Metrics,
  ) {
    shutdown.onDrain('live replies', (deadline) => this.drain(deadline));
    metrics.sampleOnScrape('live replies', () => Promise.resolve(metrics.liveRepliesGenerating.set(this.generating.size)));
    store.onAbandoned((abandoned) => this.storeAbandoned(abandoned));
  }

  /**
   * On shutdown: replies in progress get until `deadline` to finish; then they are stopped (and
   * stored as stopped). Followers of every stream end cleanly, and resume elsewhere if they like.
   */
  private async drain(deadline: number): Promise<void> {
    const allEnded = () => Promise.allSettled([...this.generating.values()].map((generation) => generation.ended));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([allEnded(), new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))))]);
    clearTimeout(timer);
    for (const generation of this.generating.values()) generation.controller.abort(new Error('The service is shutting down'));
    await allEnded();
    for (const response of this.responses) response.abort();
  }

  async ensureIdle(conversationId: string): Promise<void> {
    if (await this.store.active(conversationId)) throw new ConflictException(REPLY_IN_PROGRESS);
  }

  /**
   * Starts generating into a new live stream of the conversation and returns its id. `generate`
   * gets the signal that a stop request aborts.
   */
  async start(conversationId: string, generate: (abortSignal: AbortSignal) => ReadableStream<UIMessageChunk>): Promise<string> {
    const streamId = `${STREAM_PREFIX}${conversationId}:${randomUUID()}`;
    const controller = new AbortController();
    // Listening before claiming: a stop that finds the claim always has a producer to hear it, so
    // a stop nobody hears means the producer is gone.
    const unsubscribe = await this.store.onStopRequest(streamId, () => controller.abort(new Error('Stopped by user')));
    const claimed = await this.store.claim(conversationId, streamId).catch(async (error: unknown) => {
      await unsubscribe();
      throw error;
    });
    if (!claimed) {
      await unsubscribe();
      throw new ConflictException(REPLY_IN_PROGRESS);
    }
    const ended = this.pump(streamId, generate(controller.signal), controller)
      .catch((error: unknown) => this.logger.error(`Live reply ${streamId} failed: ${String(error)}`))
      .finally(async () => {
        // Released before it ends: its end is what tells the client the reply is done, and a client
        // that sends its next message at once must find the conversation free, not a 409 (the reply
        // is stored before its end, see ChatStreamService). Ended before it stops listening: a stop
        // arriving in between finds it over, not orphaned. Each step is tried even when one before it
        // failed (Redis unavailable): a claim never released would go on being renewed, and the
        // conversation stay busy, once Redis is back.
        const failed: unknown[] = [];
        for (const step of [() => this.store.release(conversationId, streamId), () => this.store.end(streamId), unsubscribe]) {
          await step().catch((error: unknown) => failed.push(error));
        }
        if (failed.length > 0) throw failed[0];
      })
      .catch((error: unknown) => this.logger.error(`Live reply ${streamId} did not end cleanly: ${String(error)}`))
      .finally(() => this.generating.delete(streamId));
    this.generating.set(streamId, { controller, ended });
    return streamId;
  }

  /** Sends a live stream from its first chunk, then live chunks to the end, as SSE. */
  async send(streamId: string, response: Response): Promise<void> {
    const gone = new AbortController();
    response.on('close', () => gone.abort());
    this.responses.add(gone);
    response.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
    response.flushHeaders();
    try {
      for await (const chunk of this.store.follow(streamId, { fromStart: true, signal: gone.signal })) {
        response.write(`data: ${chunk}\n\n`);
      }
    } finally {
      this.responses.delete(gone);
    }
    if (!response.destroyed) response.end('data: [DONE]\n\n');
  }

  /** A live stream's chunks from the first, then live ones, until it ends or `signal` aborts. */
  async *chunks(streamId: string, signal?: AbortSignal): AsyncIterable<UIMessageChunk> {
    for await (const chunk of this.store.follow(streamId, { fromStart: true, signal })) yield JSON.parse(chunk) as UIMessageChunk;
  }

  /** The stream being generated for a conversation, if any. */
  active(conversationId: string): Promise<string | undefined> {
    return this.store.active(conversationId);
  }

  /**
   * Stops the conversation's generation and waits until it has ended. 409 when nothing was
   * stopped: no reply under way, or its generator is gone (what it wrote is then stored, marked
   * stopped, and the conversation is free).
   */
  async stop(conversationId: string): Promise<void> {
    const streamId = await this.store.active(conversationId);
    if (!streamId) throw new ConflictException(IDLE);
    const heard = new AbortController();
    const ended = this.waitForEnd(streamId, heard.signal).catch(() => false);
    if (!(await this.store.requestStop(streamId))) {
      heard.abort();
      throw new ConflictException((await this.store.recover(streamId)) ? GONE : IDLE);
    }
    if (!(await ended)) throw new ServiceUnavailableException('The reply has not stopped yet; try again');
    // It ended, but by a recovery: its generator died after hearing the stop, not because of it.
    if (await this.store.wasRecovered(streamId)) throw new ConflictException(GONE);
  }

  /**
   * Appends the reply's chunks to its live stream. One that cannot be appended (Redis unavailable)
   * stops the reply, as a stop request does: its followers can no longer be fed (they end, see
   * LiveStreamStore.follow), and the generator stores it as far as it got, marked stopped, once the
   * rest of the stream is read.
   */
  private async pump(streamId: string, stream: ReadableStream<UIMessageChunk>, controller: AbortController): Promise<void> {
    for await (const chunk of stream) {
      if (controller.signal.reason instanceof LiveStreamLost) continue;
      try {
        await this.store.append(streamId, JSON.stringify(chunk));
      } catch (error) {
        this.logger.warn(`Live reply ${streamId} stopped: its live stream could not be written (${String(error)})`);
        controller.abort(new LiveStreamLost({ cause: error }));
      }
    }
  }

  /** True once the stream has ended; false if `cancel` aborts or the wait runs out first. */
  private async waitForEnd(streamId: string, cancel: AbortSignal): Promise<boolean> {
    const signal = AbortSignal.any([cancel, AbortSignal.timeout(STOP_WAIT_MS)]);
    // Following from now on ends when the stream ends (or the wait is over).
    for await (const _chunk of this.store.follow(streamId, { fromStart: false, signal })) void _chunk;
    return !signal.aborted;
  }

  /**
   * A reply whose generator died, rebuilt from its chunks and stored like a stopped one. Its id is
   * the one the generator would have stored it under: if the generator stored it before dying,
   * that copy stays, and nothing is stored twice. False when the conversation is not in this
   * instance's database (instances of another deployment share the Redis): left to theirs.
   */
  private async storeAbandoned({ name: conversationId, stream, chunks }: AbandonedStream): Promise<boolean> {
    if (!stream.startsWith(STREAM_PREFIX)) return false;
    const message = await rebuild(chunks);
    if (!message) return true;
    try {
      await this.conversations.saveMessages(conversationId, [{ ...message, metadata: { ...(message.metadata ?? {}), stopped: true } }]);
    } catch (error) {
      // The insert named a conversation this database does not hold.
      if (violatedConstraint(error, '23503')) return false;
      throw error;
    }
    this.logger.warn(`Stored the reply of conversation ${conversationId} as far as it got: its generator was gone`);
    return true;
  }
}

/** Why a reply was stopped when its live stream could not be written. */
class LiveStreamLost extends Error {
  constructor(options: ErrorOptions) {
    super('The live stream could not be written', options);
  }
}

/** The message a client following the chunks would show, as the AI SDK's client builds it. */
async function rebuild(chunks: string[]): Promise<UIMessage | undefined> {
  let message: UIMessage | undefined;
  const stream = ReadableStream.from(chunks.map((chunk) => JSON.parse(chunk) as UIMessageChunk));
  for await (const snapshot of readUIMessageStream({ stream })) message = snapshot;
  return message;
}
