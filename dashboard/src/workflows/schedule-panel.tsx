import { useState } from 'react';
import { pauseSchedule, resumeSchedule } from './api';
import type { ScheduleResponse, WorkflowDetailResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { useCan } from '../session/session';
import { ScheduleEditor } from './schedule-editor';
import { useWorkflowAction } from './use-action';
import { useSchedule } from './use-schedule';
import { DateTime, ScheduleText, ScheduleTime } from './workflow-format';

interface SchedulePanelProps {
  workflow: WorkflowDetailResponse;
  workflowId: string;
  onChanged: (message?: string) => void;
}

/** The schedule in words, when it runs next, and pausing, resuming or changing it. */
export function SchedulePanel({ workflow, workflowId, onChanged }: SchedulePanelProps) {
  const schedule = useSchedule(workflowId, workflow);
  const [editing, setEditing] = useState(false);
  const changed = (message?: string) => {
    void schedule.reload();
    onChanged(message);
  };
  const action = useWorkflowAction(changed);
  const current = schedule.data;
  const can = useCan();

  const toggle = (pause: boolean) =>
    action.run(async () => {
      await (pause ? pauseSchedule(workflowId) : resumeSchedule(workflowId));
      return pause ? 'Schedule paused: no run starts on it until you resume it.' : 'Schedule resumed.';
    });

  return (
    <section className="card stack workflow-schedule" aria-labelledby="schedule-heading">
      <div className="row workflow-section-header">
        <h2 id="schedule-heading">Schedule</h2>
        {current && !editing && can('workflow.schedule', workflow) && (
          <div className="row workflow-inline">
            {/* A draft's schedule does not fire yet, so there is nothing to pause; a paused one may still be resumed. */}
            {current.schedule && (current.paused || workflow.status === 'active') && (
              <button type="button" onClick={() => void toggle(!current.paused)} disabled={action.busy}>
                {current.paused ? 'Resume schedule' : 'Pause schedule'}
              </button>
            )}
            <button type="button" className="link-button" onClick={() => setEditing(true)}>
              {current.schedule ? 'Change schedule' : 'Add a schedule'}
            </button>
          </div>
        )}
      </div>
      <ErrorMessage error={schedule.error ?? action.error} />
      {!current && !schedule.error && <p className="muted">Loading…</p>}
      {current && !editing && <ScheduleSummary schedule={current} workflow={workflow} />}
      {current && editing && (
        <ScheduleEditor
          schedule={current}
          workflowId={workflowId}
          onCancel={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            changed(message);
          }}
        />
      )}
    </section>
  );
}

function ScheduleSummary({ schedule, workflow }: { schedule: ScheduleResponse; workflow: WorkflowDetailResponse }) {
  return (
    <>
      <p className="workflow-schedule-words">
        <ScheduleText schedule={schedule.schedule} timezone={schedule.timezone} />
      </p>
      {schedule.schedule && <NextRuns schedule={schedule} workflow={workflow} />}
    </>
  );
}

function NextRuns({ schedule, workflow }: { schedule: ScheduleResponse; workflow: WorkflowDetailResponse }) {
  if (schedule.paused) {
    return (
      <p className="workflow-callout" role="note">
        Paused{schedule.pausedAt && <> since <DateTime iso={schedule.pausedAt} /></>}. No run starts on the schedule until it is resumed; slots
        meanwhile are not caught up.
      </p>
    );
  }
  if (schedule.nextRuns.length === 0) {
    return <p className="muted">{workflow.status === 'draft' ? 'It starts running on this schedule once the plan is approved.' : 'No upcoming runs.'}</p>;
  }
  return (
    <div className="stack workflow-next-runs">
      <h3 id="next-runs-heading">Next runs</h3>
      <ol aria-labelledby="next-runs-heading">
        {schedule.nextRuns.map((iso) => (
          <li key={iso}>
            <ScheduleTime iso={iso} timezone={schedule.timezone} />
          </li>
        ))}
      </ol>
      <p className="muted workflow-hint">Times in {schedule.timezone}.</p>
    </div>
  );
}
