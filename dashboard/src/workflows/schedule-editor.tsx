import { type FormEvent, useId, useState } from 'react';
import { updateSchedule } from './api';
import type { ScheduleResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { useAction } from '../hooks/use-action';
import { scheduleInWords } from './schedule-words';
import { TimeZoneOptions } from './time-zone-options';

interface ScheduleEditorProps {
  schedule: ScheduleResponse;
  workflowId: string;
  onCancel: () => void;
  onSaved: (message: string) => void;
}

/** Changes the cron expression and time zone (PATCH), or removes the schedule; the server checks both and the plan's minimum interval. */
export function ScheduleEditor({ schedule, workflowId, onCancel, onSaved }: ScheduleEditorProps) {
  const [expression, setExpression] = useState(schedule.schedule ?? '');
  const [timezone, setTimezone] = useState(schedule.timezone);
  const saving = useAction();
  const ids = useId();
  const preview = expression.trim() ? scheduleInWords(expression.trim(), timezone.trim() || schedule.timezone) : null;

  async function save(body: { schedule: string | null; timezone?: string }, message: string) {
    if (await saving.run(() => updateSchedule(workflowId, body))) onSaved(message);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save({ schedule: expression.trim(), timezone: timezone.trim() || undefined }, 'Schedule saved.');
  }

  return (
    <form className="stack" aria-label="Change schedule" onSubmit={submit}>
      <div className="row workflow-form-fields">
        <div className="stack workflow-field">
          <label>
            Cron expression
            <input
              value={expression}
              onChange={(event) => setExpression(event.target.value)}
              required
              maxLength={100}
              placeholder="0 9 * * 1-5"
              spellCheck={false}
              autoComplete="off"
              aria-describedby={`${ids}-preview`}
            />
          </label>
          <p id={`${ids}-preview`} className="muted workflow-hint" aria-live="polite">
            {preview ?? 'Minute, hour, day of the month, month, day of the week; e.g. 0 9 * * 1-5 for weekdays at 09:00.'}
          </p>
        </div>
        <div className="stack workflow-field">
          <label>
            Time zone
            <input value={timezone} onChange={(event) => setTimezone(event.target.value)} list={`${ids}-zones`} required spellCheck={false} autoComplete="off" />
          </label>
          <TimeZoneOptions id={`${ids}-zones`} />
        </div>
      </div>
      <ErrorMessage error={saving.error} />
      <div className="row">
        <button type="submit" disabled={saving.busy}>
          Save schedule
        </button>
        {schedule.schedule && (
          <button type="button" className="link-button danger" disabled={saving.busy} onClick={() => void save({ schedule: null }, 'Schedule removed: the workflow runs by hand only.')}>
            Remove schedule
          </button>
        )}
        <button type="button" className="link-button" onClick={onCancel} disabled={saving.busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
