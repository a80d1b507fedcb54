import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import type { TestSmtpServer } from '../../helpers/mail-catcher.js';
import { BROWSER } from '../../helpers/mail-catcher.js';
import { type AppWithMail, startAppWithMail } from '../../helpers/mailing-app.js';
import { pausedRun, REVIEWED_STEP } from '../../helpers/paused-run.js';
import { joinTeam } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { mailTo } from '../../helpers/workflows.js';
import type { RunDetailResponse } from '../../../src/runs/runs.response.js';

const FRONTEND = 'http://frontend.test';
/** "… stopped by <email> on 2026-11-27 at 22:41 UTC; this step was not decided" */
const stoppedBy = (email: string) => new RegExp(`^The run was stopped by ${email.replace(/[.+]/g, '\\$&')} on \\d{4}-\\d\\d-\\d\\d at \\d\\d:\\d\\d UTC; this step was not decided$`);

/** Issue 36, "Truthful states": a stopped run's waiting step, its mailed links and what the mail names. */
describe('a run stopped while a step waits for approval', () => {
  let smtp: TestSmtpServer;
  let app: INestApplication;
  let dataSource: DataSource;
  let mailing: AppWithMail;

  beforeAll(async () => {
    ({ app, smtp } = mailing = await startAppWithMail({ FRONTEND_URL: FRONTEND, LOG_LEVEL: 'error' }));
    dataSource = app.get(DataSource);
  });
  afterAll(() => mailing.close());

  const decisionsOf = async (runId: number) =>
    (await dataSource.query<{ count: number }[]>('SELECT count(*)::int AS count FROM approval_decisions WHERE run_id = $1', [runId]))[0].count;
  const detail = async (user: TestUser, workflowId: string, runId: number) =>
    (await api(app, user).get(`/api/workflows/${workflowId}/runs/${runId}`).expect(200)).body as RunDetailResponse;

  it('closes the waiting step as cancelled, and its links say who stopped the run and when instead of "Already decided"', async () => {
    const user = await signUp(app);
    const run = await pausedRun(app, smtp, user);
    expect((await detail(user, run.workflowId, run.runId)).steps[REVIEWED_STEP].status).toBe('awaiting_approval');

    await api(app, user).post(`/api/workflows/${run.workflowId}/runs/${run.runId}/stop`).expect(200);
    const stopped = await detail(user, run.workflowId, run.runId);
    expect(stopped).toMatchObject({ status: 'failed', reason: 'Stopped by user' });
    expect(stopped.steps[REVIEWED_STEP]).toMatchObject({ status: 'cancelled', attempt: 1, finishedAt: expect.any(String) });
    expect(stopped.steps[0].status).toBe('completed');

    // A browser following either link: a page saying what happened, nothing decided.
    for (const path of [run.links.approve, `${run.links.reject}&note=${encodeURIComponent('Shorter')}`]) {
      const page = await api(app).get(path).set('User-Agent', BROWSER).set('Accept', 'text/html').expect(409);
      expect(page.text).toContain('<h1>Run stopped</h1>');
      expect(page.text).toContain(`The run was stopped by ${user.email} on `);
      expect(page.text).not.toContain('Already decided');
      expectError(await api(app).get(path).set('User-Agent', BROWSER).set('Accept', 'application/json'), 409, stoppedBy(user.email));
    }
    // The confirmation page's post says the same.
    const token = new URL(`http://x${run.links.approve}`).searchParams.get('token')!;
    expectError(
      await api(app).post('/api/workflows/resume').type('form').set('User-Agent', BROWSER).set('Accept', 'application/json').send({ token, action: 'approve' }),
      409,
      stoppedBy(user.email),
    );
    expect(await decisionsOf(run.runId)).toBe(0);
    expect((await detail(user, run.workflowId, run.runId)).steps[REVIEWED_STEP].status).toBe('cancelled');
  });

  it('names the person who stopped it, not the one the mail went to', async () => {
    const owner = await signUp(app);
    const run = await pausedRun(app, smtp, owner);
    const admin = await signUp(app);
    await joinTeam(app, owner, owner.teamId, admin, 'admin');
    await api(app, admin).post(`/api/teams/${owner.teamId}/activate`).expect((response) => expect(response.ok).toBe(true));
    await api(app, admin).post(`/api/workflows/${run.workflowId}/runs/${run.runId}/stop`).expect(200);
    expectError(await api(app).get(run.links.approve).set('User-Agent', BROWSER).set('Accept', 'application/json'), 409, stoppedBy(admin.email));
  });

  it('leaves a step that was decided before the stop as it was, and its link answers as decided', async () => {
    const user = await signUp(app);
    const run = await pausedRun(app, smtp, user);
    await api(app).get(run.links.approve).set('User-Agent', BROWSER).expect(302);
    await api(app, user).post(`/api/workflows/${run.workflowId}/runs/${run.runId}/stop`).expect((response) => expect([200, 409]).toContain(response.status));
    expect((await detail(user, run.workflowId, run.runId)).steps[REVIEWED_STEP].status).toBe('completed');
    // The same link again: its decision stands.
    await api(app).get(run.links.approve).set('User-Agent', BROWSER).expect(302);
  });

  it('names the step and what it made in the mail, subject and body', async () => {
    const user = await signUp(app);
    const run = await pausedRun(app, smtp, user);
    const mail = await mailTo(smtp, user.email, /^Approve step/);
    const [asset] = (await api(app, user).get(`/api/assets?runId=${run.runId}&type=social_post`).expect(200)).body as { title: string }[];
    expect(asset).toBeDefined();
    expect(mail.subject).toMatch(/^Approve step 2: Write the LinkedIn post/);
    expect(mail.subject).toContain(`(made social post "${asset.title.slice(0, 40)}`);
    expect(mail.text).toMatch(/Approve step 2 of 2: Write the LinkedIn post/);
    expect(mail.text).toContain(`What the step made`);
    expect(mail.text).toContain(`- social post "${asset.title}"`);
  });
});
