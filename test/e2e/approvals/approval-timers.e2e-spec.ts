import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApprovalTimersService } from '../../../src/approvals/approval-timers.service.js';
import type { RunDetailResponse } from '../../../src/runs/runs.response.js';
import { Clock } from '../../../src/schedules/clock.js';
import type { WorkflowDetailResponse } from '../../../src/workflows/workflows.response.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, pathOf, startSmtpServer, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { ManualClock } from '../../helpers/manual-clock.js';
import { REVIEWED_GOAL, REVIEWED_STEP } from '../../helpers/paused-run.js';
import { waitForRun } from '../../helpers/runs.js';
import { joinTeam } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const MINUTE = 60_000;
const TIMERS = { remindAfterMinutes: 10, escalateAfterMinutes: 20, expireAfterMinutes: 30 };

interface TimedApp {
  app: INestApplication;
  clock: ManualClock;
  timers: ApprovalTimersService;
}

/** Issue 36 items 1 and 2: a step's approval policy, and its timers driven by a clock the test moves. */
describe('approval policies and timers', () => {
  let smtp: TestSmtpServer;
  let main: TimedApp;
  let other: TimedApp;
  let dataSource: DataSource;

  const timedApp = async (): Promise<TimedApp> => {
    const clock = new ManualClock(new Date());
    // The test sweeps each time it moves the clock: no sweep of the instance's own (every RUN_SWEEP_SECONDS of real time) may act in between.
    const app = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error', RUN_SWEEP_SECONDS: '3600' },
      overrides: [{ provide: Clock, useValue: clock }],
    });
    return { app, clock, timers: app.get(ApprovalTimersService) };
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    main = await timedApp();
    await resetDatabase(main.app);
    other = await timedApp();
    dataSource = main.app.get(DataSource);
  });
  afterAll(async () => {
    await other.app.close();
    await main.app.close();
    await smtp.close();
  });

  const detail = async (user: TestUser, workflowId: string, runId: number) =>
    (await api(main.app, user).get(`/api/workflows/${workflowId}/runs/${runId}`).expect(200)).body as RunDetailResponse;
  const workflowOf = async (user: TestUser, workflowId: string) => (await api(main.app, user).get(`/api/workflows/${workflowId}`).expect(200)).body as WorkflowDetailResponse;
  /** The step's attempt began to wait (by the database's clock) this long ago, as the clocks read after `jump`. */
  const moveClocks = async (runId: number, minutes: number) => {
    const [{ since }] = await dataSource.query<{ since: Date }[]>(`SELECT approval_requested_at AS since FROM run_steps WHERE run_id = $1 AND status = 'awaiting_approval'`, [runId]);
    for (const { clock } of [main, other]) clock.jumpTo(new Date(since.getTime() + minutes * MINUTE + 1000));
  };

  /** The run's timer decisions so far (a sweep acts on every run's due timers: the counts are the run's own). */
  const timerActions = async (runId: number) =>
    (await dataSource.query<{ action: string }[]>(`SELECT action FROM approval_decisions WHERE run_id = $1 AND action IN ('remind', 'escalate', 'expire') ORDER BY id`, [runId])).map(
      (row) => row.action,
    );

  /** The user's new workflow with `policy` on its reviewed step, approved, with a run paused on that step. */
  const policyRun = async (user: TestUser, policy: Record<string, unknown>) => {
    const created = await createWorkflow(main.app, user, { goal: REVIEWED_GOAL });
    const steps = (await workflowOf(user, created.workflowId)).workflowSteps.map(({ description, agentId, requiresApproval }, index) => ({
      description,
      agentId,
      requiresApproval,
      ...(index === REVIEWED_STEP ? { approvalPolicy: policy } : {}),
    }));
    const edited = await api(main.app, user).post(`/api/workflows/${created.workflowId}/steps`).send({ steps }).expect(200);
    expect((edited.body as WorkflowDetailResponse).planVersion).toBe(2);
    const planMail = await mailTo(smtp, user.email, /^Approve the plan/, 2);
    expect(planMail.text).toContain('version 2');
    await api(main.app).get(pathOf(planMail.links.find((link) => link.includes('/approve?token='))!)).set('User-Agent', BROWSER).expect(302);
    const started = await api(main.app, user).post(`/api/workflows/${created.workflowId}/run`).expect(201);
    const { runId } = started.body as { runId: number };
    await waitForRun(main.app, user, created.workflowId, runId, 'awaiting_approval');
    return { workflowId: created.workflowId, runId };
  };

  it('stores a policy with the plan (defaults filled in), and refuses a bad one with a 400 that stores nothing', async () => {
    const owner = await signUp(main.app);
    const created = await createWorkflow(main.app, owner, { goal: REVIEWED_GOAL });
    const before = await workflowOf(owner, created.workflowId);
    expect(before.workflowSteps[REVIEWED_STEP].approvalPolicy).toEqual({
      approvers: 'starter',
      members: [],
      quorum: 1,
      remindAfterMinutes: null,
      escalateAfterMinutes: null,
      expireAfterMinutes: null,
      onExpiry: 'wait',
    });
    expect(before.workflowSteps[0].approvalPolicy).toBeNull();
    const outsider = await signUp(main.app);
    const plan = (policy: unknown, requiresApproval = true) => ({
      steps: before.workflowSteps.map(({ description, agentId }, index) => ({
        description,
        agentId,
        requiresApproval: index === REVIEWED_STEP ? requiresApproval : false,
        ...(index === REVIEWED_STEP ? { approvalPolicy: policy } : {}),
      })),
    });
    const refused: [unknown, RegExp, boolean?][] = [
      [{ remindAfterMinutes: 5 }, /^steps\[1\]\.approvalPolicy is only for a step that requires approval$/, false],
      [{ quorum: 2 }, /quorum above 1 needs approvers: members or admins/],
      [{ onExpiry: 'reject' }, /onExpiry reject needs expireAfterMinutes/],
      [{ remindAfterMinutes: 20, escalateAfterMinutes: 20 }, /escalateAfterMinutes must be after remindAfterMinutes/],
      [{ remindAfterMinutes: 20, expireAfterMinutes: 10, onExpiry: 'stop' }, /expireAfterMinutes must be after remindAfterMinutes/],
      [{ approvers: 'members' }, /members must name at least one member/],
      [{ approvers: 'members', members: [outsider.email] }, /is not a member of the team/],
      [{ approvers: 'members', members: [owner.email], quorum: 2 }, /quorum must not exceed the number of members named/],
      [{ members: [owner.email] }, /members is only for approvers: members/],
      [{ approvers: 'everyone' }, /approvers must be one of: starter, members, admins/],
      [{ onExpiry: 'explode', expireAfterMinutes: 5 }, /onExpiry must be one of/],
      [{ remindAfterMinutes: 0 }, /remindAfterMinutes/],
      [{ expireAfterMinutes: 1.5 }, /expireAfterMinutes/],
      [{ expireAfterMinutes: 30 * 24 * 60 + 1 }, /expireAfterMinutes/],
      [{ quorum: 11 }, /quorum/],
      [{ approvers: 'members', members: [owner.email, owner.email.toUpperCase()] }, /must not repeat a member/],
      [{ approvers: 'members', members: ['not-an-address'] }, /must be email addresses/],
      [{ surprise: true }, /surprise/],
      ['soon', /approvalPolicy must be an object/],
    ];
    for (const [policy, message, requiresApproval] of refused) {
      const answer = await api(main.app, owner).post(`/api/workflows/${created.workflowId}/steps`).send(plan(policy, requiresApproval));
      expect(answer.status).toBe(400);
      // One message from the service's check, a list from the request's validation.
      expect([(answer.body as { message: string | string[] }).message].flat().join('\n')).toMatch(message);
    }
    const after = await workflowOf(owner, created.workflowId);
    expect(after.planVersion).toBe(before.planVersion);
    expect(after.workflowSteps).toEqual(before.workflowSteps);
  });

  /** remind → escalate → expire for each expiry action, each a system decision once. */
  for (const onExpiry of ['reject', 'stop', 'skip', 'wait'] as const) {
    it(`reminds with a fresh link, escalates to the admins and owners, then on expiry: ${onExpiry}`, async () => {
      const owner = await signUp(main.app);
      const admin = await signUp(main.app);
      await joinTeam(main.app, owner, owner.teamId, admin, 'admin');
      const { workflowId, runId } = await policyRun(owner, { ...TIMERS, onExpiry });
      const first = await mailTo(smtp, owner.email, /^Approve step 2/);

      await moveClocks(runId, 9);
      await main.timers.sweep();
      expect(await timerActions(runId)).toEqual([]);
      await moveClocks(runId, 10);
      await main.timers.sweep();
      await main.timers.sweep();
      expect(await timerActions(runId)).toEqual(['remind']);
      const reminder = await mailTo(smtp, owner.email, /^Reminder: Approve step 2/);
      const approve = reminder.links.find((link) => link.endsWith('action=approve'))!;
      expect(approve).not.toBe(first.links.find((link) => link.endsWith('action=approve')));
      const claims = JSON.parse(Buffer.from(new URL(approve).searchParams.get('token')!.split('.')[1], 'base64url').toString()) as { iat: number; exp: number; rcpt: string };
      expect(claims.exp - claims.iat).toBe(2 * 3600);

      await moveClocks(runId, 20);
      await main.timers.sweep();
      expect(await timerActions(runId)).toEqual(['remind', 'escalate']);
      // The admins and owners, each with a link of their own.
      for (const email of [owner.email, admin.email]) await mailTo(smtp, email, /^Escalated: Approve step 2/);

      await moveClocks(runId, 30);
      await main.timers.sweep();
      await main.timers.sweep();
      expect(await timerActions(runId)).toEqual(['remind', 'escalate', 'expire']);
      const expected = { reject: 'running', stop: 'failed', skip: 'completed', wait: 'awaiting_approval' }[onExpiry];
      if (onExpiry === 'reject') await waitForRun(main.app, owner, workflowId, runId, (run) => run.status === 'awaiting_approval');
      else if (onExpiry !== 'wait') await waitForRun(main.app, owner, workflowId, runId, expected as 'failed' | 'completed');
      const run = await detail(owner, workflowId, runId);
      const system = run.decisions.filter((decision) => decision.channel === 'system');
      expect(system.map((decision) => [decision.action, decision.attempt, decision.decidedBy])).toEqual([
        ['remind', 1, null],
        ['escalate', 1, null],
        ['expire', 1, null],
      ]);
      const note = system[2].note!;
      expect(note).toMatch(/^The approval of step 2 expired after 30 minutes without a decision: /);
      const step = run.steps[REVIEWED_STEP];
      if (onExpiry === 'reject') {
        // Done again with the system note as feedback, waiting again with timers of its own.
        expect(step).toMatchObject({ attempt: 2, status: 'awaiting_approval' });
        const [{ feedback }] = await dataSource.query<{ feedback: string }[]>('SELECT feedback FROM run_steps WHERE run_id = $1 AND step_index = $2', [runId, REVIEWED_STEP]);
        expect(feedback).toBe(note);
        const [{ count }] = await dataSource.query<{ count: number }[]>(
          `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'approval.step-timer' AND (data->>'runId')::int = $1 AND (data->>'attempt')::int = 2`,
          [runId],
        );
        expect(count).toBe(3);
      } else if (onExpiry === 'stop') {
        expect(step.status).toBe('cancelled');
        expect(run.reason).toBe(note);
      } else if (onExpiry === 'skip') {
        expect(step.status).toBe('completed');
        expect(run.decisions.filter((decision) => decision.action === 'approve')).toEqual([]);
      } else {
        expect(step.status).toBe('awaiting_approval');
        // Still decidable: the reminder's fresh link approves.
        await api(main.app).get(pathOf(approve)).set('User-Agent', BROWSER).expect(302);
        await waitForRun(main.app, owner, workflowId, runId, 'completed');
      }
      // The longest chain of the file, every link CPU work of this process: two sign-ups, a plan and its edit, two plan mails,
      // a run to its pause, six sweeps, four mails, and the run's end. Measured beside stress-ng (load 13) at 10–15 s, each
      // mail 0.1–0.6 s and the pause 0.6–3 s: no link waits out a poll, a busy machine stretches them all (a loaded CI run
      // took the 'wait' case past the 30 s bound of the time). A bound for a hang, not a pace, as the approvals inbox's tests have.
    }, 120_000);
  }

  it('with a quorum of 2, concurrent clicks of both approvers (and a repeat) yield one outcome', async () => {
    const owner = await signUp(main.app);
    const colleague = await signUp(main.app);
    await joinTeam(main.app, owner, owner.teamId, colleague, 'member');
    const { workflowId, runId } = await policyRun(owner, { approvers: 'members', members: [owner.email, colleague.email], quorum: 2 });
    const linkOf = async (user: TestUser) => pathOf((await mailTo(smtp, user.email, /^Approve step 2/)).links.find((link) => link.endsWith('action=approve'))!);
    const [ownerLink, colleagueLink] = [await linkOf(owner), await linkOf(colleague)];
    // A member not named may not decide on the dashboard.
    const outsider = await signUp(main.app);
    await joinTeam(main.app, owner, owner.teamId, outsider, 'admin');
    await api(main.app, outsider).post(`/api/teams/${owner.teamId}/activate`).expect(200);
    expectError(
      await api(main.app, outsider).post(`/api/workflows/${workflowId}/runs/${runId}/decision`).send({ stepIndex: REVIEWED_STEP, action: 'approve' }),
      403,
      'This step waits for the members its policy names',
    );

    const clicks = await Promise.all([ownerLink, ownerLink, colleagueLink].map((link) => api(main.app).get(link).set('User-Agent', BROWSER)));
    expect(clicks.filter((click) => click.status === 302).length).toBeGreaterThanOrEqual(2);
    await waitForRun(main.app, owner, workflowId, runId, 'completed');
    const run = await detail(owner, workflowId, runId);
    const approvals = run.decisions.filter((decision) => decision.action === 'approve');
    expect(approvals.map((decision) => decision.decidedBy).sort()).toEqual([owner.email, colleague.email].map((email) => email.toLowerCase()).sort());
    expect(run.steps[REVIEWED_STEP]).toMatchObject({ status: 'completed', attempt: 1 });
    // The audit tells what each approval did: the first was counted (the step still waited), the second completed the step.
    const audited = await main.app
      .get(DataSource)
      .query<{ changes: { status: unknown } }[]>(`SELECT changes FROM audit_events WHERE action = 'run.step_decided' AND target_id = $1 ORDER BY id`, [String(runId)]);
    expect(audited.map((row) => row.changes.status)).toEqual([
      { before: 'awaiting_approval', after: 'awaiting_approval' },
      { before: 'awaiting_approval', after: 'completed' },
    ]);
  });

  it('lists a step in the inbox only for the approvers its policy names (and for the admins once escalated)', async () => {
    /** An owner with an admin and a member, each switched to the owner's team. */
    const team = async () => {
      const owner = await signUp(main.app);
      const [admin, member] = [await signUp(main.app), await signUp(main.app)];
      for (const [user, role] of [[admin, 'admin'], [member, 'member']] as const) {
        await joinTeam(main.app, owner, owner.teamId, user, role);
        await api(main.app, user).post(`/api/teams/${owner.teamId}/activate`).expect(200);
      }
      return { owner, admin, member };
    };
    const inboxRuns = async (user: TestUser) =>
      ((await api(main.app, user).get('/api/approvals').expect(200)).body as { kind: string; runId?: number }[]).filter((item) => item.kind === 'step').map((item) => item.runId);
    // Named members: the one named sees it; the owner, not named, does not until it is escalated.
    const first = await team();
    const { runId } = await policyRun(first.owner, { approvers: 'members', members: [first.admin.email], escalateAfterMinutes: 10 });
    expect(await inboxRuns(first.admin)).toEqual([runId]);
    expect(await inboxRuns(first.owner)).toEqual([]);
    await moveClocks(runId, 10);
    await main.timers.sweep();
    expect(await inboxRuns(first.owner)).toEqual([runId]);
    // Admins: the admin and the owner see it; a member never does.
    const second = await team();
    const admins = await policyRun(second.owner, { approvers: 'admins' });
    expect(await inboxRuns(second.admin)).toEqual([admins.runId]);
    expect(await inboxRuns(second.owner)).toEqual([admins.runId]);
    expect(await inboxRuns(second.member)).toEqual([]);
  });

  it('a timer racing a person’s click yields one outcome', async () => {
    const owner = await signUp(main.app);
    const { workflowId, runId } = await policyRun(owner, { expireAfterMinutes: 1, onExpiry: 'reject' });
    await moveClocks(runId, 1);
    const [, click] = await Promise.all([
      main.timers.sweep(),
      api(main.app, owner).post(`/api/workflows/${workflowId}/runs/${runId}/decision`).send({ stepIndex: REVIEWED_STEP, action: 'approve' }),
    ]);
    const run = await detail(owner, workflowId, runId);
    const attemptOne = run.decisions.filter((decision) => decision.attempt === 1);
    expect(attemptOne).toHaveLength(1);
    if (click.status === 200) {
      expect(attemptOne[0]).toMatchObject({ action: 'approve', channel: 'dashboard' });
    } else {
      expectError(click, 409, 'This step is no longer awaiting approval');
      expect(attemptOne[0]).toMatchObject({ action: 'expire', channel: 'system' });
    }
  });

  it('two instances sweeping at once act on each timer once', async () => {
    const owner = await signUp(main.app);
    const { workflowId, runId } = await policyRun(owner, { remindAfterMinutes: 5, escalateAfterMinutes: 6, expireAfterMinutes: 7, onExpiry: 'wait' });
    await moveClocks(runId, 7);
    await Promise.all([main.timers.sweep(), other.timers.sweep(), main.timers.sweep(), other.timers.sweep()]);
    const run = await detail(owner, workflowId, runId);
    expect(run.decisions.map((decision) => decision.action)).toEqual(['remind', 'escalate', 'expire']);
    await mailTo(smtp, owner.email, /^Reminder: Approve step 2/);
    await mailTo(smtp, owner.email, /^Escalated: Approve step 2/);
    const [{ reminders }] = await dataSource.query<{ reminders: number }[]>(
      `SELECT count(*)::int AS reminders FROM mail_outbox WHERE to_address = $1 AND subject LIKE 'Reminder:%'`,
      [owner.email.toLowerCase()],
    );
    expect(reminders).toBe(1);
  });
});
