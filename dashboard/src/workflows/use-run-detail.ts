import type { AssetResponse, RunDetailResponse, WorkflowRunResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { listAssets } from '../assets/api';
import { getRun } from './api';
import { useReloadOnChange } from './use-latest';

export interface RunDetail {
  detail: RunDetailResponse | undefined;
  /** The run's assets from the API, with those its stream brought since (each once, oldest first). */
  assets: AssetResponse[];
  error: Error | undefined;
  loading: boolean;
}

/**
 * A run's steps, decisions, usage and assets from the API, so they show after a reload as well as
 * while the run is watched; fetched again whenever the run moves on (status, step, end).
 */
export function useRunDetail(workflowId: string, run: WorkflowRunResponse, liveAssets: AssetResponse[]): RunDetail {
  const detail = useApi(() => getRun(workflowId, run.id), [workflowId, run.id]);
  const assets = useApi(() => listAssets({ runId: run.id }), [run.id]);
  useReloadOnChange(`${run.status}:${run.currentStepIndex}:${run.finishedAt ?? ''}`, () => {
    void detail.reload();
    void assets.reload();
  });

  return {
    detail: detail.data,
    assets: mergeAssets(assets.data ?? [], liveAssets),
    error: detail.error ?? assets.error,
    loading: detail.loading || assets.loading,
  };
}

function mergeAssets(fetched: AssetResponse[], live: AssetResponse[]): AssetResponse[] {
  const byId = new Map<number, AssetResponse>();
  for (const asset of [...fetched, ...live]) byId.set(asset.id, asset);
  return [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
}
