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
 * for a slot of the schedule, and was made (its row written) within that slot's period. So no slot
 * and no period has two runs: a duplicate named by a late timer's own clock is either off the slots
 * or made in the period of the run it doubles.
 */
export function expectOneRunPerSlot(runs: ScheduledRunRow[], periodMs: number): void {
  expect(runs.filter((run) => run.trigger !== 'schedule')).toEqual([]);
  const slots = runs.map((run) => run.scheduled_for.getTime());
  expect(slots.filter((slot) => slot % periodMs !== 0).map((slot) => new Date(slot).toISOString())).toEqual([]);
  const periods = runs.map((run) => new Date(Math.floor(run.started_at.getTime() / periodMs) * periodMs).toISOString());
  expect(periods).toEqual(slots.map((slot) => new Date(slot).toISOString()));
  expect(new Set(slots).size).toBe(slots.length);
}
