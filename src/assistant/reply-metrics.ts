import type { UIMessageChunk } from 'ai';
import type { Metrics } from '../metrics/metrics.service.js';
import type { ReplyMetadata } from './reply-metadata.js';

/**
 * Passes a chat reply's chunks on while recording it: in progress until it ends, the time to its
 * first text, and its duration and outcome (completed, stopped, failed) by agent and model.
 */
export function measuredReply(stream: ReadableStream<UIMessageChunk>, metrics: Metrics, agent: string, abortSignal: AbortSignal): ReadableStream<UIMessageChunk> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  let model = 'unknown';
  let firstText = true;
  let failed = false;
  metrics.repliesInProgress.inc({ agent });
  const end = () => {
    const outcome = failed ? 'failed' : abortSignal.aborted ? 'stopped' : 'completed';
    metrics.repliesInProgress.dec({ agent });
    metrics.repliesEnded.inc({ agent, outcome });
    metrics.replyDuration.observe({ agent, model, outcome }, seconds());
  };
  return stream.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, controller) {
        if (chunk.type === 'start') model = (chunk.messageMetadata as Partial<ReplyMetadata> | undefined)?.modelId ?? model;
        else if (chunk.type === 'text-delta' && firstText) {
          firstText = false;
          metrics.firstToken.observe({ agent, model }, seconds());
        } else if (chunk.type === 'error') failed = true;
        controller.enqueue(chunk);
      },
      flush: end,
      cancel: end,
    }),
  );
}
