import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from 'ai';
import type { Response } from 'express';
import { LiveStreamStore } from '../live/live-stream.store.js';
import { ShutdownService } from '../shutdown/shutdown.service.js';

/** How long a stop waits for the generation to wind down before answering. */
const STOP_WAIT_MS = 10_000;

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
  ) {
    shutdown.onDrain('live replies', (deadline) => this.drain(deadline));
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
    if (await this.store.active(conversationId)) throw new ConflictException('A reply is already being generated in this conversation');
  }

  /**
   * Starts generating into a new live stream of the conversation and returns its id. `generate`
   * gets the signal that a stop request aborts.
   */
  async start(conversationId: string, generate: (abortSignal: AbortSignal) => ReadableStream<UIMessageChunk>): Promise<string> {
    const streamId = `chat:${conversationId}:${randomUUID()}`;
    if (!(await this.store.claim(conversationId, streamId))) {
      throw new ConflictException('A reply is already being generated in this conversation');
    }
    const controller = new AbortController();
    const unsubscribe = await this.store.onStopRequest(streamId, () => controller.abort(new Error('Stopped by user')));
    const ended = this.pump(streamId, generate(controller.signal))
      .catch((error: unknown) => this.logger.error(`Live reply ${streamId} failed: ${String(error)}`))
      .finally(async () => {
        await unsubscribe();
        await this.store.end(streamId);
        await this.store.release(conversationId, streamId);
        this.generating.delete(streamId);
      });
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

  /** The stream being generated for a conversation, if any. */
  active(conversationId: string): Promise<string | undefined> {
    return this.store.active(conversationId);
  }

  /** Stops the conversation's generation and waits until it has ended. */
  async stop(conversationId: string): Promise<void> {
    const streamId = await this.store.active(conversationId);
    if (!streamId) throw new ConflictException('No reply is being generated in this conversation');
    const ended = this.waitForEnd(streamId);
    await this.store.requestStop(streamId);
    await ended;
  }

  private async pump(streamId: string, stream: ReadableStream<UIMessageChunk>): Promise<void> {
    for await (const chunk of stream) await this.store.append(streamId, JSON.stringify(chunk));
  }

  private async waitForEnd(streamId: string): Promise<void> {
    const timeout = AbortSignal.timeout(STOP_WAIT_MS);
    // Following from now on ends when the stream ends (or the wait runs out).
    for await (const _chunk of this.store.follow(streamId, { fromStart: false, signal: timeout })) void _chunk;
  }
}
