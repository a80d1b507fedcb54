import type { INestApplication } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { UIMessage } from 'ai';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, pathOf, startSmtpServer, type TestSmtpServer, waitFor } from '../../helpers/mail-catcher.js';
import { pausedRun, REVIEWED_STEP } from '../../helpers/paused-run.js';
import { waitForRun } from '../../helpers/runs.js';
import { joinTeam } from '../../helpers/teams.js';
import { expectOneRunPerSlot, SCHEDULED_RUNS_SQL, type ScheduledRunRow } from '../../helpers/scheduled-runs.js';
import { textOfMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';
import { TEST_ENV } from '../../setup/test-env.js';

const FRONTEND = 'http://frontend.test';
const REVIEWED_GOAL = 'Outline a LinkedIn post about our product launch. Then write the LinkedIn post and have the team review it.';

describe('runs: execution, step approvals, stop', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, FRONTEND_URL: FRONTEND, RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error' } });
    await resetDatabase(app);
    [alice, bob] = [await signUp(app), await signUp(app)];
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const follow = (path: string, userAgent = BROWSER) => api(app).get(path).set('User-Agent', userAgent);

  async function activeWorkflow(user: TestUser, goal: string, mailIndex: number): Promise<string> {
    const created = await createWorkflow(app, user, { goal });
    const mail = await mailTo(smtp, user.email, /^Approve the plan/, mailIndex);
    await follow(pathOf(mail.links.find((link) => link.includes('/approve?token='))!)).expect(302);
    return created.workflowId;
  }

  async function stepLinks(user: TestUser, count: number): Promise<{ approve: string; reject: string; text: string }> {
    const mail = await mailTo(smtp, user.email, /^Approve step/, count);
    const link = (action: string) => pathOf(mail.links.find((candidate) => candidate.endsWith(`action=${action}`))!);
    return { approve: link('approve'), reject: link('reject'), text: mail.text };
  }

  it('lives a whole life: run, pause, bot ignored, reject with a note, redo, approve, complete', async () => {
    const workflowId = await activeWorkflow(alice, REVIEWED_GOAL, 1);
    const started = await api(app, alice).post(`/api/workflows/${workflowId}/run`).expect(201);
    expect(started.body).toEqual({ runId: expect.any(Number), conversationId: expect.any(String), message: 'Workflow run started' });
    const { runId, conversationId } = started.body as { runId: number; conversationId: string };

    const paused = await waitForRun(app, alice, workflowId, runId, 'awaiting_approval');
    expect(paused).toMatchObject({ runNumber: 1, currentStepIndex: 1, totalSteps: 2, conversationId, trigger: 'manual' });
    const first = await stepLinks(alice, 1);
    expect(first.text).toContain('Approve step 2 of 2: Write the LinkedIn post');

    // A link scanner opens both links: nothing happens.
    await follow(first.approve, 'Mozilla/5.0 (compatible; Googlebot/2.1)').expect(200);
    await api(app).head(first.reject).set('User-Agent', BROWSER).expect(200);
    expect((await waitForRun(app, alice, workflowId, runId, 'awaiting_approval')).currentStepIndex).toBe(1);

    // A browser following the reject link gets a form first; submitting it rejects with the note.
    const form = await follow(first.reject).set('Accept', 'text/html');
    expect(form.status).toBe(200);
    expect(form.text).toContain('<textarea id="note" name="note"');
    const rejected = await follow(`${first.reject}&note=${encodeURIComponent('Mention the beta waitlist')}`).expect(302);
    expect(rejected.headers.location).toBe(`${FRONTEND}/dashboard/workflows/${workflowId}`);

    await waitForRun(app, alice, workflowId, runId, 'awaiting_approval');
    const second = await stepLinks(alice, 2);
    // The first link was used: clicking it again keeps answering the same way and changes nothing.
    await follow(`${first.reject}&note=again`).expect(302);
    expectError(await follow(first.approve).set('Accept', 'application/json'), 409, 'This step was already decided with this link');

    await follow(second.approve).expect(302);
    const completed = await waitForRun(app, alice, workflowId, runId, 'completed');
    expect(completed).toMatchObject({ currentStepIndex: 2, reason: null, finishedAt: expect.any(String) });
    // The decision this link carries stands: clicking it again only redirects.
    await follow(second.approve).expect(302);

    const history = (await api(app, alice).get(`/api/assistant/history?id=${conversationId}`).expect(200)).body;
    expect(history.conversation).toMatchObject({
      title: expect.stringMatching(new RegExp(` — run #${runId}$`)),
      workflowRun: { id: runId, status: 'completed', totalSteps: 2, workflow: { id: workflowId } },
    });
    const messages = history.messages as UIMessage[];
    expect(messages.map((message) => message.id)).toEqual([
      `run-${runId}-step-0-attempt-1-instruction`,
      `run-${runId}-step-0-attempt-1-reply`,
      `run-${runId}-step-1-attempt-1-instruction`,
      `run-${runId}-step-1-attempt-1-reply`,
      `run-${runId}-step-1-attempt-2-instruction`,
      `run-${runId}-step-1-attempt-2-reply`,
    ]);
    // The reviewer's note reached the agent with the redone step.
    expect(textOfMessage(messages[4])).toContain('A reviewer rejected the previous attempt of this step with this feedback: Mention the beta waitlist');
    expect(textOfMessage(messages[2])).toContain('Step 1 (Outline a LinkedIn post about our product launch) produced:');

    const assets = (await api(app, alice).get(`/api/assets?runId=${runId}`).expect(200)).body as { type: string; runId: number; conversationId: string }[];
    expect(assets.map((asset) => asset.type).sort()).toEqual(['post_outline', 'social_post', 'social_post']);
    expect(assets.every((asset) => asset.runId === runId && asset.conversationId === conversationId)).toBe(true);

    const decisions = await app.get(DataSource).query(`SELECT action, note, attempt FROM approval_decisions WHERE run_id = $1 ORDER BY id`, [runId]);
    expect(decisions).toEqual([
      { action: 'reject', note: 'Mention the beta waitlist', attempt: 1 },
      { action: 'approve', note: null, attempt: 2 },
    ]);
    const list = (await api(app, alice).get('/api/workflows').expect(200)).body;
    expect(list.find((workflow: { id: string }) => workflow.id === workflowId).latestRun).toMatchObject({ id: runId, runNumber: 1, status: 'completed' });
  });

  it('answers 422 for a draft workflow and 409 while a run is in progress; 10 concurrent starts give one run', async () => {
    const draft = await createWorkflow(app, bob, { goal: 'Write a post about drafts' });
    expectError(await api(app, bob).post(`/api/workflows/${draft.workflowId}/run`), 422, 'The workflow is not active: approve its plan first');

    const workflowId = await activeWorkflow(bob, 'Write a post about concurrency and have it reviewed', 2);
    const responses = await Promise.all(Array.from({ length: 10 }, () => api(app, bob).post(`/api/workflows/${workflowId}/run`)));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.status === 409)) {
      expectError(response, 409, 'A run of this workflow is already running or awaiting approval');
    }
    const [{ count }] = await app.get(DataSource).query('SELECT count(*)::int AS count FROM workflow_runs WHERE workflow_id = $1', [workflowId]);
    expect(count).toBe(1);
  });

  it.each([
    ['an edit of its plan', (user: TestUser, id: string) => api(app, user).post(`/api/workflows/${id}/steps`).send({ steps: [{ description: 'Write a post nobody approved' }] }), 'edit its plan'],
    ['its deletion', (user: TestUser, id: string) => api(app, user).delete(`/api/workflows/${id}`), 'delete it'],
  ])('never lets a run start on a plan changed under it: %s waits for the starting run, then is refused', async (_, change, refused) => {
    const user = await signUp(app);
    const workflowId = await activeWorkflow(user, 'Write a LinkedIn post about locks', 1);
    const approved = (await api(app, user).get(`/api/workflows/${workflowId}`).expect(200)).body as { workflowSteps: unknown[] };
    const db = app.get(DataSource);
    const waitingOn = async (pattern: string) =>
      (await db.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1`, [pattern]))[0].count > 0;

    // Hold the start where it has read the workflow as active and is about to insert its run.
    const blocker = db.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query('LOCK TABLE workflow_runs IN SHARE MODE');
    const start = api(app, user).post(`/api/workflows/${workflowId}/run`).then((response) => response);
    await waitFor(async () => (await waitingOn('%INSERT INTO workflow_runs%')) || undefined, 'the start to wait for its insert');
    let changed = false;
    const change$ = change(user, workflowId).then((response) => {
      changed = true;
      return response;
    });
    // The change either goes through at once or waits for the starting run's transaction.
    await waitFor(async () => changed || (await waitingOn('%"workflows"%')) || undefined, 'the change to finish or wait');
    await blocker.commitTransaction();
    await blocker.release();

    const [started, changeResponse] = await Promise.all([start, change$]);
    expect(started.status).toBe(201);
    expectError(changeResponse, 409, `A run of this workflow is in progress; stop it before you ${refused}`);
    const workflow = (await api(app, user).get(`/api/workflows/${workflowId}`).expect(200)).body as { status: string; planVersion: number; workflowSteps: unknown[] };
    expect(workflow).toMatchObject({ status: 'active', planVersion: 1, workflowSteps: approved.workflowSteps });
    await waitForRun(app, user, workflowId, (started.body as { runId: number }).runId, 'completed');
  });

  it('stops a run awaiting approval; its links then answer 409; a new run may start at once', async () => {
    const user = await signUp(app);
    const workflowId = await activeWorkflow(user, 'Write a LinkedIn post about stopping and have it reviewed', 1);
    const { runId } = (await api(app, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, user, workflowId, runId, 'awaiting_approval');
    const links = await stepLinks(user, 1);

    // The plan cannot change, nor the workflow go, under a run in progress.
    expectError(
      await api(app, user).post(`/api/workflows/${workflowId}/steps`).send({ steps: [{ description: 'Something else' }] }),
      409,
      'A run of this workflow is in progress; stop it before you edit its plan',
    );
    expectError(await api(app, user).delete(`/api/workflows/${workflowId}`), 409, 'A run of this workflow is in progress; stop it before you delete it');

    const stopped = await api(app, user).post(`/api/workflows/${workflowId}/runs/${runId}/stop`).expect(200);
    expect(stopped.body).toEqual({ runId, status: 'failed', reason: 'Stopped by user' });
    expect(await waitForRun(app, user, workflowId, runId, 'failed')).toMatchObject({ reason: 'Stopped by user' });
    // The waiting step is closed, undecided, and its link says who stopped the run (stopped-run-links.e2e-spec.ts has the rest).
    expect((await api(app, user).get(`/api/workflows/${workflowId}/runs/${runId}`).expect(200)).body.steps[0]).toMatchObject({ status: 'cancelled' });
    expectError(await follow(links.approve).set('Accept', 'application/json'), 409, new RegExp(`^The run was stopped by ${user.email} on `));
    expectError(await api(app, user).post(`/api/workflows/${workflowId}/runs/${runId}/stop`), 409, 'The run has already finished (failed)');

    const next = await api(app, user).post(`/api/workflows/${workflowId}/run`).expect(201);
    expect(next.body.runId).not.toBe(runId);
  });

  it('answers two stops sent together with one stop and one 409 naming the status the run has now', async () => {
    const user = await signUp(app);
    const workflowId = await activeWorkflow(user, 'Write a LinkedIn post about stopping twice and have it reviewed', 1);
    const { runId } = (await api(app, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, user, workflowId, runId, 'awaiting_approval');
    const db = app.get(DataSource);

    // Both stops read the run as awaiting approval, then queue: the first on the run's row (having
    // cancelled its waiting step), the second on that step's row.
    const blocker = db.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query('SELECT id FROM workflow_runs WHERE id = $1 FOR UPDATE', [runId]);
    const stops = [1, 2].map(() => api(app, user).post(`/api/workflows/${workflowId}/runs/${runId}/stop`).then((response) => response));
    await waitFor(async () => {
      const [{ count }] = await db.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND (query LIKE '%UPDATE "workflow_runs"%' OR query LIKE '%UPDATE "run_steps"%')`,
      );
      return count === 2 || undefined;
    }, 'both stops to wait on the run or its step');
    await blocker.commitTransaction();
    await blocker.release();

    const responses = await Promise.all(stops);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expectError(responses.find((response) => response.status === 409)!, 409, 'The run has already finished (failed)');
  });

  it("asks the team's first owner, not a starter who left the team, to approve a step; the leaver's links act no more", async () => {
    const [owner, colleague] = [await signUp(app), await signUp(app)];
    await joinTeam(app, owner, owner.teamId, colleague);
    await api(app, colleague).post(`/api/teams/${owner.teamId}/activate`).expect(200);
    const paused = await pausedRun(app, smtp, colleague);
    await api(app, owner).delete(`/api/teams/${owner.teamId}/members/${colleague.userId}`).expect(200);

    expectError(await follow(paused.links.approve).set('Accept', 'application/json'), 400, 'This link was mailed to someone who is no longer a member of the team');
    expect((await waitForRun(app, owner, paused.workflowId, paused.runId, 'awaiting_approval')).currentStepIndex).toBe(REVIEWED_STEP);

    // The redo after a rejection pauses again: this time the owner is asked.
    await api(app, owner).post(`/api/workflows/${paused.workflowId}/runs/${paused.runId}/decision`).send({ action: 'reject', stepIndex: REVIEWED_STEP, note: 'Shorter' }).expect(200);
    const mail = await mailTo(smtp, owner.email, /^Approve step/);
    await follow(pathOf(mail.links.find((link) => link.endsWith('action=approve'))!)).expect(302);
    await waitForRun(app, owner, paused.workflowId, paused.runId, 'completed');
    expect(smtp.messages.filter((message) => message.to.includes(colleague.email) && message.raw.includes('Approve step'))).toHaveLength(1);
  });

  it('refuses bad resume links with 400 and hides other teams’ runs', async () => {
    const user = await signUp(app);
    const workflowId = await activeWorkflow(user, 'Write a post about links and have it reviewed', 1);
    const { runId } = (await api(app, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, user, workflowId, runId, 'awaiting_approval');
    const links = await stepLinks(user, 1);
    const token = new URL(`http://x${links.approve}`).searchParams.get('token')!;
    const json = (path: string) => follow(path).set('Accept', 'application/json');

    expectError(await json(`/api/workflows/resume?token=${token}&action=maybe`), 400, 'action must be approve or reject');
    expectError(await json(`/api/workflows/resume?token=${token}`), 400, 'action must be approve or reject');
    expectError(await json('/api/workflows/resume?action=approve'), 400, 'The approval link has no token');
    expectError(await json(`/api/workflows/resume?token=${token.slice(0, -3)}abc&action=approve`), 400, 'This approval link is invalid');
    expectError(await json(`/api/workflows/resume?token=${token}&action=reject&note=${'x'.repeat(2001)}`), 400, 'note must be at most 2000 characters');
    // A field given twice, or as something other than text, is refused by name: a reject must not go through without its note.
    expectError(await json(`/api/workflows/resume?token=${token}&action=reject&note=shorter&note=friendlier`), 400, 'note must be given once');
    expectError(await json(`/api/workflows/resume?token=${token}&token=${token}&action=approve`), 400, 'token must be given once');
    expectError(await json(`/api/workflows/resume?token=${token}&action=approve&action=reject`), 400, 'action must be given once');
    const post = (body: object) => api(app).post('/api/workflows/resume').set('User-Agent', BROWSER).set('Accept', 'application/json').send(body);
    expectError(await post({ token, action: 'reject', note: 42 }), 400, 'note must be text');
    expectError(await post({ token, action: 'reject', note: ['shorter', 'friendlier'] }), 400, 'note must be given once');
    expectError(await post({ token: [token], action: 'approve' }), 400, 'token must be given once');
    expectError(await json(`/api/workflows/${workflowId}/approve?token=a&token=b`), 400, 'token must be given once');
    // Signed with the right key but naming no run, step or plan version we could have stored: invalid, never a 500.
    const sign = (claims: object) => new JwtService({ secret: TEST_ENV.APPROVAL_TOKEN_SECRET }).signAsync(claims, { expiresIn: 3600 });
    const claims = { typ: 'step_approval', sub: String(runId), wf: workflowId, step: 1, attempt: 1, rcpt: user.email, jti: 'forged' };
    for (const odd of [{ sub: 'abc' }, { sub: '99999999999' }, { step: 1e12 }, { attempt: -1 }, { rcpt: 5 }]) {
      expectError(await json(`/api/workflows/resume?token=${await sign({ ...claims, ...odd })}&action=approve`), 400, 'This approval link is invalid');
    }
    const planClaims = { typ: 'plan_approval', sub: workflowId, ver: 99999999999, rcpt: user.email, jti: 'forged' };
    expectError(await json(`/api/workflows/${workflowId}/approve?token=${await sign(planClaims)}`), 400, 'This approval link is invalid');
    const planToken = (await mailTo(smtp, user.email, /^Approve the plan/)).links[0].split('token=')[1];
    expectError(await json(`/api/workflows/resume?token=${planToken}&action=approve`), 400, 'This is not a step approval link');
    expect((await waitForRun(app, user, workflowId, runId, 'awaiting_approval')).status).toBe('awaiting_approval');

    expectError(await api(app, bob).post(`/api/workflows/${workflowId}/run`), 404, 'Workflow not found');
    expectError(await api(app, bob).post(`/api/workflows/${workflowId}/runs/${runId}/stop`), 404, 'Run not found');
    expectError(await api(app, user).post(`/api/workflows/${workflowId}/runs/999999/stop`), 404, 'Run not found');
    expectError(await api(app, user).post(`/api/workflows/${workflowId}/runs/abc/stop`), 400);
    await follow(links.approve).expect(302);
    await waitForRun(app, user, workflowId, runId, 'completed');
  });

  it.each([
    ['post', '/api/workflows/6f9619ff-8b86-4d11-b42d-00c04fc964ff/run'],
    ['post', '/api/workflows/6f9619ff-8b86-4d11-b42d-00c04fc964ff/runs/1/stop'],
  ] as const)('%s %s answers 401 without credentials', async (method, path) => {
    expectError(await api(app)[method](path), 401, 'Authentication required');
  });

  it('fires a seconds-level schedule, one run per slot', async () => {
    const user = await signUp(app);
    const created = await createWorkflow(app, user, { goal: 'Write a post about schedules', schedule: '*/2 * * * * *' });
    const mail = await mailTo(smtp, user.email, /^Approve the plan/);
    await follow(pathOf(mail.links[0])).expect(302);
    const dataSource = app.get(DataSource);
    const runs = await waitFor(async () => {
      const rows = await dataSource.query<ScheduledRunRow[]>(SCHEDULED_RUNS_SQL, [created.workflowId]);
      return rows.length >= 3 ? rows : undefined;
    }, 'three scheduled runs', 15_000);
    expectOneRunPerSlot(runs, 2_000);

    // Stop the schedule: a new plan puts the workflow back to draft. Refused (409) while a run
    // is in progress, so asked again until it is done.
    const untilDone = (request: () => Promise<{ status: number }>, what: string) =>
      waitFor(async () => {
        const { status } = await request();
        if (status !== 200 && status !== 409) throw new Error(`${what}: ${status}`);
        return status === 200;
      }, what);
    const stopScheduling = { steps: [{ description: 'Stop scheduling' }] };
    await untilDone(() => api(app, user).post(`/api/workflows/${created.workflowId}/steps`).send(stopScheduling), 'the plan edit');
    // The database keeps one run per workflow and slot: a second row for a slot that has its run
    // is refused (the run number is one no tick takes, so only the slot can collide).
    await expect(
      dataSource.query(
        `INSERT INTO workflow_runs (workflow_id, team_id, run_number, status, total_steps, trigger, scheduled_for)
         SELECT workflow_id, team_id, run_number + 1000, 'completed', total_steps, 'schedule', scheduled_for FROM workflow_runs
         WHERE workflow_id = $1 AND scheduled_for = $2`,
        [created.workflowId, runs[0].scheduled_for],
      ),
    ).rejects.toMatchObject({ driverError: { code: '23505', constraint: 'workflow_runs_scheduled_tick_idx' } });
    await untilDone(() => api(app, user).delete(`/api/workflows/${created.workflowId}`), 'the delete');
    await api(app, user).get(`/api/workflows/${created.workflowId}`).expect(404);
  });
});

describe('stopping a step in flight', () => {
  it('aborts the model call at once and fails the run', async () => {
    const smtp = await startSmtpServer();
    const app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, OFFLINE_MODEL_CHUNK_DELAY_MS: '200' } });
    try {
      await resetDatabase(app);
      const user = await signUp(app);
      const created = await createWorkflow(app, user, { goal: 'Tell a long story about our company' });
      await api(app).get(pathOf((await mailTo(smtp, user.email, /^Approve the plan/)).links[0])).set('User-Agent', BROWSER).expect(302);
      const { runId } = (await api(app, user).post(`/api/workflows/${created.workflowId}/run`).expect(201)).body as { runId: number };
      const dataSource = app.get(DataSource);
      await waitFor(async () => (await dataSource.query(`SELECT 1 FROM run_steps WHERE run_id = $1`, [runId])).length > 0, 'the step to start');
      await api(app, user).post(`/api/workflows/${created.workflowId}/runs/${runId}/stop`).expect(200);
      const run = await waitForRun(app, user, created.workflowId, runId, 'failed');
      expect(run.reason).toBe('Stopped by user');
      // The reply takes over 10 s at this pace. The step's job completes (its handler returned)
      // well before that only if the model call was aborted; once it has, nothing more is stored.
      await waitFor(
        async () =>
          (await dataSource.query(`SELECT 1 FROM pgboss.job WHERE name = 'run.execute' AND (data->>'runId')::int = $1 AND state = 'completed'`, [runId])).length > 0,
        'the step to end',
        5_000,
      );
      const replies = await dataSource.query(`SELECT 1 FROM messages WHERE message_id = $1`, [`run-${runId}-step-0-attempt-1-reply`]);
      expect(replies).toHaveLength(0);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
