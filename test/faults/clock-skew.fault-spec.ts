import { existsSync } from 'node:fs';
import { waitFor } from '../helpers/mail-catcher.js';
import { SCHEDULED_RUNS_SQL, type ScheduledRunRow } from '../helpers/scheduled-runs.js';
import type { ServerProcess } from '../helpers/server-process.js';
import { activeWorkflow, duplicatesOf, faultCluster, runCompleted } from './fixtures.js';

/** Debian's libfaketime (package `faketime`, installed by .ci/run): moves one process's clock, not the database's. */
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
/** Without libfaketime on a developer's machine the file is skipped; CI installs it and never skips. */
const NO_FAKETIME = !existsSync(LIBFAKETIME) && !process.env.CI;

/** Two instances whose clocks are 3 minutes apart, each 90 s off the database's (more than MISSED_AFTER_MS). */
const SKEW_S = 90;
const BEHIND = -SKEW_S;
const AHEAD = SKEW_S;

const THREE_STEPS = 'Outline a LinkedIn post about resilience. Then write the LinkedIn post. Then make an image for it.';
const SCHEDULE = '*/20 * * * * *';
/** A run started this long after its slot was decided by a late clock, not by a busy machine. */
const LATE_MARGIN_MS = 60_000;
/** Slow enough that a kill lands between a step's asset and the end of its reply; the sweeper looks every 2 s. */
const SERVER_ENV = { OFFLINE_MODEL_CHUNK_DELAY_MS: '150', RUN_SWEEP_SECONDS: '2', LOG_LEVEL: 'info' };

/** The environment that starts a server with its clock `seconds` off (the database keeps the true one). */
function skewed(seconds: number): Record<string, string> {
  return { LD_PRELOAD: LIBFAKETIME, FAKETIME: `${seconds >= 0 ? '+' : ''}${seconds}s` };
}

/**
 * Issue 29 item 3, "one clock": every time compared with a database time comes from the database,
 * and schedule slots are decided by the database's clock. Real server processes under libfaketime
 * on a database of this file's own, handing a run to each other and sharing a schedule.
 */
describe.skipIf(NO_FAKETIME)('instances whose clocks are 3 minutes apart', () => {
  const cluster = faultCluster('Clocks 3 minutes apart', SERVER_ENV);
  const { start, table } = cluster;

  beforeAll(() => {
    if (!existsSync(LIBFAKETIME)) throw new Error(`${LIBFAKETIME} is missing: install the Debian package faketime (.ci/run does)`);
  });

  /** Starts a server `seconds` off and checks that its clock really is (the Date header is its own clock). */
  async function startSkewed(seconds: number, env: Record<string, string> = {}): Promise<ServerProcess> {
    const server = await start({ ...skewed(seconds), ...env });
    const { rows } = await cluster.db.query<{ now: Date }>('SELECT now()');
    const own = new Date((await server.fetch('/api/health')).headers.get('date') ?? 0);
    expect(Math.round((own.getTime() - rows[0].now.getTime()) / 1000)).toBeCloseTo(seconds, -1);
    return server;
  }

  /** Kills `server` inside step `stepIndex` once its tool has made its asset (of `type`), while its reply still streams. */
  async function killInside(server: ServerProcess, runId: number, stepIndex: number, type: string): Promise<void> {
    await waitFor(
      async () =>
        (
          await cluster.db.query(
            `SELECT 1 FROM run_steps WHERE run_id = $1 AND step_index = $2 AND status = 'running'
               AND EXISTS (SELECT 1 FROM assets WHERE run_id = $1 AND type = $3)`,
            [runId, stepIndex, type],
          )
        ).rowCount,
      `step ${stepIndex + 1} running with its ${type} made`,
      120_000,
    );
    server.kill('SIGKILL');
    await server.exited();
  }

  it("a run taken over by an instance ahead, then by one behind: no finished step's asset deleted, none made twice", async () => {
    const behind = await startSkewed(BEHIND);
    const { token, workflowId } = await activeWorkflow(behind, THREE_STEPS);
    const { runId } = await behind.json<{ runId: number }>('POST', `/api/workflows/${workflowId}/run`, token);
    // Step 2's checkpoint written by the instance behind, its asset made, then the instance gone.
    await killInside(behind, runId, 1, 'social_post');
    const { rows: outline } = await cluster.db.query<{ id: number }>(`SELECT id FROM assets WHERE run_id = $1 AND type = 'post_outline'`, [runId]);

    // The instance ahead takes it over, finishes step 2 and writes step 3's checkpoint; killed once step 3's image exists.
    const ahead = await startSkewed(AHEAD);
    await killInside(ahead, runId, 2, 'image');

    await startSkewed(BEHIND);
    await runCompleted(cluster.db, runId, 120_000);
    const { rows: assets } = await cluster.db.query<{ id: number; type: string }>('SELECT id, type FROM assets WHERE run_id = $1 ORDER BY id', [runId]);
    expect(assets.map((asset) => asset.id)).toContain(outline[0].id);
    expect(assets).toHaveLength(3);
    expect(await duplicatesOf(cluster.db, runId)).toEqual({ messages: 0, assets: 0 });
    table.record(
      `run handed: ${BEHIND} s -> ${AHEAD} s -> ${BEHIND} s`,
      "completed; step 1's asset kept, the unfinished steps' assets replaced, 3 assets, nothing twice",
    );
  }, 420_000);

  it('a 20-second schedule on both: every slot decided when the database says it is due, none early, none falsely missed', async () => {
    const fast = { OFFLINE_MODEL_CHUNK_DELAY_MS: '0' };
    const ahead = await startSkewed(AHEAD, fast);
    await startSkewed(BEHIND, fast);
    const { workflowId } = await activeWorkflow(ahead, 'Write a LinkedIn post about uptime.', SCHEDULE);
    const { rows: approved } = await cluster.db.query<{ approved_at: Date }>('SELECT approved_at FROM workflows WHERE id = $1', [workflowId]);

    // Four slots: 60 s and more, so each instance has reconciled (and looked for missed slots) twice.
    type Tick = { slot: Date; outcome: string; decided_at: Date; detail: string | null };
    const ticks = await waitFor(
      async () => {
        const { rows } = await cluster.db.query<Tick>('SELECT slot, outcome, decided_at, detail FROM schedule_ticks WHERE workflow_id = $1 ORDER BY slot', [
          workflowId,
        ]);
        return rows.length >= 4 ? rows : undefined;
      },
      'four slots decided',
      150_000,
    );
    const early = ticks.filter((tick) => tick.decided_at < tick.slot);
    expect(early.map((tick) => `${tick.slot.toISOString()} decided at ${tick.decided_at.toISOString()} (${tick.outcome})`)).toEqual([]);
    expect(ticks.filter((tick) => tick.outcome === 'missed').map((tick) => `${tick.slot.toISOString()}: ${tick.detail}`)).toEqual([]);
    expect(ticks.filter((tick) => tick.slot > approved[0].approved_at).every((tick) => tick.outcome === 'started')).toBe(true);
    // Each slot's run made once, at its slot or after by the database's clock, and not by an instance
    // 90 s late (a margin under that for a machine busy with other tests).
    const { rows: runs } = await cluster.db.query<ScheduledRunRow>(SCHEDULED_RUNS_SQL, [workflowId]);
    const slots = runs.map((run) => run.scheduled_for.toISOString());
    expect(new Set(slots).size).toBe(slots.length);
    const offSlot = runs.filter((run) => run.started_at < run.scheduled_for || run.started_at.getTime() - run.scheduled_for.getTime() > LATE_MARGIN_MS);
    expect(offSlot.map((run) => `${run.scheduled_for.toISOString()} started at ${run.started_at.toISOString()}`)).toEqual([]);
    table.record(`${SCHEDULE} on ${AHEAD} s and ${BEHIND} s`, `${ticks.length} slots, each started on time by the database's clock; none early, none missed`);
  }, 420_000);
});
