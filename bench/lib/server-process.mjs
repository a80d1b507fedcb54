import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { scratchDir } from './scratch.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const READY_TIMEOUT_MS = 60_000;
/** The Node flags production starts the app with (`npm run start:prod`, the Dockerfile). */
const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=6'];
const STOP_TIMEOUT_MS = 15_000;

/**
 * The environment of a built app process: only what is set here (no model keys, and a scratch
 * working directory so no `.env` is read), so it runs the offline model.
 */
function serverEnv(databaseUrl, env) {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: scratchDir('bench-data-'),
    DASHBOARD_DIR: join(root, 'dist/dashboard'),
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdefghijklmnop',
    APPROVAL_TOKEN_SECRET: 'bench-approval-secret-0123456789abcdefghij',
    // Production requires it (the teams' MCP secrets are encrypted with it).
    SECRETS_ENCRYPTION_KEY: 'bench-secrets-key-0123456789abcdefghijklm',
    // No mail server here: production refuses to start without SMTP_URL unless files are chosen on purpose.
    MAIL_DELIVERY: 'outbox',
    RATE_LIMIT_FREE: '100000000',
    // One bench user holds hundreds of streams at once (bench:resume's 200 clients).
    OPEN_STREAMS_PER_USER: '100000',
    OPEN_STREAMS_PER_TEAM: '100000',
    WORKFLOW_PLANS_PER_HOUR_FREE: '100000000',
    RUN_STARTS_PER_HOUR_FREE: '100000000',
    MIN_SCHEDULE_INTERVAL_SECONDS_FREE: '1',
    MONTHLY_TOKENS_FREE: '0',
    // One team's runs are not held to the plan's few at a time: the executors' own limit is the only one.
    RUN_CONCURRENCY_FREE: '1000',
    ...env,
  };
}

/** Applies the migrations to `databaseUrl` with the built `migration:run`. */
export async function migrateBenchDatabase(databaseUrl) {
  await promisify(execFile)(process.execPath, [join(root, 'dist/src/database/migrate.js')], {
    cwd: tmpdir(),
    env: serverEnv(databaseUrl, { LOG_LEVEL: 'warn' }),
  });
}

/** A TCP port on 127.0.0.1 that nothing listens on now. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the built app (`dist/src/main.js`) as its own process, as production runs it, and
 * resolves once it listens. Every pino line it writes is parsed and handed to `onLog` (its
 * level defaults to info: LOG_LEVEL in `env` changes it). `stop()` sends SIGTERM and waits for
 * the exit (SIGKILL after 15 s). `dist`: another build to start (another commit's, to compare).
 */
export async function startServerProcess(databaseUrl, { env = {}, onLog = () => undefined, dist = join(root, 'dist') } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, join(dist, 'src/main.js')], {
    cwd: scratchDir('bench-cwd-'),
    env: serverEnv(databaseUrl, { PORT: String(port), LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));

  const ready = new Promise((resolve, reject) => {
    let pending = '';
    child.stdout.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop();
      for (const line of lines) {
        let entry;
        try {
          entry = JSON.parse(line);
        } catch {
          continue;
        }
        onLog(entry);
        if (typeof entry.msg === 'string' && entry.msg.startsWith('Listening on')) resolve();
      }
    });
    void exited.then((status) => reject(new Error(`the server exited (${status}) before it listened: ${stderr}`)));
    setTimeout(() => reject(new Error(`the server did not listen within ${READY_TIMEOUT_MS / 1000} s: ${stderr}`)), READY_TIMEOUT_MS).unref();
  });
  try {
    await ready;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  return {
    pid: child.pid,
    base: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(killer);
    },
  };
}
