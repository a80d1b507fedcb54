/** A scheduled run as `workflow_runs` holds it. */
export interface ScheduledRunRow {
  trigger: string;
  scheduled_for: Date;
  started_at: Date;
  status: string;
}

/** The runs of a workflow, oldest first, read straight from the database. */
export const SCHEDULED_RUNS_SQL = 'SELECT trigger, scheduled_for, started_at, status FROM workflow_runs WHERE workflow_id = $1 ORDER BY run_number';

/**
 * Checks the runs of a schedule that fires every `periodMs` from the start of each minute
 * ('*\/2 * * * * *' is 2,000) by the wall clock, not by the key the scheduler builds: every run is
 * for a slot of the schedule, one per slot, none made before its slot came, and made in the order
 * of their slots. A duplicate named by a late timer's own clock is then either off the slots, a
 * second run for a slot, or a stale slot made after a later slot's run. How late after its slot a
 * run is made is not checked: a busy machine delays any timer, and lateness is not a duplicate.
 */
export function expectOneRunPerSlot(runs: ScheduledRunRow[], periodMs: number): void {
  expect(runs.filter((run) => run.trigger !== 'schedule')).toEqual([]);
  const slots = runs.map((run) => run.scheduled_for.getTime());
  const iso = (times: number[]) => times.map((time) => new Date(time).toISOString());
  expect(iso(slots.filter((slot) => slot % periodMs !== 0))).toEqual([]);
  expect(new Set(slots).size).toBe(slots.length);
  expect(runs.filter((run) => run.started_at < run.scheduled_for).map((run) => `${run.scheduled_for.toISOString()} made at ${run.started_at.toISOString()}`)).toEqual([]);
  const byMaking = [...runs].sort((a, b) => a.started_at.getTime() - b.started_at.getTime()).map((run) => run.scheduled_for.getTime());
  expect(iso(byMaking)).toEqual(iso([...slots].sort((a, b) => a - b)));
}
