import { setTimeout as sleep } from 'node:timers/promises';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PlanApprovalMailResponse, WorkflowDetailResponse } from '../../../src/workflows/workflows.response.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, pathOf, type TestSmtpServer, waitFor } from '../../helpers/mail-catcher.js';
import { type AppWithMail, startAppWithMail } from '../../helpers/mailing-app.js';
import { joinTeam } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';

const GOAL = 'Write a LinkedIn post about our product launch.';
const PLAN_MAIL = /^Approve the plan/;
const NOT_DRAFT = 'The plan is approved already; only a draft is mailed for approval';

describe('plan approval resend: POST /api/workflows/:id/approval-mail', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let dataSource: DataSource;
  let mailing: AppWithMail;

  beforeAll(async () => {
    ({ app, smtp } = mailing = await startAppWithMail({ LOG_LEVEL: 'error' }));
    dataSource = app.get(DataSource);
  });
  afterAll(() => mailing.close());

  const resend = (caller: TestUser | undefined, workflowId: string) => api(app, caller).post(`/api/workflows/${workflowId}/approval-mail`);
  /** Plan approval mails queued for the workflow: one at creation, one per accepted resend. */
  const mailJobsOf = async (workflowId: string) => {
    const [{ count }] = await dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'approval.plan-requested' AND data->>'workflowId' = $1`,
      [workflowId],
    );
    return count;
  };
  const planMailsTo = (email: string) => smtp.messages.filter((message) => message.to.includes(email) && message.raw.includes('Approve the plan')).length;
  const approveLinkIn = (links: string[]) => pathOf(links.find((link) => link.includes('/approve?token='))!);

  it("mails a fresh link to the workflow's creator that approves the plan; then answers 409", async () => {
    const user = await signUp(app);
    const { workflowId } = await createWorkflow(app, user, { goal: GOAL });
    const first = await mailTo(smtp, user.email, PLAN_MAIL);

    const response = await resend(user, workflowId).expect(202);
    expect(response.body as PlanApprovalMailResponse).toEqual({
      message: 'A fresh approval link for version 1 of the plan is on its way; links mailed earlier for this version keep working until they expire.',
      sentTo: [user.email],
    });
    const second = await mailTo(smtp, user.email, PLAN_MAIL, 2);
    expect(approveLinkIn(second.links)).not.toBe(approveLinkIn(first.links));

    await api(app).get(approveLinkIn(second.links)).set('User-Agent', BROWSER).expect(302);
    const workflow = (await api(app, user).get(`/api/workflows/${workflowId}`).expect(200)).body as WorkflowDetailResponse;
    expect(workflow).toMatchObject({ status: 'active', approvedBy: user.email });

    expectError(await resend(user, workflowId), 409, NOT_DRAFT);
    expect(await mailJobsOf(workflowId)).toBe(2);
  });

  it('answers 429 with Retry-After within a minute of the last request, also to concurrent requests, and mails once', async () => {
    const user = await signUp(app);
    const { workflowId } = await createWorkflow(app, user, { goal: GOAL });
    await mailTo(smtp, user.email, PLAN_MAIL);

    const answers = await Promise.all(Array.from({ length: 5 }, () => resend(user, workflowId)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 429, 429, 429, 429]);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expectError(refused, 429, /^A fresh approval link was asked for less than a minute ago; retry in \d+ s$/);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    expect(await mailJobsOf(workflowId)).toBe(2);

    // A minute later it may be asked for again.
    await dataSource.query(`UPDATE workflows SET approval_mail_requested_at = approval_mail_requested_at - interval '60 seconds' WHERE id = $1`, [workflowId]);
    await resend(user, workflowId).expect(202);
    expectError(await resend(user, workflowId), 429);
    await mailTo(smtp, user.email, PLAN_MAIL, 3);
    expect(await mailJobsOf(workflowId)).toBe(3);
  });

  it('tells a request that waited for another one to wait at most a minute: the clock is read once the row is its', async () => {
    const user = await signUp(app);
    const { workflowId } = await createWorkflow(app, user, { goal: GOAL });
    await mailTo(smtp, user.email, PLAN_MAIL);
    // Another request holds the workflow's row; this one's transaction begins and waits for it.
    const other = dataSource.createQueryRunner();
    await other.connect();
    await other.startTransaction();
    try {
      await other.query('SELECT 1 FROM workflows WHERE id = $1 FOR UPDATE', [workflowId]);
      const waiting = Promise.resolve(resend(user, workflowId));
      await waitFor(async () => {
        const [{ count }] = await dataSource.query<{ count: number }[]>(
          `SELECT count(*)::int AS count FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%approval_mail_requested_at%FOR UPDATE%'`,
        );
        return count === 1;
      }, 'the request waiting for the row');
      // The other request takes the slot more than a second after this one's transaction began.
      await sleep(1100);
      await other.query('UPDATE workflows SET approval_mail_requested_at = clock_timestamp() WHERE id = $1', [workflowId]);
      await other.commitTransaction();
      const refused = await waiting;
      expectError(refused, 429);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    } finally {
      if (other.isTransactionActive) await other.rollbackTransaction();
      await other.release();
    }
  });

  it("answers 404 for another team's workflow, 400 for a malformed id and 401 without credentials; nothing is mailed", async () => {
    const [owner, stranger] = [await signUp(app), await signUp(app)];
    const { workflowId } = await createWorkflow(app, owner, { goal: GOAL });
    await mailTo(smtp, owner.email, PLAN_MAIL);

    expectError(await resend(stranger, workflowId), 404, 'Workflow not found');
    expectError(await resend(stranger, '00000000-0000-4000-8000-000000000000'), 404, 'Workflow not found');
    expectError(await resend(owner, 'not-a-uuid'), 400, /uuid is expected/);
    expectError(await resend(undefined, workflowId), 401);
    expect(await mailJobsOf(workflowId)).toBe(1);
    // The stranger's refusal used up nothing: the owner may ask at once.
    await resend(owner, workflowId).expect(202);
    await mailTo(smtp, owner.email, PLAN_MAIL, 2);
    expect(planMailsTo(owner.email)).toBe(2);
    expect(planMailsTo(stranger.email)).toBe(0);
  });

  it("never mails a team's plan to a creator who left the team: its first owner is asked instead, and that link approves", async () => {
    const [owner, colleague] = [await signUp(app), await signUp(app)];
    await joinTeam(app, owner, owner.teamId, colleague);
    await api(app, colleague).post(`/api/teams/${owner.teamId}/activate`).expect(200);
    const { workflowId } = await createWorkflow(app, colleague, { goal: GOAL });
    const mailedBefore = await mailTo(smtp, colleague.email, PLAN_MAIL);
    await api(app, owner).delete(`/api/teams/${owner.teamId}/members/${colleague.userId}`).expect(200);
    // The link mailed while they were a member no longer approves anything.
    expectError(
      await api(app).get(approveLinkIn(mailedBefore.links)).set('User-Agent', BROWSER).set('Accept', 'application/json'),
      400,
      'This link was mailed to someone who is no longer a member of the team',
    );
    expect((await api(app, owner).get(`/api/workflows/${workflowId}`).expect(200)).body).toMatchObject({ status: 'draft' });

    const response = await resend(owner, workflowId).expect(202);
    expect((response.body as PlanApprovalMailResponse).sentTo).toEqual([owner.email]);
    await mailTo(smtp, owner.email, PLAN_MAIL);
    await api(app, owner).post(`/api/workflows/${workflowId}/steps`).send({ steps: [{ description: 'Write a post about our roadmap' }] }).expect(200);
    const edited = await mailTo(smtp, owner.email, PLAN_MAIL, 2);
    expect(edited.text).toContain('Write a post about our roadmap');
    await api(app).get(approveLinkIn(edited.links)).set('User-Agent', BROWSER).expect(302);
    expect((await api(app, owner).get(`/api/workflows/${workflowId}`).expect(200)).body).toMatchObject({ status: 'active', approvedBy: owner.email });
    expect(planMailsTo(colleague.email)).toBe(1);
  });
});
