// Benchmark: fair run scheduling. Team A starts a burst of BENCH_BURST (500) runs at once; then
// other teams start one run every BENCH_INTERVAL_MS (200) ms, BENCH_SINGLE_RUNS (100) times (each
// run another team's single run, "B"), while the burst drains. B's start latency (from its POST
// to its run's first step starting) is
// measured with each team limited to RUN_CONCURRENCY_FREE (2) runs at once, and again with the
// limit out of reach (first come, first served: the behaviour before fair scheduling), on fresh
// databases in the same process. Runs are one step of the offline model, paced by
// BENCH_CHUNK_DELAY_MS (10) per streamed chunk so that each takes about a second.
// Run with `npm run bench:fairness` (builds first). Env: those above, BENCH_DATABASE_URL.
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { createBenchDatabase } from '../lib/database.mjs';
import { startService } from '../lib/service.mjs';

const burstSize = Number(process.env.BENCH_BURST ?? 500);
const singleRuns = Number(process.env.BENCH_SINGLE_RUNS ?? 100);
const intervalMs = Number(process.env.BENCH_INTERVAL_MS ?? 200);
const chunkDelayMs = process.env.BENCH_CHUNK_DELAY_MS ?? '10';
const fairConcurrency = process.env.RUN_CONCURRENCY_FREE ?? '2';
const timeoutMs = Number(process.env.BENCH_TIMEOUT_MS ?? 300_000);
const startBatch = 50;
const targetP99Ms = 2000;
const goal = 'Write a LinkedIn post about our week';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(base, method, path, token, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * `count` active workflows of the caller's team: one planned through the API and marked active,
 * the others cloned from it in SQL (one run may be in progress per workflow).
 */
async function workflowsOf(base, token, db, count) {
  const created = await call(base, 'POST', '/api/workflows', token, { goal });
  await db.query(`UPDATE workflows SET status = 'active', approved_at = now() WHERE id = $1`, [created.workflowId]);
  const { rows } = await db.query(
    `WITH clones AS (
       INSERT INTO workflows (team_id, created_by, title, goal, status, timezone, plan_version, approved_at)
       SELECT w.team_id, w.created_by, w.title || ' #' || n, w.goal, 'active', w.timezone, w.plan_version, now()
       FROM workflows w, generate_series(2, $2::int) AS n WHERE w.id = $1
       RETURNING id
     ), steps AS (
       INSERT INTO workflow_steps (workflow_id, step_index, description, agent_id, requires_approval)
       SELECT c.id, s.step_index, s.description, s.agent_id, s.requires_approval FROM clones c, workflow_steps s WHERE s.workflow_id = $1
     )
     SELECT id FROM clones`,
    [created.workflowId, count],
  );
  return [created.workflowId, ...rows.map((row) => row.id)];
}

/** One copy of the workflow for each of `teams` (`{ teamId, userId }`), in SQL. */
async function copiesFor(db, workflowId, teams) {
  const { rows } = await db.query(
    `WITH copies AS (
       INSERT INTO workflows (team_id, created_by, title, goal, status, timezone, plan_version, approved_at)
       SELECT t.team_id, t.user_id, w.title, w.goal, 'active', w.timezone, w.plan_version, now()
       FROM workflows w, unnest($2::uuid[], $3::uuid[]) AS t(team_id, user_id) WHERE w.id = $1
       RETURNING id, team_id
     ), steps AS (
       INSERT INTO workflow_steps (workflow_id, step_index, description, agent_id, requires_approval)
       SELECT c.id, s.step_index, s.description, s.agent_id, s.requires_approval FROM copies c, workflow_steps s WHERE s.workflow_id = $1
     )
     SELECT id, team_id FROM copies`,
    [workflowId, teams.map((team) => team.teamId), teams.map((team) => team.userId)],
  );
  return new Map(rows.map((row) => [row.team_id, row.id]));
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The most runs that were executing at one moment, from their first step's start to their end. */
function mostAtOnce(spans) {
  const edges = spans.flatMap(({ start, end }) => [
    [start, 1],
    [end, -1],
  ]);
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let running = 0;
  let most = 0;
  for (const [, change] of edges) most = Math.max(most, (running += change));
  return most;
}

async function scenario(label, runConcurrency) {
  const database = await createBenchDatabase('bench_fairness');
  const db = new pg.Client({ connectionString: database.url });
  let service;
  try {
    service = await startService(database.url, {
      RUN_CONCURRENCY_FREE: runConcurrency,
      OFFLINE_MODEL_CHUNK_DELAY_MS: chunkDelayMs,
      // Every team of the benchmark signs up from this address.
      LOGIN_RATE_LIMIT_PER_IP: '100000',
    });
    await db.connect();
    const { base } = service;
    const burst = await workflowsOf(base, service.token, db, burstSize);
    const others = [];
    for (let i = 0; i < singleRuns; i++) {
      const registered = await call(base, 'POST', '/api/auth/register', undefined, { email: `bench-b${i}-${Date.now()}@example.com`, password: 'benchmark password', name: 'B' });
      others.push({ token: registered.accessToken, teamId: registered.activeTeam.id, userId: registered.user.id });
    }
    const copies = await copiesFor(db, burst[0], others);

    const burstStarted = performance.now();
    const burstRuns = [];
    for (let i = 0; i < burst.length; i += startBatch) {
      const responses = await Promise.all(burst.slice(i, i + startBatch).map((id) => call(base, 'POST', `/api/workflows/${id}/run`, service.token)));
      burstRuns.push(...responses.map((response) => response.runId));
    }
    const burstPosted = (performance.now() - burstStarted) / 1000;

    // B's runs, one every interval; each remembers when it was asked for.
    const asked = new Map();
    const posts = [];
    for (const other of others) {
      const at = Date.now();
      posts.push(call(base, 'POST', `/api/workflows/${copies.get(other.teamId)}/run`, other.token).then(({ runId }) => asked.set(runId, at)));
      await sleep(intervalMs);
    }
    await Promise.all(posts);
    const singleIds = [...asked.keys()];
    const [{ waiting }] = (
      await db.query(`SELECT count(*)::int AS waiting FROM workflow_runs r WHERE r.id = ANY($1) AND NOT EXISTS (SELECT 1 FROM run_steps s WHERE s.run_id = r.id)`, [burstRuns])
    ).rows;

    const deadline = Date.now() + timeoutMs;
    let starts;
    for (;;) {
      ({ rows: starts } = await db.query(`SELECT run_id, min(started_at) AS started FROM run_steps WHERE run_id = ANY($1) GROUP BY run_id`, [singleIds]));
      if (starts.length === singleIds.length || Date.now() > deadline) break;
      await sleep(250);
    }
    const latencies = starts.map((row) => row.started.getTime() - asked.get(row.run_id)).sort((a, b) => a - b);
    const { rows: spans } = await db.query(
      `SELECT min(started_at) AS start, max(coalesce(finished_at, now())) AS end FROM run_steps WHERE run_id = ANY($1) GROUP BY run_id`,
      [burstRuns],
    );
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      [
        label.padEnd(34),
        `B start latency p50 ${String(p50).padStart(6)} ms`,
        `p99 ${String(p99).padStart(6)} ms`,
        `max ${String(latencies.at(-1)).padStart(6)} ms`,
        `(${latencies.length}/${singleIds.length} started)`,
        `A's burst posted in ${burstPosted.toFixed(1)} s, ${waiting}/${burstSize} not yet started when B's last run was asked for,`,
        `A's most runs at once ${mostAtOnce(spans.map((span) => ({ start: span.start.getTime(), end: span.end.getTime() })))}`,
      ].join('  '),
    );
    return { p50, p99, started: latencies.length === singleIds.length };
  } finally {
    await service?.app.close();
    await db.end().catch(() => undefined);
    await database.drop();
  }
}

const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
console.log(
  `fairness benchmark: team A bursts ${burstSize} one-step runs, then ${singleRuns} other teams start one run each, one every ${intervalMs} ms (offline model, ${chunkDelayMs} ms per chunk); ${cpus().length} CPUs, load average ${load()}`,
);
const fair = await scenario(`fair (${fairConcurrency} runs at once per team)`, fairConcurrency);
await scenario('first come (limit out of reach)', '1000');
console.log(`load average after: ${load()}`);
const verdict = fair.started && fair.p99 < targetP99Ms ? 'met' : 'NOT met';
console.log(`target: B's runs start within ${targetP99Ms} ms (p99) while A's burst drains: ${verdict} (${fair.p99} ms)`);
