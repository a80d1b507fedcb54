import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import type { AgentId } from '../../../src/assistant/agents/agents.js';
import { NOTE_MAX_LENGTH } from '../../../src/approvals/approval-limits.js';
import { MAX_STEPS, STEP_DESCRIPTION_MAX_LENGTH } from '../../../src/workflows/workflow-limits.js';
import { AGENT_IDS, AGENT_LABELS, agentLabel, isAgentId } from '../api/agents';
import { api } from '../api/client';
import type {
  AssetResponse,
  RetriedRunResponse,
  RunEvent,
  StartedRunResponse,
  StepDecisionResponse,
  StoppedRunResponse,
  WorkflowDetailResponse,
  WorkflowRunResponse,
  WorkflowStepResponse,
} from '../api/types';
import { useApi } from '../api/use-api';
import { AssetCard } from '../components/asset-card';
import { ErrorMessage } from '../components/error-message';
import { DateTime, ScheduleText, StatusBadge, type WorkflowCreatedState } from './workflows-page';
import './workflows.css';

type RunStatus = WorkflowRunResponse['status'];
type Decision = 'approve' | 'reject';

// The server's limits (UpdateStepsDto, StepDecisionDto), so the form stops before it would fail.


const ACTIVE_RUN_STATUSES: readonly RunStatus[] = ['running', 'awaiting_approval', 'awaiting_budget'];
const isActiveRun = (status: RunStatus) => ACTIVE_RUN_STATUSES.includes(status);

/** `/workflows/:workflowId`: the plan, its editor, and the runs, followed live. */
export function WorkflowPage() {
  const { workflowId } = useParams<{ workflowId: string }>();
  // A fresh view per workflow: edit mode, notices and the followed run belong to one workflow.
  return <WorkflowView key={workflowId} workflowId={workflowId} />;
}

function WorkflowView({ workflowId }: { workflowId: string }) {
  const path = `/workflows/${encodeURIComponent(workflowId)}`;
  const workflow = useApi<WorkflowDetailResponse>(path);
  const createdNotice = useCreatedNotice();
  const [notice, setNotice] = useState(createdNotice ?? '');
  const reload = () => workflow.reload();
  const live = useLiveRun(path, workflow.data?.workflowRuns[0], reload);
  useReloadOnReturn(reload);

  function changed(message?: string) {
    if (message) setNotice(message);
    void reload();
  }

  const data = workflow.data;
  return (
    <div className="stack workflow-page">
      <p>
        <Link href="/workflows">← All workflows</Link>
      </p>
      {data ? (
        <WorkflowHeader workflow={data} />
      ) : (
        <header className="page-header">
          <h1>Workflow</h1>
          {!workflow.error && <p className="muted">Loading…</p>}
        </header>
      )}
      <p role="status" className="workflow-notice">
        {notice}
      </p>
      <ErrorMessage error={workflow.error} />
      {data && (
        <>
          <StepsSection workflow={data} path={path} onChanged={changed} />
          <RunsSection workflow={data} path={path} live={live} onChanged={changed} />
        </>
      )}
    </div>
  );
}

/** The notice the create form left in this history entry, if the user just created the workflow. */
function useCreatedNotice(): string | undefined {
  const state = useHistoryState<Partial<WorkflowCreatedState> | null>();
  return typeof state?.notice === 'string' ? state.notice : undefined;
}

function WorkflowHeader({ workflow }: { workflow: WorkflowDetailResponse }) {
  return (
    <header className="stack workflow-header">
      <div className="row workflow-title-row">
        <h1>{workflow.title}</h1>
        <StatusBadge status={workflow.status} />
      </div>
      <dl className="workflow-facts">
        <div className="workflow-fact-wide">
          <dt>Goal</dt>
          <dd className="workflow-goal">{workflow.goal}</dd>
        </div>
        <div>
          <dt>Schedule</dt>
          <dd>
            <ScheduleText schedule={workflow.schedule} timezone={workflow.timezone} />
          </dd>
        </div>
        {workflow.approvedAt && (
          <div>
            <dt>Plan approved</dt>
            <dd>
              <DateTime iso={workflow.approvedAt} />
              {workflow.approvedBy && <span className="muted"> by {workflow.approvedBy}</span>}
            </dd>
          </div>
        )}
      </dl>
      {workflow.status === 'draft' && (
        <p className="workflow-callout">
          This plan is a draft. An approval email was sent with a link to approve it; the plan becomes active, and can run, once
          that link is opened.
        </p>
      )}
    </header>
  );
}

// ---------------------------------------------------------------------------------------------
// Steps

function StepsSection({ workflow, path, onChanged }: { workflow: WorkflowDetailResponse; path: string; onChanged: (message?: string) => void }) {
  const [editing, setEditing] = useState(false);
  const editable = workflow.status === 'draft' || workflow.status === 'active';
  return (
    <section className="stack" aria-labelledby="steps-heading">
      <div className="row workflow-section-header">
        <h2 id="steps-heading">Steps</h2>
        {editable && !editing && (
          <button type="button" onClick={() => setEditing(true)}>
            Edit steps
          </button>
        )}
      </div>
      {editing ? (
        <StepsEditor
          workflow={workflow}
          path={path}
          onCancel={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            onChanged(message);
          }}
        />
      ) : (
        <StepList steps={inPlanOrder(workflow.workflowSteps)} />
      )}
    </section>
  );
}

function StepList({ steps }: { steps: WorkflowStepResponse[] }) {
  if (steps.length === 0) return <p className="muted">This plan has no steps.</p>;
  return (
    <ol className="workflow-steps">
      {steps.map((step) => (
        <li key={step.stepIndex} className="card">
          <p className="workflow-step-description">{step.description}</p>
          <p className="row workflow-inline">
            <span className="badge">Agent: {agentLabel(step.agentId)}</span>
            {step.requiresApproval && <span className="badge workflow-needs-approval">Needs approval</span>}
          </p>
        </li>
      ))}
    </ol>
  );
}

interface DraftStep {
  /** React's key: steps move and go, so their position cannot be it. */
  key: number;
  description: string;
  agentId: AgentId;
  requiresApproval: boolean;
}

let draftKeys = 0;
const draftStep = (step?: WorkflowStepResponse): DraftStep => ({
  key: ++draftKeys,
  description: step?.description ?? '',
  agentId: step && isAgentId(step.agentId) ? step.agentId : 'general',
  requiresApproval: step?.requiresApproval ?? false,
});

interface StepsEditorProps {
  workflow: WorkflowDetailResponse;
  path: string;
  onCancel: () => void;
  onSaved: (message: string) => void;
}

/** Edits the whole plan locally; saving replaces it on the server in one request. */
function StepsEditor({ workflow, path, onCancel, onSaved }: StepsEditorProps) {
  const [steps, setSteps] = useState(() => inPlanOrder(workflow.workflowSteps).map(draftStep));
  const [addedKey, setAddedKey] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();

  const update = (key: number, change: Partial<DraftStep>) => setSteps((all) => all.map((step) => (step.key === key ? { ...step, ...change } : step)));
  const remove = (key: number) => setSteps((all) => all.filter((step) => step.key !== key));
  const move = (index: number, by: -1 | 1) =>
    setSteps((all) => {
      const next = [...all];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });
  function add() {
    const step = draftStep();
    setSteps((all) => [...all, step]);
    setAddedKey(step.key);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const body = { steps: steps.map(({ description, agentId, requiresApproval }) => ({ description: description.trim(), agentId, requiresApproval })) };
      await api<WorkflowDetailResponse>('POST', `${path}/steps`, { body });
      onSaved('Steps saved. The workflow is a draft again, and a new plan approval email has been sent.');
    } catch (failure) {
      setError(failure as Error);
      setBusy(false);
    }
  }

  return (
    <form className="stack workflow-steps-editor" aria-label="Edit steps" onSubmit={(event) => void save(event)}>
      <ol className="workflow-steps">
        {steps.map((step, index) => (
          <li key={step.key} className="card">
            <StepFields
              step={step}
              position={index + 1}
              count={steps.length}
              autoFocus={step.key === addedKey}
              onChange={(change) => update(step.key, change)}
              onRemove={() => remove(step.key)}
              onMove={(by) => move(index, by)}
            />
          </li>
        ))}
      </ol>
      <div className="row">
        <button type="button" onClick={add} disabled={steps.length >= MAX_STEPS}>
          Add step
        </button>
        <span className="muted">
          {steps.length} of at most {MAX_STEPS} steps
        </span>
      </div>
      <p className="workflow-callout">
        {workflow.status === 'active'
          ? 'Saving replaces the plan and puts this active workflow back to draft: it will not run, by hand or on its schedule, until the new plan is approved. A new approval email is sent, and earlier approval links stop working.'
          : 'Saving replaces the plan and sends a new approval email; earlier approval links stop working.'}
      </p>
      <ErrorMessage error={error} />
      <div className="row">
        <button type="submit" disabled={busy}>
          Save steps
        </button>
        <button type="button" className="link-button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

interface StepFieldsProps {
  step: DraftStep;
  position: number;
  count: number;
  autoFocus: boolean;
  onChange: (change: Partial<DraftStep>) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}

function StepFields({ step, position, count, autoFocus, onChange, onRemove, onMove }: StepFieldsProps) {
  return (
    <fieldset className="stack workflow-step-fields">
      <legend>Step {position}</legend>
      <label>
        Description
        <textarea
          value={step.description}
          onChange={(event) => onChange({ description: event.target.value })}
          required
          maxLength={STEP_DESCRIPTION_MAX_LENGTH}
          rows={2}
          autoFocus={autoFocus}
        />
      </label>
      <div className="row workflow-step-options">
        <label>
          Agent
          <select value={step.agentId} onChange={(event) => onChange({ agentId: event.target.value as AgentId })}>
            {AGENT_IDS.map((id) => (
              <option key={id} value={id}>
                {AGENT_LABELS[id]}
              </option>
            ))}
          </select>
        </label>
        <label className="workflow-checkbox">
          <input type="checkbox" checked={step.requiresApproval} onChange={(event) => onChange({ requiresApproval: event.target.checked })} />
          Needs approval
        </label>
      </div>
      <div className="row workflow-step-buttons">
        <button type="button" className="link-button" aria-label={`Move step ${position} up`} onClick={() => onMove(-1)} disabled={position === 1}>
          Move up
        </button>
        <button type="button" className="link-button" aria-label={`Move step ${position} down`} onClick={() => onMove(1)} disabled={position === count}>
          Move down
        </button>
        <button type="button" className="link-button danger" aria-label={`Remove step ${position}`} onClick={onRemove} disabled={count === 1}>
          Remove
        </button>
      </div>
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------
// Runs

interface RunsSectionProps {
  workflow: WorkflowDetailResponse;
  path: string;
  live: LiveRun;
  onChanged: (message?: string) => void;
}

function RunsSection({ workflow, path, live, onChanged }: RunsSectionProps) {
  const start = useAction(onChanged);
  const runs = [...workflow.workflowRuns].sort((a, b) => b.runNumber - a.runNumber);
  const runnable = workflow.status === 'active';

  const runNow = () =>
    start.run(async () => {
      const started = await api<StartedRunResponse>('POST', `${path}/run`);
      return `${started.message}.`;
    });

  return (
    <section className="stack" aria-labelledby="runs-heading">
      <div className="row workflow-section-header">
        <h2 id="runs-heading">Runs</h2>
        <button type="button" onClick={() => void runNow()} disabled={!runnable || start.busy} aria-describedby={runnable ? undefined : 'run-now-hint'}>
          Run now
        </button>
      </div>
      {!runnable && (
        <p id="run-now-hint" className="muted">
          The workflow can run once its plan is approved.
        </p>
      )}
      <ErrorMessage error={start.error} />
      {runs.length === 0 ? (
        <p className="muted">No runs yet.</p>
      ) : (
        <ol className="workflow-runs" aria-label="Runs">
          {runs.map((run) => {
            const shown = live.display(run);
            return (
              <li key={run.id}>
                <RunCard
                  run={shown}
                  runPath={`${path}/runs/${run.id}`}
                  stepDescription={live.stepDescription(shown) ?? planStepDescription(shown, workflow)}
                  assets={live.assets[run.id] ?? []}
                  onChanged={onChanged}
                />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

interface RunCardProps {
  run: WorkflowRunResponse;
  runPath: string;
  stepDescription: string | undefined;
  assets: AssetResponse[];
  onChanged: (message?: string) => void;
}

function RunCard({ run, runPath, stepDescription, assets, onChanged }: RunCardProps) {
  const action = useAction(onChanged);
  const label = `Run #${run.runNumber}`;

  const stop = () =>
    action.run(async () => {
      await api<StoppedRunResponse>('POST', `${runPath}/stop`);
      return `${label} stopped.`;
    });

  const decide = (decision: Decision, note?: string) =>
    action.run(async () => {
      // The step the run waits on; the server answers 409 if it was decided meanwhile (by email, say).
      const stepIndex = run.currentStepIndex;
      await api<StepDecisionResponse>('POST', `${runPath}/decision`, { body: { action: decision, stepIndex, note } });
      return decision === 'approve'
        ? `Step ${stepIndex + 1} approved; run #${run.runNumber} goes on.`
        : `Step ${stepIndex + 1} rejected; the agent does it again${note ? ' with your note' : ''}.`;
    });

  const retry = (fromStep: number) =>
    action.run(async () => {
      await api<RetriedRunResponse>('POST', `${runPath}/retry`, { body: { fromStep } });
      return `${label} retried from step ${fromStep + 1}: the new run is at the top of the list.`;
    });

  return (
    <article className="card stack workflow-run" aria-label={label}>
      <h3>{label}</h3>
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
          <dd>{run.trigger === 'schedule' ? 'Schedule' : 'Manual'}</dd>
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
            <dd>From step {run.startStepIndex + 1}, reusing the earlier steps</dd>
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
      {run.status === 'awaiting_approval' && <StepDecision run={run} stepDescription={stepDescription} busy={action.busy} onDecide={decide} />}
      {isActiveRun(run.status) && (
        <div className="row">
          <button type="button" className="danger" onClick={() => void stop()} disabled={action.busy}>
            Stop
          </button>
        </div>
      )}
      {!isActiveRun(run.status) && <RetryRun run={run} busy={action.busy} onRetry={(fromStep) => void retry(fromStep)} />}
      <ErrorMessage error={action.error} />
      {assets.length > 0 && <RunAssets assets={assets} />}
    </article>
  );
}

interface RetryRunProps {
  run: WorkflowRunResponse;
  busy: boolean;
  onRetry: (fromStep: number) => void;
}

/**
 * Starts a new run from a step of this finished one; the steps before it keep this run's outputs
 * (no model call). A failed or stopped run can start from the step it stopped at or an earlier
 * one, and does so by default; a completed run from any step.
 */
function RetryRun({ run, busy, onRetry }: RetryRunProps) {
  const selectId = useId();
  const lastStep = run.status === 'completed' ? run.totalSteps - 1 : Math.min(run.currentStepIndex, run.totalSteps - 1);
  const [fromStep, setFromStep] = useState(run.status === 'completed' ? 0 : lastStep);
  const confirmAndRetry = () => {
    if (window.confirm(`Start a new run from step ${fromStep + 1}? Steps before it keep this run's outputs.`)) onRetry(fromStep);
  };
  return (
    <div className="row workflow-inline">
      <label htmlFor={selectId}>Retry from step</label>
      <select id={selectId} value={fromStep} onChange={(event) => setFromStep(Number(event.target.value))} disabled={busy}>
        {Array.from({ length: lastStep + 1 }, (_, index) => (
          <option key={index} value={index}>
            {index + 1}
          </option>
        ))}
      </select>
      <button type="button" onClick={confirmAndRetry} disabled={busy}>
        Retry from this step
      </button>
    </div>
  );
}

function progressText(run: WorkflowRunResponse, stepDescription: string | undefined): string {
  if (run.status === 'completed') return `All ${run.totalSteps} steps done`;
  const position = `Step ${Math.min(run.currentStepIndex + 1, run.totalSteps)} of ${run.totalSteps}`;
  const waiting = { awaiting_approval: 'Waiting for approval', awaiting_budget: "Waiting for the team's token budget" } as const;
  const prefix = run.status === 'awaiting_approval' || run.status === 'awaiting_budget' ? `${waiting[run.status]}: ${position.toLowerCase()}` : position;
  return stepDescription ? `${prefix}: ${stepDescription}` : prefix;
}

interface StepDecisionProps {
  run: WorkflowRunResponse;
  stepDescription: string | undefined;
  busy: boolean;
  onDecide: (decision: Decision, note?: string) => Promise<void>;
}

/** Approve or reject the step a run waits on, as the approval email's links do. */
function StepDecision({ run, stepDescription, busy, onDecide }: StepDecisionProps) {
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const ids = useId();

  function sendRejection(event: FormEvent) {
    event.preventDefault();
    void onDecide('reject', note.trim() || undefined);
  }

  return (
    <div className="stack workflow-decision" role="group" aria-labelledby={`${ids}-title`}>
      <p id={`${ids}-title`}>
        <strong>Step {run.currentStepIndex + 1} is waiting for your approval</strong>
        {stepDescription && <>: {stepDescription}</>}
      </p>
      <p className="muted workflow-hint">
        Its output is in the run's conversation. Approve to go on with the next step, or reject to have the agent do it again.
      </p>
      <div className="row">
        <button type="button" onClick={() => void onDecide('approve')} disabled={busy}>
          Approve
        </button>
        <button type="button" className="danger" aria-expanded={rejecting} onClick={() => setRejecting((open) => !open)} disabled={busy}>
          Reject
        </button>
      </div>
      {rejecting && (
        <form className="stack" onSubmit={sendRejection}>
          <label>
            Note for the agent (optional)
            <textarea
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={NOTE_MAX_LENGTH}
              rows={3}
              autoFocus
              aria-describedby={`${ids}-count`}
            />
          </label>
          <span id={`${ids}-count`} className="muted workflow-hint">
            {note.length} / {NOTE_MAX_LENGTH} characters
          </span>
          <div className="row">
            <button type="submit" disabled={busy}>
              Send rejection
            </button>
            <button type="button" className="link-button" onClick={() => setRejecting(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

function RunAssets({ assets }: { assets: AssetResponse[] }) {
  return (
    <div className="stack">
      <p className="muted">Assets from this run</p>
      <div className="workflow-run-assets">
        {assets.map((asset) => (
          <AssetCard key={asset.id} asset={asset} />
        ))}
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Live run

interface LiveState {
  run: WorkflowRunResponse;
  /** Step descriptions by index, from the stream: the plan cannot change while a run is active. */
  steps: string[];
}

interface LiveRun {
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
function useLiveRun(path: string, newest: WorkflowRunResponse | undefined, reload: () => Promise<void>): LiveRun {
  const [state, setState] = useState<LiveState>();
  const [assets, setAssets] = useState<Record<number, AssetResponse[]>>({});
  const reloadRef = useLatest(reload);
  const runId = newest && isActiveRun(newest.status) ? newest.id : undefined;

  useEffect(() => {
    if (runId === undefined) return;
    const source = new EventSource(`/api${path}/runs/${runId}/events`);
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
      if (event.type === 'completed' || event.type === 'failed' || (event.type === 'state' && !isActiveRun(event.run.status))) finish();
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
  }, [path, runId, reloadRef]);

  const followed = (run: WorkflowRunResponse) => state?.run.id === run.id && isActiveRun(run.status);
  return {
    display: (run) => (state && followed(run) ? state.run : run),
    stepDescription: (run) => (state && followed(run) ? state.steps[Math.min(run.currentStepIndex, run.totalSteps - 1)] : undefined),
    assets,
  };
}

function parseRunEvent(data: string): RunEvent | undefined {
  try {
    return JSON.parse(data) as RunEvent;
  } catch {
    return undefined;
  }
}

/** The run after one of its events; events before the first `state` have nothing to apply to. */
function applyRunEvent(previous: LiveState | undefined, event: RunEvent): LiveState | undefined {
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

function withAsset(all: Record<number, AssetResponse[]>, runId: number, asset: AssetResponse): Record<number, AssetResponse[]> {
  const known = all[runId] ?? [];
  // Replays and reconnects deliver the same asset again.
  if (known.some((existing) => existing.id === asset.id)) return all;
  return { ...all, [runId]: [...known, asset] };
}

// ---------------------------------------------------------------------------------------------
// Helpers

/** A button's request: busy while it runs, its error kept; the workflow is re-fetched either way. */
function useAction(onChanged: (message?: string) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  async function run(action: () => Promise<string>) {
    setBusy(true);
    setError(undefined);
    try {
      onChanged(await action());
    } catch (failure) {
      setError(failure as Error);
      // A 409 means the server moved on without us (a run started by schedule, a step decided by email).
      onChanged();
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}

/** Plans are approved in the mail client, in another tab: catch up when the user comes back. */
function useReloadOnReturn(reload: () => Promise<void>) {
  const reloadRef = useLatest(reload);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reloadRef.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reloadRef]);
}

/** The latest value for effects that must not restart when it changes (useApi's reload is new each render). */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

function inPlanOrder(steps: WorkflowStepResponse[]): WorkflowStepResponse[] {
  return [...steps].sort((a, b) => a.stepIndex - b.stepIndex);
}

/**
 * The run's current step from the workflow's plan, when the run followed this plan: an active run
 * (the plan cannot be edited meanwhile) or one started after the plan's approval (every edit
 * needs a new approval before the next run).
 */
function planStepDescription(run: WorkflowRunResponse, workflow: WorkflowDetailResponse): string | undefined {
  const ranThisPlan = isActiveRun(run.status) || (workflow.approvedAt !== null && Date.parse(run.startedAt) >= Date.parse(workflow.approvedAt));
  if (!ranThisPlan) return undefined;
  const index = Math.min(run.currentStepIndex, run.totalSteps - 1);
  return workflow.workflowSteps.find((step) => step.stepIndex === index)?.description;
}

