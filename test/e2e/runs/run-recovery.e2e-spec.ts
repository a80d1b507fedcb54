import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { api } from '../../helpers/api.js';
import { BROWSER, pathOf, startSmtpServer, type TestSmtpServer, waitFor } from '../../helpers/mail-catcher.js';
import { expectOneRunPerSlot, SCHEDULED_RUNS_SQL, type ScheduledRunRow } from '../../helpers/scheduled-runs.js';
import { type ServerProcess, startServer } from '../../helpers/server-process.js';
import { signUp } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';

const THREE_STEPS = 'Outline a LinkedIn post about resilience. Then write the LinkedIn post. Then make an image for it.';

/**
 * DESIGN "Workflows, runs, approvals": a run whose worker died is picked up again from its last
 * finished step, and with several instances a cron tick makes one run, never two.
 */
describe('run recovery', () => {
  let db: pg.Client;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
  });

  it('a server killed mid-run (SIGKILL) is taken over by another, which repeats nothing that finished and stores nothing twice', async () => {
    const first = await startRecoveryServer();
    let second: ServerProcess | undefined;
    try {
      const email = `recovery-${randomUUID()}@example.com`;
      const registered = await first.json<{ accessToken: string }>('POST', '/api/auth/register', undefined, {
        email,
        password: 'correct horse battery',
        name: 'Recovery',
      });
      const token = registered.accessToken;
      const created = await first.json<{ workflowId: string; steps: unknown[] }>('POST', '/api/workflows', token, { goal: THREE_STEPS });
      expect(created.steps).toHaveLength(3);
      const workflowId = created.workflowId;

      const approveLink = await waitFor(
        () => Promise.resolve(first.outboxLinks(email).find((link) => link.includes(`/workflows/${workflowId}/approve?token=`))),
        'the plan approval mail in the outbox',
        15_000,
      );
      const approved = await fetch(`${first.base}${pathOf(approveLink)}`, { headers: { 'User-Agent': BROWSER }, redirect: 'manual' });
      expect(approved.status).toBe(302);

      const started = await first.json<{ runId: number; conversationId: string }>('POST', `/api/workflows/${workflowId}/run`, token);
      const { runId, conversationId } = started;

      await waitFor(
        async () => {
          const { rows } = await db.query<{ step_index: number; status: string }>(
            'SELECT step_index, status FROM run_steps WHERE run_id = $1 ORDER BY step_index',
            [runId],
          );
          return rows[0]?.status === 'completed' && rows[1]?.status === 'running';
        },
        'step 0 completed and step 1 running',
        30_000,
      );
      first.kill('SIGKILL');
      await first.exited(10_000);

      second = await startRecoveryServer();
      await waitFor(
        async () => {
          const { rows } = await db.query<{ status: string }>('SELECT status FROM workflow_runs WHERE id = $1', [runId]);
          if (rows[0]?.status === 'failed') throw new Error('the run failed after the takeover');
          return rows[0]?.status === 'completed';
        },
        'the run to complete on the second server',
        45_000,
      );

      const messages = await db.query<{ message_id: string; count: number }>(
        'SELECT message_id, count(*)::int AS count FROM messages WHERE conversation_id = $1 GROUP BY message_id ORDER BY message_id',
        [conversationId],
      );
      const expected = [0, 1, 2].flatMap((step) => [
        `run-${runId}-step-${step}-attempt-1-instruction`,
        `run-${runId}-step-${step}-attempt-1-reply`,
      ]);
      expect(messages.rows.map((row) => row.message_id).sort()).toEqual([...expected].sort());
      expect(messages.rows.every((row) => row.count === 1)).toBe(true);

      const steps = await db.query<{ step_index: number; status: string; attempt: number }>(
        'SELECT step_index, status, attempt FROM run_steps WHERE run_id = $1 ORDER BY step_index',
        [runId],
      );
      expect(steps.rows).toEqual([
        { step_index: 0, status: 'completed', attempt: 1 },
        { step_index: 1, status: 'completed', attempt: 1 },
        { step_index: 2, status: 'completed', attempt: 1 },
      ]);

      const assets = await db.query<{ type: string }>('SELECT type FROM assets WHERE run_id = $1 ORDER BY type', [runId]);
      expect(assets.rows.map((row) => row.type)).toEqual(['image', 'post_outline', 'social_post']);
    } finally {
      await first.dispose();
      await second?.dispose();
    }
  }, 90_000);

  describe('two instances on one database', () => {
    let smtp: TestSmtpServer;
    let apps: INestApplication[] = [];

    beforeAll(async () => {
      smtp = await startSmtpServer();
    });
    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()));
      apps = [];
      await smtp.close();
    });

    it('make one run per cron tick', async () => {
      const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LOG_LEVEL: 'error' };
      const firstApp = await createTestApp({ env });
      apps.push(firstApp);
      const user = await signUp(firstApp);
      const { workflowId } = await createWorkflow(firstApp, user, { goal: 'Write a LinkedIn post about uptime', schedule: '*/2 * * * * *' });
      const mail = await mailTo(smtp, user.email, /^Approve the plan/);
      const link = mail.links.find((candidate) => candidate.includes('/approve?token='));
      if (!link) throw new Error('no approval link in the plan mail');
      await api(firstApp).get(pathOf(link)).set('User-Agent', BROWSER).expect(302);

      // The second instance reads the active schedules when it boots.
      apps.push(await createTestApp({ env }));
      const bothUp = Date.now();

      // Every run is for a slot of the schedule, one per slot, none made before its slot and all in
      // slot order: a duplicate named by a late timer's own clock would be off the slots, a second
      // run for a slot, or a stale slot made after a later one (expectOneRunPerSlot).
      const dataSource = firstApp.get(DataSource);
      const runs = await waitFor(
        async () => {
          const rows = await dataSource.query<ScheduledRunRow[]>(SCHEDULED_RUNS_SQL, [workflowId]);
          return rows.filter((run) => run.started_at.getTime() >= bothUp).length >= 3 ? rows : undefined;
        },
        'three runs made while both instances are up',
        15_000,
      );
      expectOneRunPerSlot(runs, 2_000);

      // Stop the schedule: delete the workflow (refused while a run is in progress, so try again).
      await waitFor(
        async () => {
          const { status } = await api(firstApp, user).delete(`/api/workflows/${workflowId}`);
          if (status !== 200 && status !== 409) throw new Error(`the delete answered ${status}`);
          return status === 200;
        },
        'the workflow to be deleted',
        10_000,
      );
      await api(firstApp, user).get(`/api/workflows/${workflowId}`).expect(404);
    }, 40_000);
  });
});

/** The built server on the test run's database, mail going to its outbox folder. */
function startRecoveryServer(): Promise<ServerProcess> {
  return startServer({ env: { LOG_LEVEL: 'warn', OFFLINE_MODEL_CHUNK_DELAY_MS: '40' } });
}
