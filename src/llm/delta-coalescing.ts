import type { LanguageModelV4Middleware, LanguageModelV4StreamPart } from '@ai-sdk/provider';

type DeltaPart = Extract<LanguageModelV4StreamPart, { type: 'text-delta' | 'reasoning-delta' | 'tool-input-delta' }>;

/**
 * The instance's budget of model stream flushes. Every part a model streams costs the same
 * walk through the AI SDK's stream stages, whatever its size (about 0.1 ms, more under load), so
 * an instance cannot pass 200 replies × 50 tokens/s one token at a time: it falls behind, every
 * reply slows down, and the event loop turns so slowly that new connections wait seconds to be
 * accepted (libuv accepts one per turn). Each stream may flush once per `interval()`: a share of
 * the budget that grows with the number of streams. With few streams the interval is well below
 * the time between two tokens and every token goes out on its own.
 */
export class StreamPacing {
  private active = 0;

  /** `flushesPerSecond`: the instance-wide budget; 0 turns pacing (and coalescing) off. */
  constructor(readonly flushesPerSecond: number) {}

  get enabled(): boolean {
    return this.flushesPerSecond > 0;
  }

  /** Counts a stream as active until the returned function is called (once is enough). */
  enter(): () => void {
    this.active++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.active--;
    };
  }

  /** The shortest time between two flushes of one stream, in ms. */
  interval(): number {
    return (this.active * 1000) / this.flushesPerSecond;
  }
}

function isDelta(part: LanguageModelV4StreamPart): part is DeltaPart {
  return part.type === 'text-delta' || part.type === 'reasoning-delta' || part.type === 'tool-input-delta';
}

/**
 * Adds a part, merging a delta into the delta before it when both belong to the same block.
 * A delta with provider metadata (log probabilities, say) describes exactly its own text, so it
 * is never merged, in either direction.
 */
function append(pending: LanguageModelV4StreamPart[], part: LanguageModelV4StreamPart): void {
  const last = pending.at(-1);
  const mergeable = last && isDelta(part) && isDelta(last) && last.type === part.type && last.id === part.id;
  if (mergeable && !last.providerMetadata && !part.providerMetadata) {
    pending[pending.length - 1] = { ...last, delta: last.delta + part.delta };
    return;
  }
  pending.push(part);
}

/**
 * Reads a model's stream as fast as the model produces it and hands it on at most once per
 * pacing interval: deltas that arrived meanwhile go out as one. Nothing is dropped or reordered;
 * the first flush is immediate, so time to first token is unchanged.
 */
export function coalesceDeltas(source: ReadableStream<LanguageModelV4StreamPart>, pacing: StreamPacing): ReadableStream<LanguageModelV4StreamPart> {
  const reader = source.getReader();
  const pending: LanguageModelV4StreamPart[] = [];
  let finished = false;
  let failure: { error: unknown } | undefined;
  let news: (() => void) | undefined;
  let lastFlushAt = Number.NEGATIVE_INFINITY;
  let leave = (): void => undefined;

  const wake = (): void => {
    news?.();
    news = undefined;
  };
  const pump = async (): Promise<void> => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        append(pending, value);
        wake();
      }
    } catch (error) {
      failure = { error };
    } finally {
      finished = true;
      wake();
    }
  };

  return new ReadableStream<LanguageModelV4StreamPart>(
    {
      start() {
        leave = pacing.enter();
        void pump();
      },
      async pull(controller) {
        while (pending.length === 0 && !finished) await new Promise<void>((resolve) => (news = resolve));
        const wait = lastFlushAt + pacing.interval() - performance.now();
        if (wait > 0 && !finished) await new Promise((resolve) => setTimeout(resolve, wait));
        lastFlushAt = performance.now();
        if (pending.length > 0) {
          // An error is raised on the next pull: raising it now would discard these parts.
          for (const part of pending.splice(0)) controller.enqueue(part);
          if (!finished || failure) return;
        }
        leave();
        if (failure) controller.error(failure.error);
        else controller.close();
      },
      cancel(reason) {
        leave();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** Applies {@link coalesceDeltas} to every stream of a model. */
export function deltaCoalescingMiddleware(pacing: StreamPacing): LanguageModelV4Middleware {
  return {
    specificationVersion: 'v4',
    async wrapStream({ doStream }) {
      const result = await doStream();
      return { ...result, stream: coalesceDeltas(result.stream, pacing) };
    },
  };
}
