import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import type { TestSmtpServer } from '../../helpers/mail-catcher.js';
import { BROWSER, pathOf } from '../../helpers/mail-catcher.js';
import { type AppWithMail, startAppWithMail } from '../../helpers/mailing-app.js';
import { waitForRun } from '../../helpers/runs.js';
import { textOfMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';

/** Two steps; the second (index 1) is reviewed. */
const REVIEWED_GOAL = 'Outline a LinkedIn post about our product launch. Then write the LinkedIn post and have the team review it.';
const REVIEWED_STEP = 1;
const FRONTEND = 'http://frontend.test';
const DASHBOARD = 'Mozilla/5.0 (Dashboard e2e)';
const NOT_AWAITING = 'This step is no longer awaiting approval';
const DECIDED_WITH_THIS_LINK = 'This step was already decided with this link';
/** Concurrent clicks per race. */
const CLICKS = 10;

interface PausedRun {
  user: TestUser;
  workflowId: string;
  runId: number;
  conversationId: string;
  links: { approve: string; reject: string };
}

interface DecisionRow {
  jti: string | null;
  kind: string;
  workflow_id: string;
  step_index: number;
  attempt: number;
  action: string;
  note: string | null;
  recipient: string | null;
  ip: string | null;
  user_agent: string | null;
  decided_by_user_id: string | null;
}

interface StepRow {
  status: string;
  attempt: number;
  feedback: string | null;
}

describe('step decisions: the dashboard (POST /api/workflows/:id/runs/:runId/decision) and the mailed links', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let dataSource: DataSource;
  let mailing: AppWithMail;

  beforeAll(async () => {
    ({ app, smtp } = mailing = await startAppWithMail({ FRONTEND_URL: FRONTEND, LOG_LEVEL: 'error' }));
    dataSource = app.get(DataSource);
  });
  afterAll(() => mailing.close());

  const follow = (path: string) => api(app).get(path).set('User-Agent', BROWSER).set('Accept', 'application/json');
  const decide = (run: Pick<PausedRun, 'workflowId' | 'runId'>, user: TestUser, body: object) =>
    api(app, user).post(`/api/workflows/${run.workflowId}/runs/${run.runId}/decision`).set('User-Agent', DASHBOARD).send(body);

  const decisionsOf = (runId: number) =>
    dataSource.query<DecisionRow[]>(
      `SELECT jti, kind, workflow_id, step_index, attempt, action, note, recipient, ip, user_agent, decided_by_user_id
         FROM approval_decisions WHERE run_id = $1 ORDER BY id`,
      [runId],
    );
  const stepOf = async (runId: number, stepIndex = REVIEWED_STEP): Promise<StepRow> => {
    const [row] = await dataSource.query<StepRow[]>(`SELECT status, attempt, feedback FROM run_steps WHERE run_id = $1 AND step_index = $2`, [
      runId,
      stepIndex,
    ]);
    return row;
  };
  /** The run's `run.execute` jobs: one to start it, one for each decision that let it go on. */
  const executeJobsOf = async (runId: number) => {
    const [{ count }] = await dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'run.execute' AND (data->>'runId')::int = $1`,
      [runId],
    );
    return count;
  };
  const runRow = async (runId: number) => {
    const [row] = await dataSource.query<{ status: string; current_step_index: number; reason: string | null }[]>(
      `SELECT status, current_step_index, reason FROM workflow_runs WHERE id = $1`,
      [runId],
    );
    return row;
  };

  async function stepLinks(user: TestUser, count: number): Promise<PausedRun['links']> {
    const mail = await mailTo(smtp, user.email, /^Approve step/, count);
    const link = (action: string) => pathOf(mail.links.find((candidate) => candidate.endsWith(`action=${action}`))!);
    return { approve: link('approve'), reject: link('reject') };
  }

  /** A new user's active workflow with a run paused on its reviewed step, once the step's mail is out. */
  async function pausedRun(): Promise<PausedRun> {
    const user = await signUp(app);
    const created = await createWorkflow(app, user, { goal: REVIEWED_GOAL });
    const planMail = await mailTo(smtp, user.email, /^Approve the plan/);
    await api(app).get(pathOf(planMail.links.find((link) => link.includes('/approve?token='))!)).set('User-Agent', BROWSER).expect(302);
    const started = await api(app, user).post(`/api/workflows/${created.workflowId}/run`).expect(201);
    const { runId, conversationId } = started.body as { runId: number; conversationId: string };
    const paused = await waitForRun(app, user, created.workflowId, runId, 'awaiting_approval');
    expect(paused.currentStepIndex).toBe(REVIEWED_STEP);
    return { user, workflowId: created.workflowId, runId, conversationId, links: await stepLinks(user, 1) };
  }

  /** Asserts the run still waits on the first attempt of its reviewed step, with no decision. */
  async function expectUntouched(run: PausedRun): Promise<void> {
    expect(await runRow(run.runId)).toEqual({ status: 'awaiting_approval', current_step_index: REVIEWED_STEP, reason: null });
    expect(await stepOf(run.runId)).toEqual({ status: 'awaiting_approval', attempt: 1, feedback: null });
    expect(await decisionsOf(run.runId)).toEqual([]);
  }

  /** Asserts a link's answer: the redirect to the workflow's page. */
  function expectRedirect(response: Response, run: Pick<PausedRun, 'workflowId'>): void {
    expect({ status: response.status, location: response.headers.location }).toEqual({
      status: 302,
      location: `${FRONTEND}/dashboard/workflows/${run.workflowId}`,
    });
  }

  it('approves the paused last step: the run completes, the decision names the user; the mailed approve link only redirects', async () => {
    const run = await pausedRun();

    const response = await decide(run, run.user, { action: 'approve', stepIndex: REVIEWED_STEP, note: '   ' }).expect(200);
    expect(response.body).toEqual({ runId: run.runId, stepIndex: REVIEWED_STEP, action: 'approve', status: 'running' });

    const completed = await waitForRun(app, run.user, run.workflowId, run.runId, 'completed');
    expect(completed).toMatchObject({ currentStepIndex: 2, reason: null, finishedAt: expect.any(String) });
    expect(await stepOf(run.runId)).toEqual({ status: 'completed', attempt: 1, feedback: null });
    const expected: DecisionRow = {
      jti: null,
      kind: 'step_approval',
      workflow_id: run.workflowId,
      step_index: REVIEWED_STEP,
      attempt: 1,
      action: 'approve',
      note: null,
      recipient: null,
      ip: expect.stringMatching(/127\.0\.0\.1|::1/),
      user_agent: DASHBOARD,
      decided_by_user_id: run.user.userId,
    };
    expect(await decisionsOf(run.runId)).toEqual([expected]);

    // The emailed links were for the same attempt, decided already: they change nothing. The
    // approval they carry stands, so the approve link answers as a click of it would have.
    expectRedirect(await follow(run.links.approve), run);
    expectError(await follow(`${run.links.reject}&note=too%20late`), 409, NOT_AWAITING);
    // Nor does the dashboard decide twice.
    expectError(await decide(run, run.user, { action: 'reject', stepIndex: REVIEWED_STEP, note: 'Too late' }), 409, NOT_AWAITING);
    expectError(await decide(run, run.user, { action: 'approve', stepIndex: REVIEWED_STEP }), 409, NOT_AWAITING);

    expect(await decisionsOf(run.runId)).toEqual([expected]);
    expect(await runRow(run.runId)).toMatchObject({ status: 'completed', current_step_index: 2 });
    const history = (await api(app, run.user).get(`/api/assistant/history?id=${run.conversationId}`).expect(200)).body as { messages: UIMessage[] };
    // The step was not done again.
    expect(history.messages.map((message) => message.id)).toEqual([
      `run-${run.runId}-step-0-attempt-1-instruction`,
      `run-${run.runId}-step-0-attempt-1-reply`,
      `run-${run.runId}-step-1-attempt-1-instruction`,
      `run-${run.runId}-step-1-attempt-1-reply`,
    ]);
  });

  it('rejects with a note: the step is redone with the note as feedback and pauses again; each attempt is decided once', async () => {
    const run = await pausedRun();

    const response = await decide(run, run.user, { action: 'reject', stepIndex: REVIEWED_STEP, note: '  Mention the beta waitlist  ' }).expect(200);
    expect(response.body).toEqual({ runId: run.runId, stepIndex: REVIEWED_STEP, action: 'reject', status: 'running' });

    // The redone attempt is mailed for review like the first one.
    const second = await stepLinks(run.user, 2);
    expect((await waitForRun(app, run.user, run.workflowId, run.runId, 'awaiting_approval')).currentStepIndex).toBe(REVIEWED_STEP);
    expect(await stepOf(run.runId)).toEqual({ status: 'awaiting_approval', attempt: 2, feedback: 'Mention the beta waitlist' });

    const history = (await api(app, run.user).get(`/api/assistant/history?id=${run.conversationId}`).expect(200)).body as { messages: UIMessage[] };
    expect(history.messages.map((message) => message.id)).toEqual([
      `run-${run.runId}-step-0-attempt-1-instruction`,
      `run-${run.runId}-step-0-attempt-1-reply`,
      `run-${run.runId}-step-1-attempt-1-instruction`,
      `run-${run.runId}-step-1-attempt-1-reply`,
      `run-${run.runId}-step-1-attempt-2-instruction`,
      `run-${run.runId}-step-1-attempt-2-reply`,
    ]);
    expect(textOfMessage(history.messages[4])).toContain('A reviewer rejected the previous attempt of this step with this feedback: Mention the beta waitlist\n');

    // The first mail's links were for attempt 1, which the dashboard decided.
    expectError(await follow(run.links.approve), 409, NOT_AWAITING);
    expect(await stepOf(run.runId)).toMatchObject({ status: 'awaiting_approval', attempt: 2 });

    // The dashboard approves the current attempt; that attempt's approve link then only redirects.
    const approved = await decide(run, run.user, { action: 'approve', stepIndex: REVIEWED_STEP }).expect(200);
    expect(approved.body).toEqual({ runId: run.runId, stepIndex: REVIEWED_STEP, action: 'approve', status: 'running' });
    await waitForRun(app, run.user, run.workflowId, run.runId, 'completed');
    expectRedirect(await follow(second.approve), run);
    expectError(await follow(`${second.reject}&note=again`), 409, NOT_AWAITING);
    expect(await stepOf(run.runId)).toEqual({ status: 'completed', attempt: 2, feedback: 'Mention the beta waitlist' });
    expect(await decisionsOf(run.runId)).toEqual([
      expect.objectContaining({ jti: null, attempt: 1, action: 'reject', note: 'Mention the beta waitlist', decided_by_user_id: run.user.userId }),
      expect.objectContaining({ jti: null, attempt: 2, action: 'approve', note: null, decided_by_user_id: run.user.userId }),
    ]);
  });

  it('answers 409 on the dashboard for a step its mailed link already decided', async () => {
    const run = await pausedRun();
    await follow(run.links.approve).expect(302);
    expectError(await decide(run, run.user, { action: 'reject', stepIndex: REVIEWED_STEP, note: 'Too late' }), 409, NOT_AWAITING);
    await waitForRun(app, run.user, run.workflowId, run.runId, 'completed');
    expect(await decisionsOf(run.runId)).toEqual([
      expect.objectContaining({ jti: expect.any(String), attempt: 1, action: 'approve', recipient: run.user.email, decided_by_user_id: null }),
    ]);
  });

  describe('concurrent clicks: the database decides once, and every click answers by the decision that stands', () => {
    const clicks = (count: number, click: () => Promise<Response>) => Promise.all(Array.from({ length: count }, click));

    it('redirects every one of concurrent approve clicks on one link; the step is approved and the run goes on once', async () => {
      const run = await pausedRun();

      const responses = await clicks(CLICKS, () => follow(run.links.approve));
      for (const response of responses) expectRedirect(response, run);

      await waitForRun(app, run.user, run.workflowId, run.runId, 'completed');
      expect(await decisionsOf(run.runId)).toEqual([
        expect.objectContaining({ jti: expect.any(String), attempt: 1, action: 'approve', recipient: run.user.email, decided_by_user_id: null }),
      ]);
      expect(await stepOf(run.runId)).toEqual({ status: 'completed', attempt: 1, feedback: null });
      // Started once, resumed once.
      expect(await executeJobsOf(run.runId)).toBe(2);
    });

    it('redirects every one of concurrent reject clicks with a note; the step is redone once', async () => {
      const run = await pausedRun();

      const responses = await clicks(CLICKS, () => follow(`${run.links.reject}&note=${encodeURIComponent('Mention the beta waitlist')}`));
      for (const response of responses) expectRedirect(response, run);

      const second = await stepLinks(run.user, 2);
      await waitForRun(app, run.user, run.workflowId, run.runId, 'awaiting_approval');
      expect(await stepOf(run.runId)).toEqual({ status: 'awaiting_approval', attempt: 2, feedback: 'Mention the beta waitlist' });
      expect(await decisionsOf(run.runId)).toEqual([
        expect.objectContaining({ jti: expect.any(String), attempt: 1, action: 'reject', note: 'Mention the beta waitlist' }),
      ]);
      expect(await executeJobsOf(run.runId)).toBe(2);
      const history = await api(app, run.user).get(`/api/assistant/history?id=${run.conversationId}`).expect(200);
      expect((history.body as { messages: UIMessage[] }).messages.map((message) => message.id).slice(4)).toEqual([
        `run-${run.runId}-step-1-attempt-2-instruction`,
        `run-${run.runId}-step-1-attempt-2-reply`,
      ]);

      // The redone attempt has links of its own, and the first attempt's reject still stands.
      expectRedirect(await follow(second.approve), run);
      expectRedirect(await follow(`${run.links.reject}&note=again`), run);
      await waitForRun(app, run.user, run.workflowId, run.runId, 'completed');
      expect(await decisionsOf(run.runId)).toEqual([
        expect.objectContaining({ attempt: 1, action: 'reject' }),
        expect.objectContaining({ attempt: 2, action: 'approve' }),
      ]);
    });

    it('lets one of racing approve and reject clicks on one link win; the other action answers 409', async () => {
      const run = await pausedRun();

      const [approves, rejects] = await Promise.all([
        clicks(CLICKS / 2, () => follow(run.links.approve)),
        clicks(CLICKS / 2, () => follow(`${run.links.reject}&note=Shorter`)),
      ]);

      const [decision, ...others] = await decisionsOf(run.runId);
      expect(others).toEqual([]);
      const [won, lost] = decision.action === 'approve' ? [approves, rejects] : [rejects, approves];
      for (const response of won) expectRedirect(response, run);
      for (const response of lost) expectError(response, 409, DECIDED_WITH_THIS_LINK);
      expect(await stepOf(run.runId)).toMatchObject(decision.action === 'approve' ? { status: 'completed', attempt: 1 } : { attempt: 2 });
      expect(await executeJobsOf(run.runId)).toBe(2);
    });

    it('redirects approve links racing the dashboard’s approval whoever wins; the dashboard applies at most once', async () => {
      const run = await pausedRun();

      const [links, dashboard] = await Promise.all([
        clicks(CLICKS / 2, () => follow(run.links.approve)),
        clicks(CLICKS / 2, () => decide(run, run.user, { action: 'approve', stepIndex: REVIEWED_STEP })),
      ]);

      // The approval the link carries stands, whether the link or the dashboard took it.
      for (const response of links) expectRedirect(response, run);
      const [decision, ...others] = await decisionsOf(run.runId);
      expect(others).toEqual([]);
      const dashboardWon = decision.jti === null;
      expect(dashboard.filter((response) => response.status === 200)).toHaveLength(dashboardWon ? 1 : 0);
      for (const response of dashboard.filter((r) => r.status !== 200)) expectError(response, 409, NOT_AWAITING);
      await waitForRun(app, run.user, run.workflowId, run.runId, 'completed');
      expect(await executeJobsOf(run.runId)).toBe(2);
    });

    it('answers reject links racing the dashboard’s approval by who won: redirect if the link did, 409 if the dashboard did', async () => {
      const run = await pausedRun();

      const [links, dashboard] = await Promise.all([
        clicks(CLICKS / 2, () => follow(`${run.links.reject}&note=Shorter`)),
        clicks(CLICKS / 2, () => decide(run, run.user, { action: 'approve', stepIndex: REVIEWED_STEP })),
      ]);

      const [decision, ...others] = await decisionsOf(run.runId);
      expect(others).toEqual([]);
      const dashboardWon = decision.jti === null;
      expect(decision.action).toBe(dashboardWon ? 'approve' : 'reject');
      for (const response of links) {
        if (dashboardWon) expectError(response, 409, NOT_AWAITING);
        else expectRedirect(response, run);
      }
      expect(dashboard.filter((response) => response.status === 200)).toHaveLength(dashboardWon ? 1 : 0);
      for (const response of dashboard.filter((r) => r.status !== 200)) expectError(response, 409, NOT_AWAITING);
      expect(await stepOf(run.runId)).toMatchObject(dashboardWon ? { status: 'completed', attempt: 1 } : { attempt: 2 });
      expect(await executeJobsOf(run.runId)).toBe(2);
    });
  });

  it('answers 409 and changes nothing when the step is not the one awaiting approval, or the run was stopped', async () => {
    const run = await pausedRun();

    // Step 0 finished without review; step 5 does not exist.
    expectError(await decide(run, run.user, { action: 'approve', stepIndex: 0 }), 409, NOT_AWAITING);
    expectError(await decide(run, run.user, { action: 'reject', stepIndex: 0, note: 'Redo the outline' }), 409, NOT_AWAITING);
    expectError(await decide(run, run.user, { action: 'approve', stepIndex: 5 }), 409, NOT_AWAITING);
    await expectUntouched(run);
    expect(await stepOf(run.runId, 0)).toMatchObject({ status: 'completed', attempt: 1 });

    await api(app, run.user).post(`/api/workflows/${run.workflowId}/runs/${run.runId}/stop`).expect(200);
    // The stop closed the step undecided: the refusal says who stopped the run, not that it was decided.
    const stopped = new RegExp(`^The run was stopped by ${run.user.email} on .* UTC; this step was not decided$`);
    expectError(await decide(run, run.user, { action: 'approve', stepIndex: REVIEWED_STEP }), 409, stopped);
    expectError(await decide(run, run.user, { action: 'reject', stepIndex: REVIEWED_STEP, note: 'Again' }), 409, stopped);
    expect(await runRow(run.runId)).toEqual({ status: 'failed', current_step_index: REVIEWED_STEP, reason: 'Stopped by user' });
    expect(await stepOf(run.runId)).toEqual({ status: 'cancelled', attempt: 1, feedback: null });
    expect(await decisionsOf(run.runId)).toEqual([]);
  });

  it('hides other teams’ runs and unknown ids behind 404, and checks the ids in the path', async () => {
    const run = await pausedRun();
    const bob = await signUp(app);
    const body = { action: 'approve', stepIndex: REVIEWED_STEP };

    expectError(await decide(run, bob, body), 404, 'Run not found');
    expectError(await decide({ workflowId: '6f9619ff-8b86-4d11-b42d-00c04fc964ff', runId: run.runId }, run.user, body), 404, 'Run not found');
    expectError(await decide({ workflowId: run.workflowId, runId: 999_999 }, run.user, body), 404, 'Run not found');
    // A run is found only under its own workflow.
    const other = await createWorkflow(app, run.user, { goal: 'Write a post about something else' });
    expectError(await decide({ workflowId: other.workflowId, runId: run.runId }, run.user, body), 404, 'Run not found');

    expectError(await api(app, run.user).post(`/api/workflows/not-a-uuid/runs/${run.runId}/decision`).send(body), 400);
    expectError(await api(app, run.user).post(`/api/workflows/${run.workflowId}/runs/abc/decision`).send(body), 400, 'id must be a positive whole number');
    expectError(await api(app, run.user).post(`/api/workflows/${run.workflowId}/runs/0/decision`).send(body), 400, 'id must be a positive whole number');
    // The run's own id in another spelling is not read as that id.
    expectError(await api(app, run.user).post(`/api/workflows/${run.workflowId}/runs/${run.runId}.0/decision`).send(body), 400, 'id must be a positive whole number');
    await expectUntouched(run);
  });

  it('validates the body with 400s and changes nothing; a note of 2000 characters after trimming is accepted', async () => {
    const run = await pausedRun();
    const cases: [object, RegExp[]][] = [
      [{ action: 'maybe', stepIndex: REVIEWED_STEP }, [/^action must be approve or reject$/]],
      [{ stepIndex: REVIEWED_STEP }, [/^action must be approve or reject$/]],
      [{ action: 'approve' }, [/^stepIndex must be a whole number$/]],
      [{ action: 'approve', stepIndex: -1 }, [/^stepIndex must not be less than 0$/]],
      [{ action: 'approve', stepIndex: 1.5 }, [/^stepIndex must be a whole number$/]],
      [{ action: 'approve', stepIndex: '1' }, [/^stepIndex must be a whole number$/]],
      [{ action: 'approve', stepIndex: null }, [/^stepIndex must be a whole number$/]],
      [{ action: 'reject', stepIndex: REVIEWED_STEP, note: 'x'.repeat(2001) }, [/^note must be at most 2000 characters$/]],
      [{ action: 'reject', stepIndex: REVIEWED_STEP, note: 42 }, [/^note must be text$/]],
      [{ action: 'approve', stepIndex: REVIEWED_STEP, teamId: run.user.teamId }, [/teamId should not exist/]],
      [{}, [/^action must be approve or reject$/, /^stepIndex must be a whole number$/]],
    ];
    for (const [body, messages] of cases) expectError(await decide(run, run.user, body), 400, messages);
    await expectUntouched(run);

    const note = 'x'.repeat(2000);
    await decide(run, run.user, { action: 'reject', stepIndex: REVIEWED_STEP, note: `  ${note}\n` }).expect(200);
    expect(await decisionsOf(run.runId)).toEqual([expect.objectContaining({ action: 'reject', note })]);
  });

  it('answers 401 without credentials', async () => {
    const response = await api(app)
      .post('/api/workflows/6f9619ff-8b86-4d11-b42d-00c04fc964ff/runs/1/decision')
      .send({ action: 'approve', stepIndex: 0 });
    expectError(response, 401, 'Authentication required');
  });
});
