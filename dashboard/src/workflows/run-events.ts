import type { RunEvent, WorkflowDetailResponse, WorkflowRunResponse } from '../api/types';

export type RunStatus = WorkflowRunResponse['status'];

const ACTIVE_RUN_STATUSES: readonly RunStatus[] = ['running', 'awaiting_approval', 'awaiting_budget'];
export const isActiveRun = (status: RunStatus) => ACTIVE_RUN_STATUSES.includes(status);

/** A followed run as its stream tells it. */
export interface LiveState {
  run: WorkflowRunResponse;
  /** Step descriptions by index, from the stream: the plan cannot change while a run is active. */
  steps: string[];
}

export function parseRunEvent(data: string): RunEvent | undefined {
  try {
    return JSON.parse(data) as RunEvent;
  } catch {
    return undefined;
  }
}

/** The run after one of its events; events before the first `state` have nothing to apply to. */
export function applyRunEvent(previous: LiveState | undefined, event: RunEvent): LiveState | undefined {
  if (event.type === 'state') {
    const steps: string[] = [];
    for (const step of event.steps) steps[step.stepIndex] = step.description;
    return { run: event.run, steps };
  }
  if (!previous) return previous;
  const { run } = previous;
  switch (event.type) {
    case 'status':
      return { ...previous, run: { ...run, status: event.status, reason: event.reason ?? run.reason } };
    case 'step-started': {
      // Replayed history after the state snapshot: steps only ever move forward (a redo stays put).
      if (event.stepIndex < run.currentStepIndex) return previous;
      const steps = [...previous.steps];
      steps[event.stepIndex] = event.description;
      return { run: { ...run, status: 'running', currentStepIndex: event.stepIndex }, steps };
    }
    case 'step-finished':
      return event.awaitingApproval ? { ...previous, run: { ...run, status: 'awaiting_approval' } } : previous;
    // Until the re-fetch brings the server's finishing time, the browser's stands in for it.
    case 'completed':
      return { ...previous, run: { ...run, status: 'completed', currentStepIndex: run.totalSteps, reason: null, finishedAt: run.finishedAt ?? new Date().toISOString() } };
    case 'failed':
      return { ...previous, run: { ...run, status: 'failed', reason: event.reason, finishedAt: run.finishedAt ?? new Date().toISOString() } };
    case 'asset':
      return previous;
  }
}

export function progressText(run: WorkflowRunResponse, stepDescription: string | undefined): string {
  if (run.status === 'completed') return `All ${run.totalSteps} steps done`;
  const position = `Step ${Math.min(run.currentStepIndex + 1, run.totalSteps)} of ${run.totalSteps}`;
  const waiting = { awaiting_approval: 'Waiting for approval', awaiting_budget: "Waiting for the team's token budget" } as const;
  const prefix = run.status === 'awaiting_approval' || run.status === 'awaiting_budget' ? `${waiting[run.status]}: ${position.toLowerCase()}` : position;
  return stepDescription ? `${prefix}: ${stepDescription}` : prefix;
}

/**
 * The description of a run's step from the workflow's plan, when the run followed this plan: an
 * active run (the plan cannot be edited meanwhile) or one started after the plan's approval
 * (every edit needs a new approval before the next run).
 */
export function planStepDescription(run: WorkflowRunResponse, workflow: WorkflowDetailResponse, stepIndex = Math.min(run.currentStepIndex, run.totalSteps - 1)): string | undefined {
  const ranThisPlan = isActiveRun(run.status) || (workflow.approvedAt !== null && Date.parse(run.startedAt) >= Date.parse(workflow.approvedAt));
  if (!ranThisPlan) return undefined;
  return workflow.workflowSteps.find((step) => step.stepIndex === stepIndex)?.description;
}
