import type { ScheduleResponse, WorkflowDetailResponse } from '../api/types';
import { type Loaded, useApi } from '../api/use-api';
import { getSchedule } from './api';
import { useReloadOnChange } from './use-latest';

/** How many upcoming run times the workflow page lists. */
export const NEXT_RUNS_SHOWN = 5;

/**
 * The workflow's schedule with its next run times; fetched again when the workflow changes
 * (a plan approved elsewhere starts the schedule, a new plan stops it).
 */
export function useSchedule(workflowId: string, workflow: WorkflowDetailResponse): Loaded<ScheduleResponse> {
  const schedule = useApi(() => getSchedule(workflowId, NEXT_RUNS_SHOWN), [workflowId]);
  useReloadOnChange(`${workflow.status}:${workflow.schedule ?? ''}:${workflow.timezone}:${workflow.updatedAt}`, () => void schedule.reload());
  return schedule;
}
