import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { decideStep, retryRun, stopRun } from './api';
import type { AssetResponse, WorkflowDetailResponse, WorkflowRunResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { useCan } from '../session/session';
import type { StepDecision } from '../approvals/edit-and-approve';
import { DecisionForm } from './decision-form';
import { RetryRun } from './retry-run';
import { RunDetailPanel } from './run-detail';
import { isActiveRun, progressText } from './run-events';
import { useWorkflowAction } from './use-action';
import { DateTime, runLabel, StatusBadge } from './workflow-format';

interface RunCardProps {
  run: WorkflowRunResponse;
  workflow: WorkflowDetailResponse;
  stepDescription: string | undefined;
  liveAssets: AssetResponse[];
  /** Whether the details (steps, decisions, usage, assets) start open. */
  detailsOpen: boolean;
  onChanged: (message?: string) => void;
}

/** One run: where it is, what can be done with it (decide, stop, retry), and its details on demand. */
export function RunCard({ run, workflow, stepDescription, liveAssets, detailsOpen, onChanged }: RunCardProps) {
  const action = useWorkflowAction(onChanged);
  const can = useCan();
  const anchor = `run-${run.id}`;
  // Asset cards link here as …#run-<id>: that run opens with its details, in view once rendered.
  const [targeted] = useState(() => window.location.hash === `#${anchor}`);
  const [open, setOpen] = useState(detailsOpen || targeted);
  const cardRef = useRef<HTMLElement>(null);
  const detailsId = useId();
  const label = runLabel(run.id);

  useEffect(() => {
    if (targeted) cardRef.current?.scrollIntoView({ block: 'start' });
  }, [targeted]);

  const stop = () =>
    action.run(async () => {
      await stopRun(workflow.id, run.id);
      return `${label} stopped.`;
    });

  const decide = (decision: StepDecision) =>
    action.run(async () => {
      // The step the run waits on; the server answers 409 if it was decided meanwhile (by email, say).
      const stepIndex = run.currentStepIndex;
      await decideStep(workflow.id, run.id, { ...decision, stepIndex });
      if (decision.action === 'reject') return `Step ${stepIndex + 1} rejected; the agent does it again${decision.note ? ' with your note' : ''}.`;
      return `Step ${stepIndex + 1} approved${decision.edits ? ' with your edits' : ''}; ${label.toLowerCase()} goes on.`;
    });

  const retry = (fromStep: number) =>
    action.run(async () => {
      const retried = await retryRun(workflow.id, run.id, fromStep);
      return `${label} retried from step ${fromStep + 1} as ${runLabel(retried.runId).toLowerCase()}, at the top of the list.`;
    });

  return (
    <article ref={cardRef} id={anchor} className={`card stack workflow-run${targeted ? ' workflow-run-targeted' : ''}`} aria-label={label}>
      <div className="row workflow-section-header">
        <h3>{label}</h3>
        <button type="button" className="link-button" aria-expanded={open} aria-controls={open ? detailsId : undefined} onClick={() => setOpen((shown) => !shown)}>
          {open ? 'Hide details' : 'Show details'}
          <span className="visually-hidden"> of {label.toLowerCase()}</span>
        </button>
      </div>
      <div aria-live="polite" className="stack workflow-run-status">
        <p className="row workflow-inline">
          <StatusBadge status={run.status} />
          <span>{progressText(run, stepDescription)}</span>
        </p>
        {run.status === 'failed' && run.reason && (
          <p className="workflow-reason">
            <strong>Reason:</strong> {run.reason}
          </p>
        )}
      </div>
      <dl className="workflow-facts">
        <div>
          <dt>Trigger</dt>
          <dd>{run.trigger === 'schedule' ? 'Schedule' : run.trigger === 'trigger' ? 'Trigger' : 'Manual'}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>
            <DateTime iso={run.startedAt} />
          </dd>
        </div>
        <div>
          <dt>Finished</dt>
          <dd>{run.finishedAt ? <DateTime iso={run.finishedAt} /> : <span className="muted">Not yet</span>}</dd>
        </div>
        {run.retryOf !== null && (
          <div>
            <dt>Retry</dt>
            <dd>
              Of {runLabel(run.retryOf).toLowerCase()}, from step {run.startStepIndex + 1}, reusing the earlier steps
            </dd>
          </div>
        )}
      </dl>
      {run.conversationId && (
        <p>
          <Link href={`/chat/${run.conversationId}`}>
            View conversation<span className="visually-hidden"> of {label.toLowerCase()}</span>
          </Link>
        </p>
      )}
      {run.status === 'awaiting_approval' && can('workflow.approve', workflow) && <DecisionForm run={run} stepDescription={stepDescription} busy={action.busy} onDecide={decide} />}
      {isActiveRun(run.status) && can('workflow.run', workflow) && (
        <div className="row">
          <button type="button" className="danger" onClick={() => void stop()} disabled={action.busy}>
            Stop
          </button>
        </div>
      )}
      {!isActiveRun(run.status) && can('workflow.run', workflow) && <RetryRun run={run} busy={action.busy} onRetry={(fromStep) => void retry(fromStep)} />}
      <ErrorMessage error={action.error} />
      {open && <RunDetailPanel id={detailsId} run={run} workflow={workflow} liveAssets={liveAssets} />}
    </article>
  );
}
