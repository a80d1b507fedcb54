import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { parseEml, waitFor } from '../helpers/mail-catcher.js';
import { createScratchDatabase, type ServerProcess, startServer } from '../helpers/server-process.js';
import { StoppableS3 } from '../helpers/stoppable-s3.js';
import { connect, ScenarioTable } from './fixtures.js';

/**
 * Issue #29 items 7 and 9: readiness tells the truth about every dependency, and writes that fail
 * on one that is out of service answer 503 with Retry-After, not 500. Real server processes: the
 * data folder on a small tmpfs that the test fills, s3rver stopped and frozen behind a proxy, and a
 * full database disk injected as PostgreSQL's own error (a trigger raising SQLSTATE 53100).
 */
describe('full disks and object storage outages', () => {
  const table = new ScenarioTable();
  let database: { url: string; drop: () => Promise<void> };
  let db: pg.Client;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase('faults_storage');
    db = await connect(database.url);
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.dispose()));
  });
  afterAll(async () => {
    await db?.end();
    await database?.drop();
    table.print('Full disks and object storage outages');
  });

  const start = async (env: Record<string, string>, dataDir?: string) => {
    const server = await startServer({ env: { DATABASE_URL: database.url, ...env }, dataDir });
    servers.push(server);
    return server;
  };

  it('the data folder full: health answers 503 saying so, the plan approval mail waits, and is written once when space returns', async (context) => {
    const mount = mkdtempSync(join(tmpdir(), 'faults-tmpfs-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mount], { stdio: 'ignore' });
    } catch {
      // Mounting needs root (CI runs as root); the database's full disk below is tested either way.
      rmSync(mount, { recursive: true, force: true });
      context.skip();
    }
    try {
      const server = await start({ HEALTH_MIN_FREE_DISK_MB: '1' }, mount);
      expect(await (await server.fetch('/api/health')).json()).toEqual({ status: 'ok', database: 'up', storage: 'up' });
      const email = `disk-${randomUUID()}@example.com`;
      const { accessToken: token } = await server.json<{ accessToken: string }>('POST', '/api/auth/register', undefined, {
        email,
        password: 'correct horse battery',
        name: 'Disk',
      });

      const filler = join(mount, 'filler');
      fillUntilFull(filler);
      const full = await server.fetch('/api/health');
      expect(full.status).toBe(503);
      expect(full.headers.get('retry-after')).toBe('5');
      expect(((await full.json()) as { message: string }).message).toMatch(/^Storage unavailable: (the disk is full \(ENOSPC\)|0\.\d MB free under .*)$/);

      // The plan is stored (the database is elsewhere); its mail cannot be written yet.
      const { workflowId } = await server.json<{ workflowId: string }>('POST', '/api/workflows', token, { goal: 'Write a LinkedIn post about backups.' });
      await server.waitForLog(/Mail \d+ to .*: attempt 1 failed \(ENOSPC/, 20_000);
      expect(approvalMails(mount, email, workflowId)).toBe(0);

      rmSync(filler);
      await waitFor(async () => (await server.fetch('/api/health')).status === 200, 'health to pass again', 10_000);
      await waitFor(() => Promise.resolve(approvalMails(mount, email, workflowId) === 1), 'the plan approval mail', 30_000);
      const jobs = await db.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'approval.plan-requested' AND data->>'workflowId' = $1`, [workflowId]);
      expect(jobs.rows.map((job) => job.state)).toEqual(['completed']);
      expect(approvalMails(mount, email, workflowId)).toBe(1);
      table.record('data folder full (tmpfs)', 'health 503 "Storage unavailable" + Retry-After; mail written once when space returned');
    } finally {
      await Promise.all(servers.splice(0).map((server) => server.dispose()));
      execFileSync('umount', [mount]);
      rmSync(mount, { recursive: true, force: true });
    }
  }, 120_000);

  it("the database's disk full: a write answers 503 with Retry-After, and succeeds once space is back", async () => {
    const server = await start({});
    const { accessToken: token } = await server.json<{ accessToken: string }>('POST', '/api/auth/register', undefined, {
      email: `dbdisk-${randomUUID()}@example.com`,
      password: 'correct horse battery',
      name: 'Database disk',
    });
    // PostgreSQL's own error for a table it cannot extend, raised where a write of a workflow lands.
    await db.query(`CREATE FUNCTION refuse_for_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file "base/1/2": No space left on device' USING ERRCODE = '53100'; END $$`);
    await db.query('CREATE TRIGGER disk_full BEFORE INSERT ON workflows FOR EACH ROW EXECUTE FUNCTION refuse_for_disk_full()');
    try {
      const refused = await server.fetch('/api/workflows', { method: 'POST', token, json: { goal: 'Write a LinkedIn post about backups.' } });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(((await refused.json()) as { message: string }).message).toBe("Database unavailable: the database's disk is full");
    } finally {
      await db.query('DROP TRIGGER disk_full ON workflows');
      await db.query('DROP FUNCTION refuse_for_disk_full()');
    }
    const accepted = await server.fetch('/api/workflows', { method: 'POST', token, json: { goal: 'Write a LinkedIn post about backups.' } });
    expect(accepted.status).toBe(201);
    table.record("database's disk full (53100)", 'write 503 + Retry-After, not 500; 201 once space is back');
  });

  it('object storage stopped, then frozen: health answers 503 naming it within its deadline, and 200 once it is back', async () => {
    const s3 = new StoppableS3();
    await s3.open();
    try {
      const server = await start({
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
        S3_BUCKET: 'faults-health',
        S3_REQUEST_TIMEOUT_MS: '1000',
      });
      expect(await (await server.fetch('/api/health')).json()).toEqual({ status: 'ok', database: 'up', storage: 'up' });

      await s3.stop();
      const stopped = await server.fetch('/api/health');
      expect(stopped.status).toBe(503);
      expect(stopped.headers.get('retry-after')).toBe('5');
      expect(((await stopped.json()) as { message: string }).message).toBe('Storage unavailable: connection refused');
      await s3.start();
      await waitFor(async () => (await server.fetch('/api/health')).status === 200, 'health to pass once the store is back', 10_000);

      // A store that accepts and never answers: the client's own timeout (1 s here) ends the request.
      s3.freeze();
      const began = Date.now();
      const frozen = await server.fetch('/api/health');
      expect(frozen.status).toBe(503);
      expect(((await frozen.json()) as { message: string }).message).toBe('Storage unavailable: connection timed out');
      expect(Date.now() - began).toBeLessThan(2_000);
      await s3.start();
      await waitFor(async () => (await server.fetch('/api/health')).status === 200, 'health to pass once the store answers again', 10_000);
      table.record('object storage stopped', 'health 503 "Storage unavailable: connection refused"; 200 when back');
      table.record('object storage frozen', 'health 503 "connection timed out" after S3_REQUEST_TIMEOUT_MS; 200 when back');
    } finally {
      await Promise.all(servers.splice(0).map((server) => server.dispose()));
      await s3.close();
    }
  }, 90_000);
});

/** Writes zeros into `path` until the file system refuses (ENOSPC). */
function fillUntilFull(path: string): void {
  const chunk = Buffer.alloc(256 * 1024);
  const fd = openSync(path, 'w');
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

/** The plan approval mails for `workflowId` to `to` in the data folder's outbox. */
function approvalMails(dataDir: string, to: string, workflowId: string): number {
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return 0;
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => parseEml(readFileSync(join(outbox, name), 'utf8')))
    .filter((mail) => (mail.headers.to ?? '').includes(to) && mail.text.includes(`/workflows/${workflowId}/approve?token=`)).length;
}
