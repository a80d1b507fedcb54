import { useEffect, useState } from 'react';
import type { AssetResponse, WorkflowRunResponse } from '../api/types';
import { runEventsUrl } from './api';
import { applyRunEvent, isActiveRun, type LiveState, parseRunEvent } from './run-events';
import { useLatest } from './use-latest';

export interface LiveRun {
  /** The run as shown: its events are newer than the last fetch while the fetch says it is active. */
  display: (run: WorkflowRunResponse) => WorkflowRunResponse;
  stepDescription: (run: WorkflowRunResponse) => string | undefined;
  /** Assets that arrived through the stream, by run id; kept after the run ends. */
  assets: Record<number, AssetResponse[]>;
}

/**
 * Follows the newest run through its SSE stream while it is running or awaiting approval, and
 * re-fetches the workflow when the run changes status or finishes a step.
 */
export function useLiveRun(workflowId: string, newest: WorkflowRunResponse | undefined, reload: () => Promise<void>): LiveRun {
  const [state, setState] = useState<LiveState>();
  const [assets, setAssets] = useState<Record<number, AssetResponse[]>>({});
  const reloadRef = useLatest(reload);
  const runId = newest && isActiveRun(newest.status) ? newest.id : undefined;

  useEffect(() => {
    if (runId === undefined) return;
    const source = new EventSource(runEventsUrl(workflowId, runId));
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Each connection replays the run's events from its start: one fetch after a burst is enough.
    const reloadSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void reloadRef.current(), 250);
    };
    // Closed by hand: EventSource would otherwise reconnect when the server ends the stream.
    const finish = () => {
      source.close();
      reloadSoon();
    };

    source.onmessage = (message: MessageEvent<string>) => {
      const event = parseRunEvent(message.data);
      if (!event) return;
      if (event.type === 'asset') {
        setAssets((all) => withAsset(all, runId, event.asset));
        return;
      }
      setState((previous) => applyRunEvent(previous?.run.id === runId ? previous : undefined, event));
      // A stop ends the run with a `status` event: left open, the source would reconnect to a run
      // that is over (a 404 once the workflow is deleted).
      const ended = (event.type === 'state' && !isActiveRun(event.run.status)) || (event.type === 'status' && !isActiveRun(event.status));
      if (event.type === 'completed' || event.type === 'failed' || ended) finish();
      else if (event.type === 'status' || event.type === 'step-finished') reloadSoon();
    };
    // A refused stream (404, 401) will not come back on its own; the fetch shows why.
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) reloadSoon();
    };
    return () => {
      source.close();
      clearTimeout(timer);
    };
  }, [workflowId, runId, reloadRef]);

  const followed = (run: WorkflowRunResponse) => state?.run.id === run.id && isActiveRun(run.status);
  return {
    display: (run) => (state && followed(run) ? state.run : run),
    stepDescription: (run) => (state && followed(run) ? state.steps[Math.min(run.currentStepIndex, run.totalSteps - 1)] : undefined),
    assets,
  };
}

function withAsset(all: Record<number, AssetResponse[]>, runId: number, asset: AssetResponse): Record<number, AssetResponse[]> {
  const known = all[runId] ?? [];
  // Replays and reconnects deliver the same asset again.
  if (known.some((existing) => existing.id === asset.id)) return all;
  return { ...all, [runId]: [...known, asset] };
}
