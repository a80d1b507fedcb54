import { BROWSER, pathOf, waitFor } from '../helpers/mail-catcher.js';
import type { ServerProcess } from '../helpers/server-process.js';
import { activeWorkflow, connect, faultCluster, runCompleted } from './fixtures.js';

/** Two steps; the second (index 1) is reviewed. */
const REVIEWED = 'Outline a LinkedIn post about our launch. Then write the LinkedIn post and have the team review it.';
const REVIEWED_STEP = 1;
/** The sweep that acts on due timers looks every 2 s. */
const SERVER_ENV = { RUN_SWEEP_SECONDS: '2', LOG_LEVEL: 'info' };

/**
 * Issue 36 item 6: a reminder's decision and its mail job commit together, so a process killed
 * (SIGKILL) after the timer's commit and before its mail is stored leaves the mail to the queue
 * and the outbox: the next process sends it, once, with a fresh link. Real server processes.
 */
describe('approval timers under kill -9', () => {
  const cluster = faultCluster('Approval timers under kill -9', SERVER_ENV);
  const { start, table } = cluster;

  it('a crash between a reminder timer’s commit and its mail leaves the mail to the outbox: sent once, with a fresh link, after the restart', async () => {
    const first = await start();
    const { token, email, workflowId } = await activeWorkflow(first, REVIEWED);
    await remindAfterAMinute(first, cluster.db, token, workflowId);
    const { runId } = await first.json<{ runId: number }>('POST', `/api/workflows/${workflowId}/run`, token);
    const mailed = await waitFor(() => Promise.resolve(stepLinks(first, email).length > 0 && stepLinks(first, email)), 'the step approval mail', 30_000);
    expect(mailed).toHaveLength(1);

    // The mail job stops at the outbox (the table is locked): the timer's transaction commits, its mail is not stored.
    const locker = await connect(cluster.url);
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE mail_outbox IN ACCESS EXCLUSIVE MODE');
      // The step began to wait more than a minute ago: the next sweep finds its reminder due.
      await cluster.db.query(`UPDATE run_steps SET approval_requested_at = approval_requested_at - interval '2 minutes' WHERE run_id = $1 AND status = 'awaiting_approval'`, [
        runId,
      ]);
      await waitFor(() => reminderJobState(cluster.db, runId).then((state) => state === 'active'), 'the reminder mail job active', 30_000);
      expect(await timerDecisions(cluster.db, runId)).toEqual(['remind']);
      first.kill('SIGKILL');
      await first.exited();
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect(await reminders(cluster.db, email)).toEqual([]);

    const second = await start();
    const began = Date.now();
    await waitFor(() => Promise.resolve(stepLinks(second, email).length > 1), 'the reminder mail', 90_000);
    const seconds = Math.round((Date.now() - began) / 1000);
    await waitFor(() => reminderJobState(cluster.db, runId).then((state) => state === 'completed'), 'the reminder mail job completed', 30_000);
    await waitFor(async () => (await reminders(cluster.db, email)).every((status) => status === 'sent'), 'the reminder delivered', 30_000);
    expect(await reminders(cluster.db, email)).toEqual(['sent']);
    const links = stepLinks(second, email);
    expect(links).toHaveLength(2);
    const fresh = links.find((link) => !mailed.includes(link))!;
    expect(tokenOf(fresh)).not.toBe(tokenOf(mailed[0]));
    // The timer acted once, and its fresh link decides.
    expect(await timerDecisions(cluster.db, runId)).toEqual(['remind']);
    const decided = await second.fetch(pathOf(fresh), { headers: { 'User-Agent': BROWSER }, redirect: 'manual' });
    expect(decided.status).toBe(302);
    await runCompleted(cluster.db, runId);
    table.record('kill -9 after a reminder commits, before its mail', `mail sent once, ${seconds} s after the next process started; its fresh link approved the step`);
  }, 180_000);
});

type Db = { query: <T extends object>(sql: string, values?: unknown[]) => Promise<{ rows: T[] }> };

/** Puts a reminder after one minute on the reviewed step (the plan's version 2) and approves the new version by its mailed link. */
async function remindAfterAMinute(server: ServerProcess, db: Db, token: string, workflowId: string): Promise<void> {
  const { workflowSteps } = await server.json<{ workflowSteps: { description: string; agentId: string; requiresApproval: boolean }[] }>(
    'GET',
    `/api/workflows/${workflowId}`,
    token,
  );
  const steps = workflowSteps.map(({ description, agentId, requiresApproval }, index) => ({
    description,
    agentId,
    requiresApproval,
    ...(index === REVIEWED_STEP ? { approvalPolicy: { remindAfterMinutes: 1 } } : {}),
  }));
  const { planVersion } = await server.json<{ planVersion: number }>('POST', `/api/workflows/${workflowId}/steps`, token, { steps });
  expect(planVersion).toBe(2);
  const link = await waitFor(async () => {
    const { rows } = await db.query<{ text: string }>(`SELECT text FROM mail_outbox WHERE subject LIKE 'Approve the plan%' AND text LIKE '%(version 2)%' AND text LIKE $1`, [
      `%/workflows/${workflowId}/approve?token=%`,
    ]);
    return rows[0] && /https?:\/\/\S+\/approve\?token=\S+/.exec(rows[0].text)?.[0];
  }, 'the mail approving plan version 2', 20_000);
  const approved = await server.fetch(pathOf(link), { headers: { 'User-Agent': BROWSER }, redirect: 'manual' });
  expect(approved.status).toBe(302);
}

function stepLinks(server: ServerProcess, email: string): string[] {
  return server.outboxLinks(email).filter((link) => link.includes('/workflows/resume?') && link.endsWith('action=approve'));
}

function tokenOf(link: string): string | null {
  return new URL(link).searchParams.get('token');
}

async function reminderJobState(db: Db, runId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'approval.step-requested' AND data->>'reason' = 'remind' AND (data->>'runId')::int = $1`, [
    runId,
  ]);
  return rows[0]?.state;
}

async function timerDecisions(db: Db, runId: number): Promise<string[]> {
  const { rows } = await db.query<{ action: string }>(`SELECT action FROM approval_decisions WHERE run_id = $1 AND action IN ('remind', 'escalate', 'expire') ORDER BY id`, [runId]);
  return rows.map((row) => row.action);
}

/** The statuses of the reminder mails stored for `email`. */
async function reminders(db: Db, email: string): Promise<string[]> {
  const { rows } = await db.query<{ status: string }>(`SELECT status FROM mail_outbox WHERE to_address = $1 AND subject LIKE 'Reminder:%'`, [email]);
  return rows.map((row) => row.status);
}
