import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { GOAL_MAX_LENGTH } from '../../../src/workflow-rules/workflow-limits.js';
import { createWorkflow } from './api';
import type { CreatedWorkflowResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { useAction } from '../hooks/use-action';
import { scheduleInWords } from './schedule-words';
import { TimeZoneOptions, useBrowserTimeZone } from './time-zone-options';
import type { WorkflowsNoticeState } from './workflow-notice';

/** Plans a new workflow from a goal; the workflow page opens on the new draft. */
export function CreateWorkflowForm() {
  const [, navigate] = useLocation();
  const [goal, setGoal] = useState('');
  const [schedule, setSchedule] = useState('');
  const [timezone, setTimezone] = useState('');
  const creation = useAction();
  const [status, setStatus] = useState('');
  const ids = useId();
  const browserZone = useBrowserTimeZone();
  const scheduleWords = schedule.trim() ? scheduleInWords(schedule.trim(), timezone.trim() || 'UTC') : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus('Planning the steps of your workflow…');
    const body = { goal: goal.trim(), schedule: schedule.trim() || undefined, timezone: timezone.trim() || undefined };
    let created: CreatedWorkflowResponse | undefined;
    await creation.run(async () => {
      created = await createWorkflow(body);
    });
    if (!created) return setStatus('');
    const notice = `“${created.title}” was saved as a draft with ${created.steps.length} steps. A plan approval email has been sent.`;
    setStatus(notice);
    navigate(`/workflows/${created.workflowId}`, { state: { notice } satisfies WorkflowsNoticeState });
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
            <p id={`${ids}-schedule-hint`} className="muted workflow-hint" aria-live="polite">
              {scheduleWords ?? (
                <>
                  Cron expression, e.g. <code>0 9 * * 1</code> for Mondays at 09:00. Leave blank to run it by hand only.
                </>
              )}
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
          <TimeZoneOptions id={`${ids}-zones`} />
        </div>
        <ErrorMessage error={creation.error} />
        <div className="row">
          <button type="submit" disabled={creation.busy}>
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
