import { client, type Schema, sendUntyped } from '../api/client';
import type {
  CreatedWorkflowResponse,
  PlanApprovalMailResponse,
  RetriedRunResponse,
  RunDetailResponse,
  ScheduleResponse,
  StartedRunResponse,
  StepDecisionResponse,
  StoppedRunResponse,
  WorkflowDetailResponse,
  WorkflowListItemResponse,
} from '../api/types';

// The workflow pages' calls. `sendUntyped<T>`: the document has no success schema for that answer
// yet, so T is the server's own type, named here until it does.

const workflow = (id: string) => ({ params: { path: { id } } });
const run = (id: string, runId: number) => ({ params: { path: { id, runId } } });

export const listWorkflows = () => sendUntyped<WorkflowListItemResponse[]>(client.GET('/api/workflows'));

export const createWorkflow = (body: Schema<'CreateWorkflowDto'>) => sendUntyped<CreatedWorkflowResponse>(client.POST('/api/workflows', { body }));

export const getWorkflow = (id: string) => sendUntyped<WorkflowDetailResponse>(client.GET('/api/workflows/{id}', workflow(id)));

export const deleteWorkflow = (id: string) => sendUntyped<{ success: true }>(client.DELETE('/api/workflows/{id}', workflow(id)));

export const replaceSteps = (id: string, body: Schema<'UpdateStepsDto'>) =>
  sendUntyped<WorkflowDetailResponse>(client.POST('/api/workflows/{id}/steps', { ...workflow(id), body }));

export const resendPlanApprovalMail = (id: string) => sendUntyped<PlanApprovalMailResponse>(client.POST('/api/workflows/{id}/approval-mail', workflow(id)));

/** The schedule with its next `count` run times. */
export const getSchedule = (id: string, count: number) =>
  sendUntyped<ScheduleResponse>(client.GET('/api/workflows/{id}/schedule', { params: { path: { id }, query: { count } } }));

export const updateSchedule = (id: string, body: Schema<'UpdateScheduleDto'>) =>
  sendUntyped<ScheduleResponse>(client.PATCH('/api/workflows/{id}/schedule', { ...workflow(id), body }));

export const pauseSchedule = (id: string) => sendUntyped<ScheduleResponse>(client.POST('/api/workflows/{id}/schedule/pause', workflow(id)));

export const resumeSchedule = (id: string) => sendUntyped<ScheduleResponse>(client.POST('/api/workflows/{id}/schedule/resume', workflow(id)));

export const startRun = (id: string) => sendUntyped<StartedRunResponse>(client.POST('/api/workflows/{id}/run', workflow(id)));

export const getRun = (id: string, runId: number) => sendUntyped<RunDetailResponse>(client.GET('/api/workflows/{id}/runs/{runId}', run(id, runId)));

export const stopRun = (id: string, runId: number) => sendUntyped<StoppedRunResponse>(client.POST('/api/workflows/{id}/runs/{runId}/stop', run(id, runId)));

export const decideStep = (id: string, runId: number, body: Schema<'StepDecisionDto'>) =>
  sendUntyped<StepDecisionResponse>(client.POST('/api/workflows/{id}/runs/{runId}/decision', { ...run(id, runId), body }));

export const retryRun = (id: string, runId: number, fromStep: number) =>
  sendUntyped<RetriedRunResponse>(client.POST('/api/workflows/{id}/runs/{runId}/retry', { ...run(id, runId), body: { fromStep } }));

/** A run's server-sent events (EventSource, not a fetch): each connection replays them from the start. */
export function runEventsUrl(id: string, runId: number): string {
  return `/api/workflows/${encodeURIComponent(id)}/runs/${runId}/events`;
}
