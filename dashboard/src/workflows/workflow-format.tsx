import { scheduleInWords } from './schedule-words';

// How the workflow pages read a status, a run, a schedule, a time and a run's usage.

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge status-${status}`}>{status.replace(/_/g, ' ')}</span>;
}

/** The one name of a run everywhere (page, chat banner, asset footers): the API's run id. */
export function runLabel(runId: number): string {
  return `Run #${runId}`;
}

/** The schedule in words where its shape allows, with the cron text beside it (or instead of it). */
export function ScheduleText({ schedule, timezone }: { schedule: string | null; timezone: string }) {
  if (!schedule) return <span className="muted">None (runs by hand)</span>;
  const words = scheduleInWords(schedule, timezone);
  if (!words) {
    return (
      <span>
        <code>{schedule}</code> <span className="muted">({timezone})</span>
      </span>
    );
  }
  return (
    <span>
      {words} <code className="muted workflow-cron">{schedule}</code>
    </span>
  );
}

export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;
}

/** A time in the schedule's own zone, with the weekday: next runs are read against a week. */
export function ScheduleTime({ iso, timezone }: { iso: string; timezone: string }) {
  const text = new Date(iso).toLocaleString(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: timezone });
  return <time dateTime={iso}>{text}</time>;
}

const numberFormat = new Intl.NumberFormat();
export const formatCount = (value: number) => numberFormat.format(value);
