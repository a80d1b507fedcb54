import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, parseEml, pathOf, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { type AppWithMail, startAppWithMail } from '../../helpers/mailing-app.js';
import { pausedRun, REVIEWED_STEP } from '../../helpers/paused-run.js';
import { joinTeam } from '../../helpers/teams.js';
import { signUp } from '../../helpers/users.js';
import { mailTo } from '../../helpers/workflows.js';

const tokenOf = (link: string) => new URL(link).searchParams.get('token');

/** Issue 36 item 2: POST /api/workflows/:id/runs/:runId/approval-mail, a waiting step's mail again with a fresh link. */
describe('a fresh step approval mail', () => {
  let smtp: TestSmtpServer;
  let app: INestApplication;
  let mailing: AppWithMail;

  beforeAll(async () => {
    ({ app, smtp } = mailing = await startAppWithMail({ LOG_LEVEL: 'error' }));
  });
  afterAll(() => mailing.close());

  it('mails a new link (a new token, 2 h) that decides; concurrent and repeated requests within a minute get 429 and no mail', async () => {
    const user = await signUp(app);
    const run = await pausedRun(app, smtp, user);
    const path = `/api/workflows/${run.workflowId}/runs/${run.runId}/approval-mail`;
    const answers = await Promise.all(Array.from({ length: 4 }, () => api(app, user).post(path)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 429, 429, 429]);
    expect(answers.find((answer) => answer.status === 202)!.body).toEqual({
      message: `A fresh approval link for step ${REVIEWED_STEP + 1} (attempt 1) is on its way; links mailed earlier for it keep working until they expire.`,
      sentTo: [user.email],
      stepIndex: REVIEWED_STEP,
      attempt: 1,
    });
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expectError(refused, 429, /^A fresh approval link was asked for less than a minute ago; retry in \d+ s$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }

    const fresh = await mailTo(smtp, user.email, /^Approve step 2: /, 2);
    const approve = fresh.links.find((link) => link.endsWith('action=approve'))!;
    expect(tokenOf(approve)).not.toBe(new URL(`http://x${run.links.approve}`).searchParams.get('token'));
    expect(fresh.text).toContain('These links work for 2 hours, for attempt 1 of this step only.');
    const claims = JSON.parse(Buffer.from(tokenOf(approve)!.split('.')[1], 'base64url').toString()) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(2 * 3600);
    // Only one mail more.
    const stepMails = smtp.messages.filter((message) => message.to.includes(user.email) && /^Approve step/.test(parseEml(message.raw).headers.subject ?? ''));
    expect(stepMails).toHaveLength(2);

    await api(app).get(pathOf(approve)).set('User-Agent', BROWSER).expect(302);
    // Decided: nothing waits, so no mail.
    expectError(await api(app, user).post(path), 409, 'The run is not waiting for a step approval');
  });

  it('answers 404 for another team’s run, 403 to a member on a workflow not theirs and to a viewer, 409 once the run is stopped', async () => {
    const owner = await signUp(app);
    const run = await pausedRun(app, smtp, owner);
    const path = `/api/workflows/${run.workflowId}/runs/${run.runId}/approval-mail`;
    const outsider = await signUp(app);
    expectError(await api(app, outsider).post(path), 404, 'Run not found');
    for (const role of ['member', 'viewer'] as const) {
      const colleague = await signUp(app);
      await joinTeam(app, owner, owner.teamId, colleague, role);
      await api(app, colleague).post(`/api/teams/${owner.teamId}/activate`).expect(200);
      expectError(await api(app, colleague).post(path), 403);
    }
    expectError(await api(app, owner).post(`/api/workflows/${run.workflowId}/runs/999999/approval-mail`), 404, 'Run not found');
    expectError(await api(app, owner).post(`/api/workflows/${run.workflowId}/runs/nope/approval-mail`), 400);
    await api(app, owner).post(`/api/workflows/${run.workflowId}/runs/${run.runId}/stop`).expect(200);
    expectError(await api(app, owner).post(path), 409, 'The run is not waiting for a step approval');
    const [{ count }] = await app
      .get(DataSource)
      .query<{ count: number }[]>(`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'approval.step-requested' AND (data->>'runId')::int = $1`, [run.runId]);
    expect(count).toBe(1);
  });
});
