import type { INestApplication } from '@nestjs/common';
import type { RunDetailResponse } from '../../../src/runs/runs.response.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import type { TestSmtpServer } from '../../helpers/mail-catcher.js';
import { BROWSER, pathOf } from '../../helpers/mail-catcher.js';
import { type AppWithMail, startAppWithMail } from '../../helpers/mailing-app.js';
import { pausedRun, REVIEWED_STEP } from '../../helpers/paused-run.js';
import { waitForRun } from '../../helpers/runs.js';
import { signUp } from '../../helpers/users.js';
import { mailTo } from '../../helpers/workflows.js';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('run decisions: GET /api/workflows/:id/runs/:runId lists the step decisions taken on the run', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let mailing: AppWithMail;

  beforeAll(async () => {
    ({ app, smtp } = mailing = await startAppWithMail({ LOG_LEVEL: 'error' }));
  });
  afterAll(() => mailing.close());

  it('shows a dashboard decision and a mailed link decision, oldest first, with channel, who, when and note', async () => {
    const user = await signUp(app);
    const run = await pausedRun(app, smtp, user);
    const detailPath = `/api/workflows/${run.workflowId}/runs/${run.runId}`;

    const before = await api(app, user).get(detailPath).expect(200);
    expect((before.body as RunDetailResponse).decisions).toEqual([]);

    // The dashboard rejects attempt 1 with a note; the step is done again and mailed anew.
    await api(app, user)
      .post(`${detailPath}/decision`)
      .send({ stepIndex: REVIEWED_STEP, action: 'reject', note: '  Make it shorter  ' })
      .expect(200);
    await waitForRun(app, user, run.workflowId, run.runId, 'awaiting_approval');
    const secondMail = await mailTo(smtp, user.email, /^Approve step/, 2);
    const approveLink = pathOf(secondMail.links.find((link) => link.endsWith('action=approve'))!);
    // The mailed link approves attempt 2.
    await api(app).get(approveLink).set('User-Agent', BROWSER).expect(302);
    await waitForRun(app, user, run.workflowId, run.runId, 'completed');

    const detail = (await api(app, user).get(detailPath).expect(200)).body as RunDetailResponse;
    expect(detail.decisions).toEqual([
      { stepIndex: REVIEWED_STEP, attempt: 1, action: 'reject', note: 'Make it shorter', channel: 'dashboard', decidedBy: user.email, decidedAt: expect.stringMatching(ISO_TIME) },
      { stepIndex: REVIEWED_STEP, attempt: 2, action: 'approve', note: null, channel: 'email', decidedBy: user.email, decidedAt: expect.stringMatching(ISO_TIME) },
    ]);
    const [first, second] = detail.decisions.map((decision) => Date.parse(decision.decidedAt));
    expect(first).toBeLessThanOrEqual(second);
    expect(second).toBeLessThanOrEqual(Date.now());
  });

  it("answers 404 for another team's run, and 401 without credentials", async () => {
    const [owner, stranger] = [await signUp(app), await signUp(app)];
    const run = await pausedRun(app, smtp, owner);
    const detailPath = `/api/workflows/${run.workflowId}/runs/${run.runId}`;
    await api(app, owner).post(`${detailPath}/decision`).send({ stepIndex: REVIEWED_STEP, action: 'approve' }).expect(200);

    expectError(await api(app, stranger).get(detailPath), 404, 'Run not found');
    expectError(await api(app).get(detailPath), 401);
    const own = (await api(app, owner).get(detailPath).expect(200)).body as RunDetailResponse;
    expect(own.decisions).toEqual([expect.objectContaining({ action: 'approve', channel: 'dashboard', decidedBy: owner.email, note: null })]);
  });
});
