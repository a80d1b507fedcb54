import type { WorkflowDetailResponse } from '../api/types';
import { type Loaded, useApi } from '../api/use-api';
import { getWorkflow } from './api';
import { useReloadOnReturn } from './use-latest';
import { type LiveRun, useLiveRun } from './use-live-run';

export interface WorkflowData {
  workflow: Loaded<WorkflowDetailResponse>;
  /** The newest run, followed through its stream while it is active. */
  live: LiveRun;
}

/** The workflow with its steps and runs, kept current: its newest run live, everything again when the user comes back to the tab. */
export function useWorkflow(workflowId: string): WorkflowData {
  const workflow = useApi(() => getWorkflow(workflowId), [workflowId]);
  const reload = () => workflow.reload();
  // The server lists the runs newest first.
  const live = useLiveRun(workflowId, workflow.data?.workflowRuns[0], reload);
  useReloadOnReturn(reload);
  return { workflow, live };
}
