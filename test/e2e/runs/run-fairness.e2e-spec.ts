import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import type { INestApplication } from '@nestjs/common';
import { wrapLanguageModel } from 'ai';
import { DataSource } from 'typeorm';
import { ModelRegistry } from '../../../src/llm/model-registry.service.js';
import type { RunDetailResponse } from '../../../src/runs/runs.response.js';
import { api } from '../../helpers/api.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** One step of the offline model, paced so that a run takes a second or so. */
const GOAL = 'Write a LinkedIn post about our week';
const FREE_CONCURRENCY = 1;
const PRO_CONCURRENCY = 3;

/** When one run executed: from its first step's start to its last step's end. */
interface Span {
  runId: number;
  start: number;
  end: number;
}

/** The most spans that were executing at one moment. */
function mostAtOnce(spans: Span[]): number {
  const edges = spans.flatMap(({ start, end }) => [
    { at: start, change: 1 },
    { at: end, change: -1 },
  ]);
  // An end before a start at the same instant: a worker handed over, not two at once.
  edges.sort((a, b) => a.at - b.at || a.change - b.change);
  let running = 0;
  let most = 0;
  for (const { change } of edges) {
    running += change;
    most = Math.max(most, running);
  }
  return most;
}

/**
 * A meeting point in the model for two runs: the first run's model call waits there for another
 * run's call. `held` is that first run, once its call has begun; `met` is the pair of runs that were
 * in their model calls at the same time, if two were: overlap seen as it happens, not inferred from
 * timestamps. `giveUpAfter` bounds the wait (then `met` is undefined and the held call goes on), and
 * `restore` ends it too, so a failed test never leaves a run held. Later calls pass straight through.
 */
function runsMeetInTheModel(app: INestApplication): { held: Promise<number>; met: Promise<number[] | undefined>; giveUpAfter: (timeoutMs: number) => void; restore: () => void } {
  const registry = app.get(ModelRegistry);
  const resolve = registry.resolve.bind(registry);
  let first: number | undefined;
  let hold: (runId: number) => void = () => undefined;
  const held = new Promise<number>((settle) => (hold = settle));
  let meet: (pair: number[] | undefined) => void = () => undefined;
  const met = new Promise<number[] | undefined>((settle) => (meet = settle));
  let timer: NodeJS.Timeout | undefined;
  void met.then(() => clearTimeout(timer));
  const meeting = (runId: number): Promise<unknown> => {
    if (first === undefined) {
      first = runId;
      hold(runId);
    }
    if (runId !== first) meet([first, runId]);
    return met;
  };
  const spy = vi.spyOn(registry, 'resolve').mockImplementation((requested, charge) => {
    const resolved = resolve(requested, charge);
    const runId = charge.runId;
    if (runId === undefined || runId === null) return resolved;
    const waiter: LanguageModelV4Middleware = {
      specificationVersion: 'v4',
      wrapStream: async ({ doStream }) => {
        await meeting(runId);
        return doStream();
      },
    };
    return { ...resolved, model: wrapLanguageModel({ model: resolved.model, middleware: waiter }) };
  });
  return {
    held,
    met,
    giveUpAfter: (timeoutMs) => (timer = setTimeout(() => meet(undefined), timeoutMs)),
    restore: () => {
      meet(undefined);
      spy.mockRestore();
    },
  };
}

describe('fair run scheduling: each team runs up to its plan concurrency, and no team waits behind another', () => {
  let app: INestApplication;
  let db: DataSource;

  beforeAll(async () => {
    app = await createTestApp({
      env: {
        RATE_LIMIT_FREE: '1000',
        LOG_LEVEL: 'error',
        OFFLINE_MODEL_CHUNK_DELAY_MS: '15',
        RUN_CONCURRENCY_FREE: String(FREE_CONCURRENCY),
        RUN_CONCURRENCY_PRO: String(PRO_CONCURRENCY),
      },
    });
    await resetDatabase(app);
    db = app.get(DataSource);
  });
  afterAll(async () => {
    await app?.close();
  });

  /**
   * `count` active workflows of the user's team: one planned through the API, the others cloned
   * from it in SQL (a workflow has one run in progress at a time, so each run needs its own).
   */
  async function workflowsOf(user: TestUser, count: number): Promise<string[]> {
    const { workflowId } = await createWorkflow(app, user, { goal: GOAL });
    await db.query(`UPDATE workflows SET status = 'active', approved_at = now() WHERE id = $1`, [workflowId]);
    const clones = await db.query<{ id: string }[]>(
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
      [workflowId, count],
    );
    return [workflowId, ...clones.map((clone) => clone.id)];
  }

  async function start(user: TestUser, workflowId: string): Promise<number> {
    const response = await api(app, user).post(`/api/workflows/${workflowId}/run`).expect(201);
    return (response.body as { runId: number }).runId;
  }

  async function startAll(user: TestUser, workflowIds: string[]): Promise<number[]> {
    return Promise.all(workflowIds.map((workflowId) => start(user, workflowId)));
  }

  /** When the run's first step started, once it has. */
  async function firstStepStart(user: TestUser, workflowId: string, runId: number, timeoutMs = 10_000): Promise<number> {
    return waitFor(
      async () => {
        const run = (await api(app, user).get(`/api/workflows/${workflowId}/runs/${runId}`).expect(200)).body as RunDetailResponse;
        return run.steps[0] && Date.parse(run.steps[0].startedAt);
      },
      `run ${runId} to start`,
      timeoutMs,
    );
  }

  /** Waits for the runs to complete; when each executed. */
  async function spansOf(runIds: number[], timeoutMs = 60_000): Promise<Span[]> {
    await waitFor(
      async () => {
        const [{ done }] = await db.query<{ done: number }[]>(`SELECT count(*)::int AS done FROM workflow_runs WHERE id = ANY($1) AND status = 'completed'`, [runIds]);
        return done === runIds.length;
      },
      `${runIds.length} runs to complete`,
      timeoutMs,
    );
    const rows = await db.query<{ run_id: number; start: Date; end: Date }[]>(
      `SELECT run_id, min(started_at) AS start, max(finished_at) AS end FROM run_steps WHERE run_id = ANY($1) GROUP BY run_id`,
      [runIds],
    );
    return rows.map((row) => ({ runId: row.run_id, start: row.start.getTime(), end: row.end.getTime() }));
  }

  it("starts another team's run at once while one team's burst waits for its plan's concurrency", async () => {
    const [burster, other] = [await signUp(app), await signUp(app)];
    const burst = await workflowsOf(burster, 6);
    const [single] = await workflowsOf(other, 1);

    const burstRuns = await startAll(burster, burst);
    // The burst's first run is executing, the others wait in the queue.
    await waitFor(async () => (await db.query(`SELECT 1 FROM run_steps WHERE run_id = ANY($1)`, [burstRuns])).length > 0, 'the burst to start');
    const singleRun = await start(other, single);
    const singleStart = await firstStepStart(other, single, singleRun);

    const spans = await spansOf(burstRuns);
    // It started while the burst was still draining, which took one run at a time: an order of
    // events, not a time, so a slow machine cannot fail it and a queue in arrival order cannot pass.
    expect(spans.filter((span) => span.start > singleStart).length).toBeGreaterThan(0);
    expect(mostAtOnce(spans)).toBe(FREE_CONCURRENCY);
  });

  it("applies the team's plan: a pro team runs more at once", async () => {
    const pro = await signUp(app);
    await db.query(`UPDATE teams SET plan = 'pro' WHERE id = $1`, [pro.teamId]);
    const runIds = await startAll(pro, await workflowsOf(pro, 7));
    expect(mostAtOnce(await spansOf(runIds))).toBe(PRO_CONCURRENCY);
  });

  it('runs a job queued before run scheduling was fair (no group) even while its team is at its limit', async () => {
    const user = await signUp(app);
    const workflowIds = await workflowsOf(user, 3);
    // The team's running run is held in its model call until another run's call begins: only the
    // ungrouped job, run beside it, can meet it there.
    const meeting = runsMeetInTheModel(app);
    onTestFinished(meeting.restore);
    const runIds = await startAll(user, workflowIds);
    await meeting.held;
    // The burst has settled: the held run's job is the one active, the other two wait. Until then a
    // job claimed at the edge of the team's limit may still be checked and sent again with its group
    // (QueueService.withinGroupLimit), after the ungrouping below, and never meet the held run.
    const waiting = await waitFor(async () => {
      const jobs = await db.query<{ id: string; state: string; run_id: number }[]>(
        `SELECT id, state, (data->>'runId')::int AS run_id FROM pgboss.job
          WHERE name = 'run.execute' AND state IN ('created', 'active') AND (data->>'runId')::int = ANY($1) ORDER BY id`,
        [runIds],
      );
      const created = jobs.filter((job) => job.state === 'created');
      return jobs.length === 3 && created.length === 2 && created[0];
    }, 'the held run active and two runs waiting');
    const ungrouped = waiting.run_id;
    await db.query(`UPDATE pgboss.job SET group_id = NULL, group_tier = NULL WHERE name = 'run.execute' AND id = $1`, [waiting.id]);
    // No NOTIFY announces an ungrouped job: a worker's poll takes it (up to 5 s while the polling
    // worker holds the team's run, docs/decisions/idle-queue-workers-wait-for-notify.md), then its run
    // reaches its first model call. A bound for a job that is never taken, not a pace: a loaded two-core
    // machine stretches each of those steps many times over.
    meeting.giveUpAfter(45_000);

    // The ungrouped run executed beside the team's one run at a time.
    const met = await meeting.met;
    expect(met).toHaveLength(2);
    expect(met).toContain(ungrouped);
    const spans = await spansOf(runIds);
    expect(spans.filter((span) => span.runId !== ungrouped)).toSatisfy((grouped: Span[]) => mostAtOnce(grouped) === 1);
  }, 120_000);
});
