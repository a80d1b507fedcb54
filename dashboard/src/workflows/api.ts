import { client, type Schema, send } from '../api/client';

const workflow = (id: string) => ({ params: { path: { id } } });
const run = (id: string, runId: number) => ({ params: { path: { id, runId } } });

export const listWorkflows = () => send(client.GET('/api/workflows'));

export const createWorkflow = (body: Schema<'CreateWorkflowDto'>) => send(client.POST('/api/workflows', { body }));

export const getWorkflow = (id: string) => send(client.GET('/api/workflows/{id}', workflow(id)));

export const deleteWorkflow = (id: string) => send(client.DELETE('/api/workflows/{id}', workflow(id)));

export const replaceSteps = (id: string, body: Schema<'UpdateStepsDto'>) =>
  send(client.POST('/api/workflows/{id}/steps', { ...workflow(id), body }));

export const resendPlanApprovalMail = (id: string) => send(client.POST('/api/workflows/{id}/approval-mail', workflow(id)));

/** The schedule with its next `count` run times. */
export const getSchedule = (id: string, count: number) =>
  send(client.GET('/api/workflows/{id}/schedule', { params: { path: { id }, query: { count } } }));

export const updateSchedule = (id: string, body: Schema<'UpdateScheduleDto'>) =>
  send(client.PATCH('/api/workflows/{id}/schedule', { ...workflow(id), body }));

export const pauseSchedule = (id: string) => send(client.POST('/api/workflows/{id}/schedule/pause', workflow(id)));

export const resumeSchedule = (id: string) => send(client.POST('/api/workflows/{id}/schedule/resume', workflow(id)));

export const startRun = (id: string) => send(client.POST('/api/workflows/{id}/run', workflow(id)));

export const getRun = (id: string, runId: number) => send(client.GET('/api/workflows/{id}/runs/{runId}', run(id, runId)));

export const stopRun = (id: string, runId: number) => send(client.POST('/api/workflows/{id}/runs/{runId}/stop', run(id, runId)));

export const decideStep = (id: string, runId: number, body: Schema<'StepDecisionDto'>) =>
  send(client.POST('/api/workflows/{id}/runs/{runId}/decision', { ...run(id, runId), body }));

export const retryRun = (id: string, runId: number, fromStep: number) =>
  send(client.POST('/api/workflows/{id}/runs/{runId}/retry', { ...run(id, runId), body: { fromStep } }));

/** A run's server-sent events (EventSource, not a fetch): each connection replays them from the start. */
export function runEventsUrl(id: string, runId: number): string {
  return `/api/workflows/${encodeURIComponent(id)}/runs/${runId}/events`;
}
