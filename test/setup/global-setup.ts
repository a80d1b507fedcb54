import { execFileSync, type StdioOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
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
  buildServer();
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
 * Process tests run the compiled server, and the browser test the built dashboard, which
 * SERVER_DIST and DASHBOARD_BUILD name to the tests. Both are built into a folder named after a
 * hash of their sources (inside the project, so the server's imports find node_modules) and kept:
 * a run whose sources are unchanged since the last one reuses that build, so running one file
 * again costs seconds, not a rebuild. Types are checked by `npm run typecheck`, not here.
 * A run started with SERVER_DIST set (.ci/run, right after its `npm run build`) uses that build
 * as it is: the same sources built a second time would cost CI a minute for nothing.
 */
function buildServer(): void {
  const given = process.env.SERVER_DIST;
  if (given) {
    if (!existsSync(join(given, 'src', 'main.js'))) throw new Error(`SERVER_DIST=${given} holds no built server (src/main.js)`);
    process.env.DASHBOARD_BUILD = resolve(given, 'dashboard');
    return;
  }
  const buildRoot = '.test-build';
  const outDir = join(buildRoot, sourcesHash());
  if (!existsSync(join(outDir, BUILD_COMPLETE))) {
    // Built beside and renamed when whole, so a run interrupted mid-build, or another run building
    // the same sources at the same time, never leaves a half build that looks reusable.
    const scratch = join(buildRoot, `building-${process.pid}-${Date.now()}`);
    const output: StdioOptions = ['ignore', 'inherit', 'inherit'];
    execFileSync('node_modules/.bin/tsc', ['-p', 'tsconfig.build.json', '--noCheck', '--outDir', scratch], { stdio: output });
    execFileSync('node_modules/.bin/vite', ['build', '--config', 'dashboard/vite.config.ts', '--outDir', resolve(scratch, 'dashboard'), '--logLevel', 'error'], {
      stdio: output,
    });
    writeFileSync(join(scratch, BUILD_COMPLETE), '');
    try {
      renameSync(scratch, outDir);
    } catch {
      rmSync(scratch, { recursive: true, force: true }); // another run finished the same build first
    }
  }
  const now = new Date();
  utimesSync(outDir, now, now); // marks it in use, so a run of other sources does not prune it
  pruneOldBuilds(buildRoot, outDir);
  process.env.SERVER_DIST = outDir;
  process.env.DASHBOARD_BUILD = resolve(outDir, 'dashboard');
}

const BUILD_COMPLETE = '.complete';
/** What the server and dashboard builds are made from. */
const BUILD_INPUTS = ['src', 'migrations', 'dashboard', 'README.md', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

function sourcesHash(): string {
  const hash = createHash('sha256');
  const files = BUILD_INPUTS.flatMap((input) =>
    statSync(input).isDirectory() ? readdirSync(input, { recursive: true, encoding: 'utf8' }).map((name) => join(input, name)) : [input],
  );
  for (const file of files.sort()) {
    if (!statSync(file).isFile()) continue;
    hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Builds of other sources are dropped once an hour old, leaving any that a concurrent run of other sources uses. */
function pruneOldBuilds(buildRoot: string, current: string): void {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(buildRoot)) {
    const dir = join(buildRoot, name);
    if (dir !== current && statSync(dir).mtimeMs < hourAgo) rmSync(dir, { recursive: true, force: true });
  }
}
