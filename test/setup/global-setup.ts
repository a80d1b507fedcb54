import { execFileSync, type StdioOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres.js';
import { PARALLEL_WORKERS, workerDatabaseUrl } from './test-databases.js';

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Creates a fresh database for this run and drops it afterwards. The server is TEST_DATABASE_URL,
 * else the local PostgreSQL on 127.0.0.1:5432; if none answers there, an embedded PostgreSQL is
 * started for the run, so `npm test` works on a machine with nothing installed.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverBuild = buildServer();
  let serverUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_SERVER;
  let stopServer: (() => Promise<void>) | undefined;
  if (!process.env.TEST_DATABASE_URL && !(await answers(serverUrl))) {
    const embedded = await startEmbeddedPostgres(mkdtempSync(join(tmpdir(), 'assistant-test-pg-')));
    serverUrl = embedded.url.replace(/\/[^/]*$/, '/postgres');
    stopServer = () => embedded.stop();
  }
  // One database for the run (the fault files make scratch databases next to it) and one for each
  // worker of the parallel group.
  const runUrl = serverUrl.replace(/\/[^/]*$/, `/assistant_test_${Date.now()}_${process.pid}`);
  const databases = [runUrl, ...Array.from({ length: PARALLEL_WORKERS }, (_, index) => workerDatabaseUrl(runUrl, index + 1))].map((url) => new URL(url).pathname.slice(1));
  await withClient(serverUrl, async (client) => {
    for (const name of databases) await client.query(`CREATE DATABASE ${name}`);
  });
  process.env.DATABASE_URL = runUrl;
  process.env.TEST_RUN_DATABASE_URL = runUrl;

  return async () => {
    rmSync(serverBuild, { recursive: true, force: true });
    await withClient(serverUrl, async (client) => {
      for (const name of databases) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
    await stopServer?.();
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await withClient(url, (client) => client.query('SELECT 1'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Process tests run the compiled server, and the browser test the built dashboard: both built
 * once per run, before any file starts, into a folder of the run's own (inside the project, so
 * the server's imports find node_modules), which SERVER_DIST and DASHBOARD_BUILD name to the
 * tests. Types are checked by `npm run typecheck`, not here.
 */
function buildServer(): string {
  const outDir = join('.test-build', `run-${process.pid}`);
  const output: StdioOptions = ['ignore', 'inherit', 'inherit'];
  execFileSync('node_modules/.bin/tsc', ['-p', 'tsconfig.build.json', '--noCheck', '--outDir', outDir], { stdio: output });
  const dashboard = join(outDir, 'dashboard');
  execFileSync('node_modules/.bin/vite', ['build', '--config', 'dashboard/vite.config.ts', '--outDir', resolve(dashboard), '--logLevel', 'error'], { stdio: output });
  process.env.SERVER_DIST = outDir;
  process.env.DASHBOARD_BUILD = resolve(dashboard);
  return outDir;
}
