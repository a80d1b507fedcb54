import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/database/embedded-postgres.js';
import { waitFor } from '../helpers/mail-catcher.js';
import { type ServerProcess, startServer } from '../helpers/server-process.js';
import { activeWorkflow, ScenarioTable } from './fixtures.js';

const THREE_STEPS = 'Outline a LinkedIn post about resilience. Then write the LinkedIn post. Then make an image for it.';

/**
 * Issue 14, "database faults": the database killed or frozen while a run executes. The server
 * process lives on, answers 503 while the database is away, logs the outage a few times rather
 * than per attempt, and the run still ends (completed, or failed with a reason). The database is
 * a throwaway embedded PostgreSQL this file starts (and owns: killed, it is restarted).
 */
describe('the database killed or frozen mid-run', () => {
  const table = new ScenarioTable();
  let database: EmbeddedDatabase;
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'faults-database-'));
    database = await startEmbeddedPostgres(dataDir);
    server = await startServer({ env: { DATABASE_URL: database.url, OFFLINE_MODEL_CHUNK_DELAY_MS: '40', RUN_SWEEP_SECONDS: '2' }, dataDir });
  }, 120_000);
  afterAll(async () => {
    await server.dispose();
    await database.stop();
    table.print('Database faults');
  });

  const postmaster = () => Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  /** Reads with a connection of its own each time: the database may have been away since. */
  const query = async <T extends pg.QueryResultRow>(sql: string, values: unknown[]): Promise<T[]> => {
    const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      return (await client.query<T>(sql, values)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const runEnded = (runId: number) =>
    waitFor(
      async () => {
        const [run] = await query<{ status: string; reason: string | null }>('SELECT status, reason FROM workflow_runs WHERE id = $1', [runId]).catch(() => []);
        return run && (run.status === 'completed' || run.status === 'failed') ? run : undefined;
      },
      `run ${runId} to end`,
      90_000,
    );
  const startRun = async () => {
    const { token, workflowId } = await activeWorkflow(server, THREE_STEPS);
    const { runId } = await server.json<{ runId: number }>('POST', `/api/workflows/${workflowId}/run`, token);
    await waitFor(
      async () => (await query(`SELECT 1 FROM run_steps WHERE run_id = $1 AND step_index = 1 AND status = 'running'`, [runId])).length,
      'step 1 running',
      30_000,
    );
    return runId;
  };
  const errorLines = (from: number) => server.logs.slice(from).split('\n').filter((line) => /"level":50/.test(line)).length;

  it('killed (-9) for a moment: the server lives on and the run ends', async () => {
    const runId = await startRun();
    const logFrom = server.logs.length;
    const killed = postmaster();
    process.kill(killed, 'SIGKILL');
    await waitFor(async () => (await server.fetch('/api/health')).status === 503, 'health to report the outage', 10_000);
    await waitFor(async () => (await server.fetch('/api/health')).status === 200, 'health to recover', 60_000);
    const run = await runEnded(runId);
    expect(server.running).toBe(true);
    expect(run.status === 'completed' || Boolean(run.reason)).toBe(true);
    const duplicated = await query('SELECT message_id FROM messages m JOIN workflow_runs r ON r.conversation_id = m.conversation_id WHERE r.id = $1 GROUP BY message_id HAVING count(*) > 1', [runId]);
    expect(duplicated).toEqual([]);
    const errors = errorLines(logFrom);
    expect(errors).toBeLessThan(30);
    table.record('database killed -9 mid-run', `server alive; run ${run.status}${run.reason ? ` (${run.reason})` : ''}; ${errors} error lines`);
  }, 150_000);

  it('frozen (SIGSTOP) for 6 s: requests answer 503 quickly instead of hanging, and the run ends after it thaws', async () => {
    const runId = await startRun();
    const logFrom = server.logs.length;
    const frozen = [postmaster(), ...childrenOf(postmaster())];
    for (const pid of frozen) signal(pid, 'SIGSTOP');
    const frozenAt = Date.now();
    let health: Response;
    try {
      const asked = Date.now();
      health = await server.fetch('/api/health');
      expect(health.status).toBe(503);
      expect(Date.now() - asked).toBeLessThan(6_000);
      // The outage itself is what is under test: it lasts 6 s whatever the server does.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 6_000 - (Date.now() - frozenAt))));
    } finally {
      for (const pid of frozen) signal(pid, 'SIGCONT');
    }
    await waitFor(async () => (await server.fetch('/api/health')).status === 200, 'health to recover', 60_000);
    const run = await runEnded(runId);
    expect(server.running).toBe(true);
    expect(run.status === 'completed' || Boolean(run.reason)).toBe(true);
    const errors = errorLines(logFrom);
    expect(errors).toBeLessThan(30);
    table.record('database frozen 6 s mid-run', `health 503 while frozen; server alive; run ${run.status}${run.reason ? ` (${run.reason})` : ''}; ${errors} error lines`);
  }, 150_000);
});

/** Signals a process that may have exited meanwhile (a backend ending its connection). */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** The processes whose parent is `pid` (PostgreSQL's backends and workers). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent's pid; the command name before it may hold spaces.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}
