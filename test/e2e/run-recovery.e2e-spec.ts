import { freePort } from '../helpers/ports.js';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { api } from '../helpers/api.js';
import { linksIn, parseEml, startSmtpServer, type TestSmtpServer, waitFor } from '../helpers/mail-catcher.js';
import { signUp } from '../helpers/users.js';
import { BROWSER, createWorkflow, mailTo, pathOf } from '../helpers/workflows.js';
import { createTestApp, TEST_ENV } from '../setup/create-test-app.js';

const THREE_STEPS = 'Outline a LinkedIn post about resilience. Then write the LinkedIn post. Then make an image for it.';

beforeAll(() => {
  execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
}, 120_000);

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
    const first = await startServer();
    let second: Server | undefined;
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
        () => Promise.resolve(outboxLinks(first.dataDir, email).find((link) => link.includes(`/workflows/${workflowId}/approve?token=`))),
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
      first.process.kill('SIGKILL');
      await exited(first.process, 10_000);

      second = await startServer();
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
      if (first.process.exitCode === null && first.process.signalCode === null) first.process.kill('SIGKILL');
      if (second) {
        second.process.kill('SIGTERM');
        await exited(second.process, 30_000);
      }
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
      await new Promise((resolve) => setTimeout(resolve, 7_000));

      const dataSource = firstApp.get(DataSource);
      const runs: { trigger: string }[] = await dataSource.query('SELECT trigger FROM workflow_runs WHERE workflow_id = $1', [workflowId]);
      expect(runs.length).toBeGreaterThanOrEqual(2);
      expect(runs.every((run) => run.trigger === 'schedule')).toBe(true);
      const doubled: unknown[] = await dataSource.query(
        'SELECT scheduled_for, count(*)::int AS count FROM workflow_runs WHERE workflow_id = $1 GROUP BY scheduled_for HAVING count(*) > 1',
        [workflowId],
      );
      expect(doubled).toEqual([]);

      // Stop the schedule: delete the workflow (refused while a run is in progress, so try again).
      await waitFor(
        async () => (await api(firstApp, user).delete(`/api/workflows/${workflowId}`)).status === 200,
        'the workflow to be deleted',
        10_000,
      );
      // The delete makes the first instance re-read the workflow's schedule; let that finish
      // before the apps close (RunSchedulerService.sync does not catch a closed pool).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }, 40_000);
  });
});

interface Server {
  process: ChildProcess;
  base: string;
  dataDir: string;
  json<T>(method: string, path: string, token?: string, body?: unknown): Promise<T>;
}

/** The built server as a child process on the test run's database, mail going to its outbox folder. */
async function startServer(): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'assistant-recovery-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: process.env.DATABASE_URL,
      DATA_DIR: dataDir,
      PORT: String(port),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JWT_SECRET: TEST_ENV.JWT_SECRET,
      APPROVAL_TOKEN_SECRET: TEST_ENV.APPROVAL_TOKEN_SECRET,
      OFFLINE_MODEL_CHUNK_DELAY_MS: '40',
      RATE_LIMIT_FREE: '1000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
      try {
        return (await fetch(`${base}/api/health`)).ok;
      } catch {
        return false;
      }
    },
    `the server on port ${port}`,
    30_000,
  );
  return {
    process: child,
    base,
    dataDir,
    async json<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}

/** The links of the mails to `to` written to the server's outbox folder. */
function outboxLinks(dataDir: string, to: string): string[] {
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => parseEml(readFileSync(join(outbox, name), 'utf8')))
    .filter((mail) => (mail.headers.to ?? '').includes(to))
    .flatMap((mail) => linksIn(mail.text));
}

function exited(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('process did not exit')), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
