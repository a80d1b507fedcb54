import { BROWSER, waitFor } from '../helpers/mail-catcher.js';
import { activeWorkflow, duplicatesOf, faultCluster, runCompleted } from './fixtures.js';

const THREE_STEPS = 'Outline a LinkedIn post about resilience. Then write the LinkedIn post. Then make an image for it.';
const REVIEWED = 'Outline a LinkedIn post about our launch. Then write the LinkedIn post and have the team review it.';
/** Slow enough that a kill lands inside a step; the sweeper looks every 2 s. */
const SERVER_ENV = { OFFLINE_MODEL_CHUNK_DELAY_MS: '40', RUN_SWEEP_SECONDS: '2', LOG_LEVEL: 'info' };

/**
 * Issue 14, "runs cannot get stuck": a run killed (SIGKILL) at each point of its life ends
 * completed or failed with a reason, never `running` with nothing behind it, with nothing stored
 * twice. Real server processes on a database of this file's own.
 */
describe('runs under kill -9', () => {
  const cluster = faultCluster('Runs under kill -9', SERVER_ENV);
  const { start, table } = cluster;

  it('killed while POST /run requests are in flight: every run that exists has its conversation and a job, and completes', async () => {
    const first = await start();
    const workflows = await Promise.all(Array.from({ length: 12 }, () => activeWorkflow(first, 'Write a LinkedIn post about uptime.')));
    const posts = workflows.map(({ token, workflowId }) => first.fetch(`/api/workflows/${workflowId}/run`, { method: 'POST', token }).catch(() => null));
    // Kill once the first run exists: the others are somewhere inside their POST.
    await waitFor(async () => (await cluster.db.query('SELECT 1 FROM workflow_runs LIMIT 1')).rowCount, 'a first run row', 20_000);
    first.kill('SIGKILL');
    await first.exited();
    await Promise.all(posts);

    const { rows: runs } = await cluster.db.query<{ id: number; conversation_id: string | null }>('SELECT id, conversation_id FROM workflow_runs');
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.filter((run) => run.conversation_id === null)).toEqual([]);
    await start();
    for (const run of runs) await runCompleted(cluster.db, run.id);
    table.record('kill -9 inside POST /run (12 at once)', `${runs.length} runs existed, all with a conversation; all completed`);
  }, 300_000);

  it('killed between steps and mid-step: taken over from the last finished step, nothing stored twice', async () => {
    const server = await start();
    const { token, workflowId } = await activeWorkflow(server, THREE_STEPS);
    const { runId } = await server.json<{ runId: number }>('POST', `/api/workflows/${workflowId}/run`, token);
    await waitFor(
      async () => (await cluster.db.query(`SELECT 1 FROM run_steps WHERE run_id = $1 AND step_index = 1 AND status = 'running'`, [runId])).rowCount,
      'step 1 running',
      30_000,
    );
    server.kill('SIGKILL');
    await server.exited();
    await start();
    await runCompleted(cluster.db, runId);
    expect(await duplicatesOf(cluster.db, runId)).toEqual({ messages: 0, assets: 0 });
    const { rows } = await cluster.db.query<{ count: number }>('SELECT count(*)::int AS count FROM assets WHERE run_id = $1', [runId]);
    expect(rows[0].count).toBe(3);
    table.record('kill -9 mid-step', 'completed on the next process; no duplicate message or asset');
  }, 300_000);

  it('killed while paused for approval: the link decides on the next process and the run completes', async () => {
    const server = await start();
    const { token, email, workflowId } = await activeWorkflow(server, REVIEWED);
    const { runId } = await server.json<{ runId: number }>('POST', `/api/workflows/${workflowId}/run`, token);
    const approve = await waitFor(
      () => Promise.resolve(server.outboxLinks(email).find((link) => link.includes('/workflows/resume?') && link.includes('action=approve'))),
      'the step approval mail',
      30_000,
    );
    server.kill('SIGKILL');
    await server.exited();

    const next = await start();
    const decided = await next.fetch(new URL(approve).pathname + new URL(approve).search, { headers: { 'User-Agent': BROWSER }, redirect: 'manual' });
    expect(decided.status).toBe(302);
    await runCompleted(cluster.db, runId);
    expect(await duplicatesOf(cluster.db, runId)).toEqual({ messages: 0, assets: 0 });
    table.record('kill -9 while paused', 'approved on the next process; completed; nothing twice');
  }, 300_000);

  it('a run left running with its step awaiting approval and no mail (a crash between the writes) is paused and mailed', async () => {
    const server = await start();
    const { token, email, workflowId } = await activeWorkflow(server, REVIEWED);
    const { runId } = await server.json<{ runId: number }>('POST', `/api/workflows/${workflowId}/run`, token);
    await waitFor(
      async () => (await cluster.db.query(`SELECT 1 FROM workflow_runs WHERE id = $1 AND status = 'awaiting_approval'`, [runId])).rowCount,
      'the run paused for approval',
      30_000,
    );
    server.kill('SIGKILL');
    await server.exited();
    // The state a crash between "step awaiting approval" and "run paused" left before both were
    // one transaction: the run still running, its job done, no approval mail queued.
    await cluster.db.query(`UPDATE workflow_runs SET status = 'running' WHERE id = $1`, [runId]);
    await cluster.db.query(`DELETE FROM pgboss.job WHERE name = 'approval.step-requested' AND (data->>'runId')::int = $1`, [runId]);
    await cluster.db.query(`UPDATE pgboss.job SET completed_on = now() - interval '1 minute' WHERE name = 'run.execute' AND (data->>'runId')::int = $1`, [runId]);

    const next = await start();
    await waitFor(
      async () => (await cluster.db.query(`SELECT 1 FROM workflow_runs WHERE id = $1 AND status = 'awaiting_approval'`, [runId])).rowCount,
      'the run paused again',
      30_000,
    );
    await waitFor(
      () => Promise.resolve(next.outboxLinks(email).some((link) => link.includes('/workflows/resume?') && link.includes('action=approve'))),
      'the step approval mail',
      15_000,
    );
    table.record('step awaiting approval, run still running', 'run paused and the approval mail sent');
  }, 300_000);

  it("a run whose job failed on every retry is failed with a reason, and its unfinished step's assets removed", async () => {
    const server = await start();
    const { token, workflowId } = await activeWorkflow(server, THREE_STEPS);
    const { runId } = await server.json<{ runId: number }>('POST', `/api/workflows/${workflowId}/run`, token);
    await waitFor(
      async () => (await cluster.db.query(`SELECT 1 FROM run_steps WHERE run_id = $1 AND step_index = 2 AND status = 'running'`, [runId])).rowCount,
      'the last step running',
      30_000,
    );
    server.kill('SIGKILL');
    await server.exited();
    // What six crashes in a row leave (each one a heartbeat expiry): the job failed for good.
    // An asset of the unfinished step, as a crash mid-tool would leave it.
    await cluster.db.query(
      `UPDATE pgboss.job SET state = 'failed', retry_count = retry_limit, completed_on = now() - interval '1 minute', output = '{"value":"heartbeat expired"}'
       WHERE name = 'run.execute' AND (data->>'runId')::int = $1`,
      [runId],
    );
    await cluster.db.query(
      `INSERT INTO assets (team_id, conversation_id, run_id, type, title, content, metadata)
       SELECT team_id, conversation_id, id, 'image', 'left behind', '', '{}'::jsonb FROM workflow_runs WHERE id = $1`,
      [runId],
    );

    const next = await start();
    const failed = await waitFor(
      async () => (await cluster.db.query<{ status: string; reason: string }>(`SELECT status, reason FROM workflow_runs WHERE id = $1 AND status = 'failed'`, [runId])).rows[0],
      'the run failed by the sweeper',
      30_000,
    );
    expect(failed.reason).toMatch(/its job failed on every retry \(heartbeat expired\)/);
    const { rows } = await cluster.db.query<{ title: string }>('SELECT title FROM assets WHERE run_id = $1', [runId]);
    expect(rows.map((row) => row.title)).not.toContain('left behind');
    expect(rows).toHaveLength(2);
    table.record('retries exhausted', `failed: "${failed.reason}"; the unfinished step's asset removed`);

    // Repaired in one call: retried from the step the crash cut, the two before it taken as they were.
    const retried = await next.json<{ runId: number; retryOf: number; startStepIndex: number }>('POST', `/api/workflows/${workflowId}/runs/${runId}/retry`, token, {});
    expect(retried).toMatchObject({ retryOf: runId, startStepIndex: 2 });
    await runCompleted(cluster.db, retried.runId);
    const steps = await cluster.db.query<{ step_index: number; reused_from: number | null; model_attempts: number }>(
      'SELECT step_index, reused_from, model_attempts FROM run_steps WHERE run_id = $1 ORDER BY step_index',
      [retried.runId],
    );
    expect(steps.rows).toEqual([
      { step_index: 0, reused_from: runId, model_attempts: 0 },
      { step_index: 1, reused_from: runId, model_attempts: 0 },
      { step_index: 2, reused_from: null, model_attempts: 1 },
    ]);
    expect((await cluster.db.query('SELECT 1 FROM assets WHERE run_id = $1', [retried.runId])).rowCount).toBe(3);
    expect(await duplicatesOf(cluster.db, retried.runId)).toEqual({ messages: 0, assets: 0 });
    table.record('retried after the crash', 'a new run from the cut step: steps 1 and 2 reused without a model call, step 3 generated; completed');
  }, 300_000);

  it('a run running with no job at all is queued again and completes', async () => {
    const server = await start();
    const { token, workflowId } = await activeWorkflow(server, 'Write a LinkedIn post about uptime.');
    const { runId } = await server.json<{ runId: number }>('POST', `/api/workflows/${workflowId}/run`, token);
    server.kill('SIGKILL');
    await server.exited();
    await cluster.db.query(`DELETE FROM pgboss.job WHERE name = 'run.execute' AND (data->>'runId')::int = $1`, [runId]);
    await cluster.db.query(`UPDATE workflow_runs SET started_at = now() - interval '1 minute' WHERE id = $1`, [runId]);
    await start();
    await runCompleted(cluster.db, runId);
    table.record('running with no job', 'queued again by the sweeper; completed');
  }, 300_000);
});
