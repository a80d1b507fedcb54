import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api } from '../api/client';
import type { CreatedWorkflowResponse, LatestRunResponse, WorkflowListItemResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { ErrorMessage } from '../components/error-message';
import './workflows.css';

import { GOAL_MAX_LENGTH } from '../../../src/workflows/workflow-limits.js';

/** What the workflow page shows once it opens after a creation (carried in the history entry). */
export interface WorkflowCreatedState {
  notice: string;
}

/** `/workflows`: plan a new workflow from a goal, and the team's workflows. */
export function WorkflowsPage() {
  return (
    <div className="stack workflows-page">
      <header className="page-header">
        <h1>Workflows</h1>
      </header>
      <CreateWorkflowForm />
      <WorkflowList />
    </div>
  );
}

function CreateWorkflowForm() {
  const [, navigate] = useLocation();
  const [goal, setGoal] = useState('');
  const [schedule, setSchedule] = useState('');
  const [timezone, setTimezone] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const [status, setStatus] = useState('');
  const ids = useId();
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const browserZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setStatus('Planning the steps of your workflow…');
    try {
      const body = { goal: goal.trim(), schedule: schedule.trim() || undefined, timezone: timezone.trim() || undefined };
      const created = await api<CreatedWorkflowResponse>('POST', '/workflows', { body });
      const notice = `“${created.title}” was saved as a draft with ${created.steps.length} steps. A plan approval email has been sent.`;
      setStatus(notice);
      // The workflow page reads the notice from the history entry, so it survives the navigation.
      navigate(`/workflows/${created.workflowId}`, { state: { notice } satisfies WorkflowCreatedState });
    } catch (failure) {
      setError(failure as Error);
      setStatus('');
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>New workflow</h2>
      <form className="stack" onSubmit={(event) => void submit(event)}>
        <label>
          Goal
          <textarea
            name="goal"
            value={goal}
            onChange={(event) => setGoal(event.target.value)}
            required
            maxLength={GOAL_MAX_LENGTH}
            rows={4}
            placeholder="Every Monday, outline a LinkedIn post about our week, write it, and publish it after review."
            aria-describedby={`${ids}-goal-hint`}
          />
        </label>
        <p id={`${ids}-goal-hint`} className="muted workflow-hint">
          Describe what the workflow should accomplish; an AI agent plans its steps and emails you the plan to approve.
        </p>
        <div className="row workflow-form-fields">
          <div className="stack workflow-field">
            <label>
              Schedule (optional)
              <input
                name="schedule"
                value={schedule}
                onChange={(event) => setSchedule(event.target.value)}
                maxLength={100}
                placeholder="0 9 * * 1"
                spellCheck={false}
                autoComplete="off"
                aria-describedby={`${ids}-schedule-hint`}
              />
            </label>
            <p id={`${ids}-schedule-hint`} className="muted workflow-hint">
              Cron expression, e.g. <code>0 9 * * 1</code> for Mondays at 09:00. Leave blank to run it by hand only.
            </p>
          </div>
          <div className="stack workflow-field">
            <label>
              Time zone (optional)
              <input
                name="timezone"
                value={timezone}
                onChange={(event) => setTimezone(event.target.value)}
                list={`${ids}-zones`}
                placeholder={browserZone}
                spellCheck={false}
                autoComplete="off"
                aria-describedby={`${ids}-timezone-hint`}
              />
            </label>
            <p id={`${ids}-timezone-hint`} className="muted workflow-hint">
              The schedule's time zone, e.g. Europe/Lisbon. Blank means UTC.
            </p>
          </div>
          <datalist id={`${ids}-zones`}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </div>
        <ErrorMessage error={error} />
        <div className="row">
          <button type="submit" disabled={busy}>
            Create workflow
          </button>
          <p role="status" className="muted workflow-status">
            {status}
          </p>
        </div>
      </form>
    </section>
  );
}

function WorkflowList() {
  const workflows = useApi<WorkflowListItemResponse[]>('/workflows');
  return (
    <section className="stack" aria-labelledby="workflow-list-heading">
      <h2 id="workflow-list-heading">Your team's workflows</h2>
      <ErrorMessage error={workflows.error} />
      {workflows.loading && !workflows.data && <p className="muted">Loading…</p>}
      {workflows.data?.length === 0 && <p className="muted">No workflows yet. Describe a goal above to plan your first one.</p>}
      {workflows.data && workflows.data.length > 0 && (
        <ul className="workflow-list">
          {workflows.data.map((workflow) => (
            <WorkflowListItem key={workflow.id} workflow={workflow} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WorkflowListItem({ workflow }: { workflow: WorkflowListItemResponse }) {
  return (
    <li className="card workflow-list-item">
      <div className="row workflow-title-row">
        <h3>
          <Link href={`/workflows/${workflow.id}`}>{workflow.title}</Link>
        </h3>
        <StatusBadge status={workflow.status} />
      </div>
      <dl className="workflow-facts">
        <div>
          <dt>Steps</dt>
          <dd>{workflow.stepCount}</dd>
        </div>
        <div>
          <dt>Schedule</dt>
          <dd>
            <ScheduleText schedule={workflow.schedule} timezone={workflow.timezone} />
          </dd>
        </div>
        <div>
          <dt>Latest run</dt>
          <dd>
            <LatestRun run={workflow.latestRun} />
          </dd>
        </div>
      </dl>
    </li>
  );
}

function LatestRun({ run }: { run: LatestRunResponse | null }) {
  if (!run) return <span className="muted">No runs yet</span>;
  return (
    <span className="row workflow-inline">
      <span>Run #{run.runNumber}</span>
      <StatusBadge status={run.status} />
      <span className="muted">
        started <DateTime iso={run.startedAt} />
      </span>
    </span>
  );
}

// Shared with the workflow page so both read a status, a schedule and a time the same way.

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge status-${status}`}>{status.replace(/_/g, ' ')}</span>;
}

export function ScheduleText({ schedule, timezone }: { schedule: string | null; timezone: string }) {
  if (!schedule) return <span className="muted">None (runs by hand)</span>;
  return (
    <span>
      <code>{schedule}</code> <span className="muted">({timezone})</span>
    </span>
  );
}

export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;
}
