// Benchmark: BENCH_WORKFLOWS (1000) active workflows whose schedules all name the same second,
// on one app instance and then on two (separate processes sharing one database, each running
// every timer). Each scenario has its own scratch database: the workflows (one offline-model
// step each) are written in SQL with a 6-field cron schedule for one instant BENCH_LEAD_SECONDS
// after seeding; the instances start, arm their timers at boot, and decide the slot. Checked:
// exactly one `started` tick and one run per workflow for that slot. Measured: how many slots
// each instance decided (from its log), and the latency from the slot to the run's start
// (`workflow_runs.started_at`, the start of the transaction that decides the slot and starts the
// run) and to its first step's start (after the commit, behind the executors' queue).
// Run with `npm run bench:schedules` (builds first). Env: BENCH_WORKFLOWS (1000),
// BENCH_LEAD_SECONDS (30), BENCH_DRAIN_SECONDS (90), BENCH_DATABASE_URL (the server that holds
// the throwaway databases).
import pg from 'pg';
import { createBenchDatabase } from '../lib/database.mjs';
import { percentiles } from '../lib/load.mjs';
import { migrateBenchDatabase, startServerProcess } from '../lib/server-process.mjs';

const workflowCount = Number(process.env.BENCH_WORKFLOWS ?? 1000);
const leadMs = Number(process.env.BENCH_LEAD_SECONDS ?? 30) * 1000;
const drainMs = Number(process.env.BENCH_DRAIN_SECONDS ?? 90) * 1000;
/** Every slot is decided well within this time, or the scenario reports what is missing. */
const decideTimeoutMs = 120_000;
const started = /^Workflow \S+: slot (\S+) started/;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The 6-field cron expression (UTC) that fires once a day, at `slot`'s second. */
function cronAt(slot) {
  return `${slot.getUTCSeconds()} ${slot.getUTCMinutes()} ${slot.getUTCHours()} * * *`;
}

/** One team and its owner, and `count` approved, active workflows of one step on `schedule`. */
async function seed(db, count, schedule) {
  const { rows } = await db.query(
    `WITH team AS (INSERT INTO teams (name) VALUES ('Schedules bench') RETURNING id),
     owner AS (INSERT INTO users (email, name, password_hash) VALUES ('bench-schedules@example.com', 'Bench', 'not a hash') RETURNING id),
     membership AS (INSERT INTO memberships (team_id, user_id, role) SELECT team.id, owner.id, 'owner' FROM team, owner),
     workflows AS (
       INSERT INTO workflows (team_id, created_by, title, goal, status, schedule, timezone, approved_at, approved_by, schedule_since)
       SELECT team.id, owner.id, 'Scheduled note #' || n, 'Write a one-line status note.', 'active', $2, 'UTC', now(), 'bench-schedules@example.com', now()
       FROM team, owner, generate_series(1, $1::int) AS n
       RETURNING id
     ),
     steps AS (
       INSERT INTO workflow_steps (workflow_id, step_index, description, agent_id, requires_approval)
       SELECT id, 0, 'Write a one-line status note.', 'general', false FROM workflows
     )
     SELECT count(*)::int AS seeded FROM workflows`,
    [count, schedule],
  );
  return rows[0].seeded;
}

/** Polls until `count` slots are decided or the time is up; the moment the last one was seen. */
async function waitForDecisions(db, slot, count) {
  const deadline = slot.getTime() + decideTimeoutMs;
  for (;;) {
    const { rows } = await db.query('SELECT count(*)::int AS decided FROM schedule_ticks WHERE slot = $1', [slot]);
    if (rows[0].decided >= count || Date.now() > deadline) return rows[0].decided;
    await sleep(100);
  }
}

async function waitForDrain(db, slot) {
  const startedAt = performance.now();
  for (;;) {
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE status IN ('completed', 'failed'))::int AS finished, count(*)::int AS runs
       FROM workflow_runs WHERE scheduled_for = $1`,
      [slot],
    );
    const seconds = (performance.now() - startedAt) / 1000;
    if (rows[0].finished >= rows[0].runs || seconds * 1000 > drainMs) return { ...rows[0], seconds };
    await sleep(200);
  }
}

async function measure(db, slot) {
  const { rows: ticks } = await db.query(
    `SELECT count(*)::int AS ticks, count(*) FILTER (WHERE outcome = 'started')::int AS started,
            count(DISTINCT run_id)::int AS distinct_runs
     FROM schedule_ticks WHERE slot = $1`,
    [slot],
  );
  // What became of the slots, and when the last of each kind was decided (seconds after the slot).
  const { rows: outcomes } = await db.query(
    `SELECT outcome, count(*)::int AS count, extract(epoch FROM max(decided_at) - $1)::float AS last_s
     FROM schedule_ticks WHERE slot = $1 GROUP BY outcome ORDER BY count DESC`,
    [slot],
  );
  const { rows: runs } = await db.query(
    `SELECT count(*)::int AS runs, count(DISTINCT workflow_id)::int AS workflows,
            (SELECT count(*)::int FROM workflow_runs WHERE scheduled_for IS DISTINCT FROM $1) AS other_runs
     FROM workflow_runs WHERE scheduled_for = $1`,
    [slot],
  );
  const { rows: latencies } = await db.query(
    `SELECT extract(epoch FROM r.started_at - r.scheduled_for) * 1000 AS start_ms,
            extract(epoch FROM s.started_at - r.scheduled_for) * 1000 AS first_step_ms
     FROM workflow_runs r LEFT JOIN run_steps s ON s.run_id = r.id AND s.step_index = 0
     WHERE r.scheduled_for = $1`,
    [slot],
  );
  const numbers = (key) => latencies.map((row) => row[key]).filter((value) => value !== null).map(Number);
  return { ...ticks[0], ...runs[0], outcomes, start: numbers('start_ms'), firstStep: numbers('first_step_ms') };
}

function formatLatency(name, values) {
  if (values.length === 0) return `${name}: none`;
  const { p50, p95, p99, max } = percentiles(values);
  const ms = (value) => `${Math.round(value)} ms`;
  return `${name} (${values.length}): p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(p99)}  max ${ms(max)}`;
}

async function scenario(label, instanceCount) {
  const database = await createBenchDatabase(`bench_schedules_${instanceCount}`);
  const db = new pg.Client({ connectionString: database.url });
  const instances = [];
  try {
    await migrateBenchDatabase(database.url);
    await db.connect();
    const slot = new Date(Math.ceil((Date.now() + leadMs) / 1000) * 1000);
    await seed(db, workflowCount, cronAt(slot));

    // Started together; each reconciles at boot (arming every timer) before it listens.
    const logs = Array.from({ length: instanceCount }, () => ({ decided: 0, late: 0, errors: [] }));
    const onLog = (log) => (entry) => {
      const decided = started.exec(entry.msg ?? '');
      if (entry.context === 'ScheduleTicksService' && decided?.[1] === slot.toISOString()) log.decided++;
      if (entry.context === 'SchedulerService' && / ms late/.test(entry.msg ?? '')) log.late++;
      if (entry.level >= 50) log.errors.push(entry.msg);
    };
    const starting = logs.map((log) => startServerProcess(database.url, { env: { SHUTDOWN_GRACE_SECONDS: '1' }, onLog: onLog(log) }));
    instances.push(...(await Promise.allSettled(starting)).filter((result) => result.status === 'fulfilled').map((result) => result.value));
    if (instances.length < instanceCount) throw (await Promise.allSettled(starting)).find((result) => result.status === 'rejected').reason;
    const margin = slot.getTime() - Date.now();
    if (margin < 1000) throw new Error(`the instances were up only ${margin} ms before the slot: raise BENCH_LEAD_SECONDS`);

    const decided = await waitForDecisions(db, slot, workflowCount);
    // A duplicate would come from a late timer: give those a moment to show up.
    await sleep(2000);
    const result = await measure(db, slot);
    const drain = await waitForDrain(db, slot);
    const firstSteps = (await measure(db, slot)).firstStep;

    const exact =
      decided === workflowCount &&
      result.ticks === workflowCount &&
      result.started === workflowCount &&
      result.distinct_runs === workflowCount &&
      result.runs === workflowCount &&
      result.workflows === workflowCount &&
      result.other_runs === 0;
    console.log(`${label} (slot ${slot.toISOString()}, instances up ${(margin / 1000).toFixed(1)} s before it)`);
    console.log(
      `  slot ticks ${result.ticks} (${result.outcomes.map((row) => `${row.count} ${row.outcome}, the last at +${row.last_s.toFixed(1)} s`).join('; ')})` +
        `  runs for the slot ${result.runs} (${result.workflows} workflows, ${result.distinct_runs} linked from ticks)` +
        `  other runs ${result.other_runs}  -> ${exact ? 'exactly one run per workflow' : `NOT exactly one run per workflow: ${result.runs - result.workflows} duplicate(s), ${workflowCount - result.workflows} without a run`}`,
    );
    console.log(
      `  decided per instance (from each one's log): ${logs.map((log) => log.decided).join(' + ')}` +
        `  late timers (>= 1 s): ${logs.map((log) => log.late).join(' + ')}`,
    );
    console.log(`  ${formatLatency('slot -> run started', result.start)}`);
    console.log(`  ${formatLatency('slot -> first step started', firstSteps)}`);
    console.log(`  runs finished ${drain.finished}/${drain.runs} within ${drain.seconds.toFixed(1)} s of the measurement${drain.finished < drain.runs ? ' (stopped waiting)' : ''}`);
    const errors = logs.flatMap((log) => log.errors);
    if (errors.length > 0) console.log(`  ${errors.length} error log line(s), first: ${errors[0]}`);
    if (!exact) process.exitCode = 1;
    return { exact, p50: percentiles(result.start).p50, p99: percentiles(result.start).p99 };
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await db.end().catch(() => undefined);
    await database.drop();
  }
}

console.log(
  `schedules benchmark: ${workflowCount} workflows (one offline-model step each) scheduled on the same second, ` +
    `${leadMs / 1000} s after seeding; instances are separate processes on one database`,
);
const one = await scenario('one instance', 1);
const two = await scenario('two instances', 2);
const ms = (value) => `${Math.round(value)} ms`;
console.log(
  `exactly ${workflowCount} runs: one instance ${one.exact ? 'yes' : 'NO'}, two instances ${two.exact ? 'yes' : 'NO'}; ` +
    `slot -> run started p50/p99: one ${ms(one.p50)} / ${ms(one.p99)}, two ${ms(two.p50)} / ${ms(two.p99)}`,
);
