import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { BROWSER, pathOf, startSmtpServer, type TestSmtpServer, waitFor } from '../../helpers/mail-catcher.js';
import { waitForRun } from '../../helpers/runs.js';
import { joinTeam } from '../../helpers/teams.js';
import { signUp } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/**
 * Issue 31 item 4's leftover, on a run really running (a model reply under way, slowed down): a
 * plain member may not stop someone else's run (403, not 404; the run goes on, nothing recorded);
 * an admin may. Deciding a paused step is in test/e2e/audit/audit-work-events.e2e-spec.ts.
 */
describe("stopping another member's running run", () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, OFFLINE_MODEL_CHUNK_DELAY_MS: '200', RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('refuses a member with 403 and leaves the run running; an admin stops it', async () => {
    const [owner, admin, member] = [await signUp(app), await signUp(app), await signUp(app)];
    for (const [user, role] of [[admin, 'admin'], [member, 'member']] as const) {
      await joinTeam(app, owner, owner.teamId, user, role);
      await api(app, user).post(`/api/teams/${owner.teamId}/activate`).expect(200);
    }
    const created = await createWorkflow(app, owner, { goal: 'Tell a long story about our company' });
    await api(app).get(pathOf((await mailTo(smtp, owner.email, /^Approve the plan/)).links[0])).set('User-Agent', BROWSER).expect(302);
    const { runId } = (await api(app, owner).post(`/api/workflows/${created.workflowId}/run`).expect(201)).body as { runId: number };
    const db = app.get(DataSource);
    await waitFor(async () => (await db.query(`SELECT 1 FROM run_steps WHERE run_id = $1`, [runId])).length > 0, 'the step to start');
    const audited = async () => (await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'run.stopped'`))[0].n;

    expectError(await api(app, member).post(`/api/workflows/${created.workflowId}/runs/${runId}/stop`), 403);
    expect((await api(app, owner).get(`/api/workflows/${created.workflowId}/runs/${runId}`).expect(200)).body).toMatchObject({ status: 'running' });
    expect(await audited()).toBe(0);

    await api(app, admin).post(`/api/workflows/${created.workflowId}/runs/${runId}/stop`).expect(200);
    expect(await waitForRun(app, owner, created.workflowId, runId, 'failed')).toMatchObject({ reason: 'Stopped by user' });
    const [stopped] = await db.query<{ actor_id: string; changes: { status: { before: string; after: string } } }[]>(
      `SELECT actor_id, changes FROM audit_events WHERE action = 'run.stopped' AND target_id = $1`,
      [String(runId)],
    );
    expect(stopped).toMatchObject({ actor_id: admin.userId, changes: { status: { before: 'running', after: 'failed' } } });
  });
});
