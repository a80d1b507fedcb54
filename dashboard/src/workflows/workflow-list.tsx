import { Link } from 'wouter';
import type { LatestRunResponse, WorkflowListItemResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { ErrorMessage } from '../components/error-message';
import { getSchedule, listWorkflows } from './api';
import { DateTime, runLabel, ScheduleText, ScheduleTime, StatusBadge } from './workflow-format';

/** The team's workflows, newest first, each with its schedule, next run and latest run. */
export function WorkflowList() {
  const workflows = useApi(listWorkflows, []);
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
    <li className="card workflow-list-item" aria-labelledby={`workflow-${workflow.id}`}>
      <div className="row workflow-title-row">
        <h3 id={`workflow-${workflow.id}`}>
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
        {workflow.schedule && (
          <div>
            <dt>Next run</dt>
            <dd>
              <NextRun workflow={workflow} />
            </dd>
          </div>
        )}
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

function NextRun({ workflow }: { workflow: WorkflowListItemResponse }) {
  const schedule = useApi(() => getSchedule(workflow.id, 1), [workflow.id]);
  if (schedule.error) return <span className="muted">Unknown</span>;
  if (!schedule.data) return <span className="muted">…</span>;
  if (schedule.data.paused) return <span className="muted">Paused</span>;
  if (!schedule.data.nextRunAt) return <span className="muted">{workflow.status === 'draft' ? 'Once the plan is approved' : 'None'}</span>;
  return <ScheduleTime iso={schedule.data.nextRunAt} timezone={schedule.data.timezone} />;
}

function LatestRun({ run }: { run: LatestRunResponse | null }) {
  if (!run) return <span className="muted">No runs yet</span>;
  return (
    <span className="row workflow-inline">
      <span>{runLabel(run.id)}</span>
      <StatusBadge status={run.status} />
      <span className="muted">
        started <DateTime iso={run.startedAt} />
      </span>
    </span>
  );
}
