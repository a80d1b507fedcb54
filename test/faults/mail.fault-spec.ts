import { randomUUID } from 'node:crypto';
import { type TestSmtpServer, startSmtpServer, waitFor } from '../helpers/mail-catcher.js';
import type { ServerProcess } from '../helpers/server-process.js';
import { faultCluster } from './fixtures.js';

/**
 * Issue #29 items 7 and 8: every approval mail is sent, once, whatever failed on the way: a mail
 * job left `active` by a worker that died is handed out again, and mails that waited out an SMTP
 * outage go as soon as the server answers again, not at their next retry an hour later. Real
 * server processes, the project's SMTP catcher stopped and started on the same port.
 */
describe('mail through outages', () => {
  const cluster = faultCluster('Mail through outages', {});
  const { start, table } = cluster;

  it('a plan approval job left active by a worker that died is handed out again, and its mail is sent once', async () => {
    const first = await start();
    const { email, token } = await signUpOn(first);
    // The job's handler stops at the outbox (the table is locked), so its job is active when the worker dies.
    await cluster.db.query('BEGIN');
    await cluster.db.query('LOCK TABLE mail_outbox IN ACCESS EXCLUSIVE MODE');
    let workflowId: string;
    try {
      ({ workflowId } = await first.json<{ workflowId: string }>('POST', '/api/workflows', token, { goal: 'Write a LinkedIn post about retries.' }));
      await waitFor(() => jobState(cluster.db, workflowId).then((state) => state === 'active'), 'the plan approval job active', 20_000);
      first.kill('SIGKILL');
      await first.exited();
    } finally {
      await cluster.db.query('ROLLBACK');
    }
    const second = await start();
    const began = Date.now();
    await waitFor(() => Promise.resolve(approvalLinks(second, email, workflowId).length > 0), 'the plan approval mail', 60_000);
    const seconds = Math.round((Date.now() - began) / 1000);
    await waitFor(() => jobState(cluster.db, workflowId).then((state) => state === 'completed'), 'the job completed', 20_000);
    const stored = await cluster.db.query(`SELECT 1 FROM mail_outbox WHERE to_address = $1 AND subject LIKE 'Approve the plan%'`, [email]);
    expect(stored.rowCount).toBe(1);
    expect(approvalLinks(second, email, workflowId)).toHaveLength(1);
    table.record('worker killed mid mail job', `job handed out again; mail sent once, ${seconds} s after the second instance started`);
  }, 120_000);

  it('mails waiting on an SMTP outage go within a minute of the server answering again', async () => {
    let smtp: TestSmtpServer = await startSmtpServer();
    const port = smtp.port;
    await smtp.close();
    const server = await start({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_DELIVERY: 'smtp' });
    try {
      const { email, token } = await signUpOn(server);
      const { workflowId } = await server.json<{ workflowId: string }>('POST', '/api/workflows', token, { goal: 'Write a LinkedIn post about outages.' });
      await server.waitForLog(/Mail \d+ to .*: attempt 1 failed \((ECONNECTION|ECONNREFUSED|ESOCKET)/, 30_000);
      // The address's e-mail verification fails too, before or after: the plan approval's own first failure is waited for.
      const approvalFailed = `SELECT 1 FROM mail_outbox WHERE to_address = $1 AND subject LIKE 'Approve the plan%' AND status = 'pending' AND last_error IS NOT NULL`;
      await waitFor(async () => (await cluster.db.query(approvalFailed, [email])).rowCount === 1, 'the plan approval mail failed once', 30_000);
      // Where a long outage leaves a mail: four attempts failed, the next an hour away (not waited for here).
      const waiting = await cluster.db.query(
        `UPDATE mail_outbox SET attempts = 4, next_attempt_at = now() + interval '1 hour' WHERE to_address = $1 AND subject LIKE 'Approve the plan%' AND status = 'pending' AND last_error IS NOT NULL`,
        [email],
      );
      expect(waiting.rowCount).toBe(1);
      smtp = await startSmtpServer(port);
      const back = Date.now();
      await waitFor(() => Promise.resolve(smtp.messages.some((message) => message.to.includes(email))), 'the approval mail at the SMTP server', 60_000);
      const seconds = Math.round((Date.now() - back) / 1000);
      expect(seconds).toBeLessThan(60);
      expect(smtp.messages.filter((message) => message.to.includes(email) && message.raw.includes(workflowId))).toHaveLength(1);
      table.record('SMTP down, then back', `waiting mail sent ${seconds} s after the server answered (its retry was 1 h away)`);
    } finally {
      await server.dispose();
      await smtp.close();
    }
  }, 150_000);
});

async function signUpOn(server: ServerProcess): Promise<{ email: string; token: string }> {
  const email = `mail-${randomUUID()}@example.com`;
  const { accessToken: token } = await server.json<{ accessToken: string }>('POST', '/api/auth/register', undefined, {
    email,
    password: 'correct horse battery',
    name: 'Mail',
  });
  return { email, token };
}

async function jobState(db: { query: (sql: string, values: unknown[]) => Promise<{ rows: { state: string }[] }> }, workflowId: string): Promise<string | undefined> {
  const { rows } = await db.query(`SELECT state FROM pgboss.job WHERE name = 'approval.plan-requested' AND data->>'workflowId' = $1`, [workflowId]);
  return rows[0]?.state;
}

function approvalLinks(server: ServerProcess, email: string, workflowId: string): string[] {
  return server.outboxLinks(email).filter((link) => link.includes(`/workflows/${workflowId}/approve?token=`));
}
