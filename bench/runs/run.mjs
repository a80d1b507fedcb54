// Benchmark: workflow runs through the durable queue. BENCH_RUNS (1000) runs of a three-step
// workflow with the offline model and no approvals, on one app instance and then on two sharing
// one database (runs started through the first; both instances' executors take jobs). Both
// instances live in this one process, so the second shows runs spread across instances, not
// the throughput of a second machine.
// Run with `npm run bench:runs` (builds first). Env: BENCH_RUNS (1000), BENCH_START_BATCH (50),
// BENCH_TIMEOUT_MS (300000), BENCH_DATABASE_URL (the server that holds the throwaway databases).
import pg from 'pg';
import { ApprovalTokensService } from '../../dist/src/approvals/approval-tokens.service.js';
import { createBenchDatabase } from '../lib/database.mjs';
import { startService } from '../lib/service.mjs';

const runCount = Number(process.env.BENCH_RUNS ?? 1000);
const startBatch = Number(process.env.BENCH_START_BATCH ?? 50);
const timeoutMs = Number(process.env.BENCH_TIMEOUT_MS ?? 300_000);
const targetSeconds = 60;
const goal = 'Outline a LinkedIn post about resilience. Then write the LinkedIn post. Then make an image for it.';
const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

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
 * One workflow made through the API and approved with a signed plan link, then cloned in SQL
 * into `count - 1` more active workflows of the same team (one run may be in progress per
 * workflow, so each run needs its own).
 */
async function prepareWorkflows(instance, db, count) {
  const { token, email } = instance;
  const created = await call(instance.base, 'POST', '/api/workflows', token, { goal });
  if (created.steps.length !== 3 || created.steps.some((step) => step.requiresApproval)) {
    throw new Error(`unexpected plan: ${JSON.stringify(created.steps)}`);
  }
  const approval = await instance.app.get(ApprovalTokensService).signPlanApproval(created.workflowId, 1, email);
  const approved = await fetch(`${instance.base}/api/workflows/${created.workflowId}/approve?token=${encodeURIComponent(approval)}`, {
    headers: { 'user-agent': browser },
    redirect: 'manual',
  });
  if (approved.status !== 302) throw new Error(`plan approval answered ${approved.status}`);

  const { rows } = await db.query(
    `WITH clones AS (
       INSERT INTO workflows (team_id, created_by, title, goal, status, timezone, plan_version, approved_at, approved_by)
       SELECT w.team_id, w.created_by, w.title || ' #' || n, w.goal, 'active', w.timezone, w.plan_version, now(), w.approved_by
       FROM workflows w, generate_series(2, $2::int) AS n WHERE w.id = $1
       RETURNING id
     ), steps AS (
       INSERT INTO workflow_steps (workflow_id, step_index, description, agent_id, requires_approval)
       SELECT c.id, s.step_index, s.description, s.agent_id, s.requires_approval FROM clones c, workflow_steps s WHERE s.workflow_id = $1
     )
     SELECT id FROM clones`,
    [created.workflowId, count],
  );
  return { token, workflowIds: [created.workflowId, ...rows.map((row) => row.id)] };
}

async function measure(label, instances, db) {
  const [first] = instances;
  const { token, workflowIds } = await prepareWorkflows(first, db, runCount);
  const runIds = [];
  const started = performance.now();
  for (let i = 0; i < workflowIds.length; i += startBatch) {
    const batch = workflowIds.slice(i, i + startBatch);
    const responses = await Promise.all(batch.map((id) => call(first.base, 'POST', `/api/workflows/${id}/run`, token)));
    runIds.push(...responses.map((response) => response.runId));
  }
  const allStarted = performance.now();
  let counts;
  for (;;) {
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE status = 'completed')::int AS completed, count(*) FILTER (WHERE status = 'failed')::int AS failed
       FROM workflow_runs WHERE id = ANY($1::int[])`,
      [runIds],
    );
    counts = rows[0];
    if (counts.completed + counts.failed >= runIds.length) break;
    if (performance.now() - started > timeoutMs) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  const { rows: extra } = await db.query(
    `SELECT (SELECT count(*)::int FROM assets WHERE run_id = ANY($1::int[])) AS assets,
            (SELECT count(*)::int FROM messages m JOIN workflow_runs r ON r.conversation_id = m.conversation_id WHERE r.id = ANY($1::int[])) AS messages,
            (SELECT string_agg(DISTINCT reason, '; ') FROM workflow_runs WHERE id = ANY($1::int[]) AND status = 'failed') AS reasons`,
    [runIds],
  );
  const done = counts.completed + counts.failed >= runIds.length;
  console.log(
    [
      label.padEnd(14),
      `${(counts.completed / seconds).toFixed(1)} runs/s`.padStart(14),
      `total ${seconds.toFixed(1)} s`.padStart(14),
      `(starts took ${((allStarted - started) / 1000).toFixed(1)} s)`,
      `completed ${counts.completed}/${runIds.length}`,
      `failed ${counts.failed}`,
      `assets ${extra[0].assets}`,
      `messages ${extra[0].messages}`,
      done ? '' : `TIMED OUT after ${timeoutMs / 1000} s`,
    ].join('  '),
  );
  if (extra[0].reasons) console.log(`  failure reasons: ${extra[0].reasons}`);
  return { seconds, completed: counts.completed };
}

async function scenario(label, instanceCount) {
  const database = await createBenchDatabase(`bench_runs_${instanceCount}`);
  const instances = [];
  const db = new pg.Client({ connectionString: database.url });
  try {
    // One at a time: the first applies the migrations.
    for (let i = 0; i < instanceCount; i++) instances.push(await startService(database.url));
    await db.connect();
    return await measure(label, instances, db);
  } finally {
    await db.end().catch(() => undefined);
    for (const instance of instances) await instance.app.close();
    await database.drop();
  }
}

console.log(`runs benchmark: ${runCount} runs of a three-step workflow (offline model, no approvals), started ${startBatch} at a time`);
const one = await scenario('one instance', 1);
await scenario('two in-process', 2);
const verdict = one.completed === runCount && one.seconds < targetSeconds ? 'met' : 'NOT met';
console.log(`target: ${runCount} runs in under ${targetSeconds} s on one instance: ${verdict} (${one.seconds.toFixed(1)} s)`);
