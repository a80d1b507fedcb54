import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApprovalTimersService } from '../../../src/approvals/approval-timers.service.js';
import { Clock } from '../../../src/schedules/clock.js';
import type { WorkflowDetailResponse } from '../../../src/workflows/workflows.response.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, pathOf, startSmtpServer, type TestSmtpServer, waitFor } from '../../helpers/mail-catcher.js';
import { ManualClock } from '../../helpers/manual-clock.js';
import { REVIEWED_GOAL, REVIEWED_STEP } from '../../helpers/paused-run.js';
import { waitForRun } from '../../helpers/runs.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { Receiver, type Received } from '../../helpers/webhook-receiver.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const MINUTE = 60_000;
const eventOf = (request: Received) => JSON.parse(request.body) as { type: string; data: Record<string, unknown> };

/** Issue 36: what an expiry reports — the `step.decided` webhook event, and the links of a run its policy stopped. */
describe('what an approval expiry reports', () => {
  let smtp: TestSmtpServer;
  let app: INestApplication;
  let clock: ManualClock;
  let timers: ApprovalTimersService;
  let dataSource: DataSource;
  const receiver = new Receiver();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    await receiver.start();
    clock = new ManualClock(new Date());
    // The test sweeps after moving the clock: no sweep of the instance's own may act in between.
    app = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        RATE_LIMIT_FREE: '1000',
        LOG_LEVEL: 'error',
        RUN_SWEEP_SECONDS: '3600',
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_POLL_INTERVAL_MS: '50',
      },
      overrides: [{ provide: Clock, useValue: clock }],
    });
    await resetDatabase(app);
    timers = app.get(ApprovalTimersService);
    dataSource = app.get(DataSource);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await receiver.stop();
  });

  /** The user's new workflow whose reviewed step expires after 30 minutes with `onExpiry`, approved, with a run paused on that step and its links. */
  const expiringRun = async (user: TestUser, onExpiry: string) => {
    const created = await createWorkflow(app, user, { goal: REVIEWED_GOAL });
    const workflow = (await api(app, user).get(`/api/workflows/${created.workflowId}`).expect(200)).body as WorkflowDetailResponse;
    const steps = workflow.workflowSteps.map(({ description, agentId, requiresApproval }, index) => ({
      description,
      agentId,
      requiresApproval,
      ...(index === REVIEWED_STEP ? { approvalPolicy: { expireAfterMinutes: 30, onExpiry } } : {}),
    }));
    await api(app, user).post(`/api/workflows/${created.workflowId}/steps`).send({ steps }).expect(200);
    const planMail = await mailTo(smtp, user.email, /^Approve the plan/, 2);
    await api(app).get(pathOf(planMail.links.find((link) => link.includes('/approve?token='))!)).set('User-Agent', BROWSER).expect(302);
    const { runId } = (await api(app, user).post(`/api/workflows/${created.workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, user, created.workflowId, runId, 'awaiting_approval');
    const stepMail = await mailTo(smtp, user.email, /^Approve step 2/);
    return { workflowId: created.workflowId, runId, approve: pathOf(stepMail.links.find((link) => link.endsWith('action=approve'))!) };
  };
  /** Moves the clock past the step's expiry and sweeps. */
  const expire = async (runId: number) => {
    const [{ since }] = await dataSource.query<{ since: Date }[]>(`SELECT approval_requested_at AS since FROM run_steps WHERE run_id = $1 AND status = 'awaiting_approval'`, [runId]);
    clock.jumpTo(new Date(since.getTime() + 30 * MINUTE + 1000));
    await timers.sweep();
  };

  for (const onExpiry of ['skip', 'reject', 'stop'] as const) {
    it(`reports an expiry that does ${onExpiry} as an expiry, not as a person's approval or rejection`, async () => {
      const owner = await signUp(app);
      const path = `/expiry-${onExpiry}`;
      await api(app, owner)
        .post(`/api/teams/${owner.teamId}/webhooks`)
        .send({ url: `${receiver.base}${path}`, eventTypes: ['step.decided'] })
        .expect(201);
      const { runId } = await expiringRun(owner, onExpiry);
      await expire(runId);
      const [event] = await waitFor(() => Promise.resolve(receiver.at(path).length >= 1 && receiver.at(path)), 'the step.decided event');
      expect(eventOf(event).type).toBe('step.decided');
      expect(eventOf(event).data).toMatchObject({
        runId,
        stepIndex: REVIEWED_STEP,
        attempt: 1,
        action: 'expire',
        onExpiry,
        channel: 'system',
        note: expect.stringMatching(/^The approval of step 2 expired after 30 minutes without a decision: /),
      });
    });
  }

  it("a person's decision is reported with its channel", async () => {
    const owner = await signUp(app);
    await api(app, owner)
      .post(`/api/teams/${owner.teamId}/webhooks`)
      .send({ url: `${receiver.base}/person`, eventTypes: ['step.decided'] })
      .expect(201);
    const { runId, approve } = await expiringRun(owner, 'skip');
    await api(app).get(approve).set('User-Agent', BROWSER).expect(302);
    const [event] = await waitFor(() => Promise.resolve(receiver.at('/person').length >= 1 && receiver.at('/person')), 'the step.decided event');
    expect(eventOf(event).data).toMatchObject({ runId, action: 'approve', channel: 'email' });
    expect(eventOf(event).data).not.toHaveProperty('onExpiry');
  });

  it('the links of a step whose run its policy stopped on expiry say so and when, not "a former member"', async () => {
    const owner = await signUp(app);
    const { runId, approve } = await expiringRun(owner, 'stop');
    await expire(runId);
    const stopped = /^The run was stopped by the step's approval policy when its approval expired on \d{4}-\d\d-\d\d at \d\d:\d\d UTC; this step was not decided$/;
    expectError(await api(app).get(approve).set('User-Agent', BROWSER).set('Accept', 'application/json'), 409, stopped);
    const page = await api(app).get(approve).set('User-Agent', BROWSER).set('Accept', 'text/html').expect(409);
    expect(page.text).toContain('<h1>Run stopped</h1>');
    expect(page.text).not.toContain('former member');
  });
});
