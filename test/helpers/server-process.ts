import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { LEAST_PASSWORD_HASH_COST, ROOMY_QUOTAS, TEST_ENV } from '../setup/test-env.js';
import { linksIn, parseEml, waitFor } from './mail-catcher.js';
import { freePort } from './ports.js';

/** The built entry point (`npm run build`); the suite's global setup builds it once. */
export const SERVER_ENTRY = join(process.env.SERVER_DIST ?? 'dist', 'src', 'main.js');

export interface ServerOptions {
  /** Environment on top of the defaults below; DATABASE_URL defaults to the test run's database. */
  env?: Record<string, string | undefined>;
  /** Data folder (outbox, embedded PostgreSQL); a new temporary one by default. */
  dataDir?: string;
  /** Wait until /api/health answers 200 (default true). */
  healthy?: boolean;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The built server as a child process, as an operator runs it: its logs, its signals, its exit. */
export class ServerProcess {
  private output = '';
  readonly exit: Promise<Exit>;

  constructor(
    readonly child: ChildProcess,
    readonly port: number,
    readonly dataDir: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    // 'close', not 'exit': it comes after the last of the process's output has been read.
    this.exit = new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Everything the process wrote to stdout and stderr so far. */
  get logs(): string {
    return this.output;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves with the first log line matching `pattern`. */
  waitForLog(pattern: RegExp, timeoutMs = 15_000): Promise<string> {
    return waitFor(
      () => {
        if (!this.running) throw new Error(`the server exited before logging ${String(pattern)}:\n${this.output.slice(-3000)}`);
        return Promise.resolve(this.output.split('\n').find((line) => pattern.test(line)));
      },
      `a log line matching ${String(pattern)}`,
      timeoutMs,
    );
  }

  async exited(timeoutMs = 30_000): Promise<Exit> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the server did not exit within ${timeoutMs} ms:\n${this.output.slice(-3000)}`)), timeoutMs);
    });
    try {
      return await Promise.race([this.exit, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    if (this.running) this.child.kill(signal);
  }

  /** Kills the process if it still runs and waits for it: for `finally` blocks. */
  async dispose(): Promise<void> {
    this.kill('SIGKILL');
    await this.exit;
  }

  fetch(path: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<Response> {
    const { token, json, headers, ...rest } = init;
    return fetch(`${this.base}${path}`, {
      ...rest,
      headers: {
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(headers as Record<string, string> | undefined),
      },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  }

  /** A JSON request that must succeed. */
  async json<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const response = await this.fetch(path, { method, token, json: body });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** The links of the mails to `to` written to the server's outbox folder. */
  outboxLinks(to: string): string[] {
    const outbox = join(this.dataDir, 'outbox');
    if (!existsSync(outbox)) return [];
    return readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => parseEml(readFileSync(join(outbox, name), 'utf8')))
      .filter((mail) => (mail.headers.to ?? '').includes(to))
      .flatMap((mail) => linksIn(mail.text));
  }
}

/** Starts `node dist/src/main.js` on a free port with the test secrets and a fast offline model. */
export async function startServer({ env = {}, dataDir, healthy = true }: ServerOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const folder = dataDir ?? mkdtempSync(join(tmpdir(), 'assistant-process-'));
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: withoutUndefined({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: process.env.DATABASE_URL,
      DATA_DIR: folder,
      PORT: String(port),
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_POOL_MAX: TEST_ENV.DATABASE_POOL_MAX,
      DATABASE_QUEUE_POOL_MAX: TEST_ENV.DATABASE_QUEUE_POOL_MAX,
      JWT_SECRET: TEST_ENV.JWT_SECRET,
      APPROVAL_TOKEN_SECRET: TEST_ENV.APPROVAL_TOKEN_SECRET,
      APPROVAL_DIGEST: TEST_ENV.APPROVAL_DIGEST,
      RATE_LIMIT_FREE: '1000',
      // Sign-ups and sign-ins per address: with REDIS_URL the count is shared by every test run
      // on this machine (all from 127.0.0.1), so the default 30 a minute is reached by others' runs.
      LOGIN_RATE_LIMIT_PER_IP: '1000',
      ...ROOMY_QUOTAS,
      ...LEAST_PASSWORD_HASH_COST,
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = new ServerProcess(child, port, folder);
  if (healthy) {
    // A server that never got healthy (it could not bind, or the machine is too busy) is not left running.
    await waitForHealth(server, 90_000).catch(async (error: unknown) => {
      await server.dispose();
      throw error;
    });
  }
  return server;
}

export async function waitForHealth(server: ServerProcess, timeoutMs = 30_000): Promise<void> {
  await waitFor(
    async () => {
      if (!server.running) throw new Error(`the server exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.logs.slice(-3000)}`);
      try {
        return (await fetch(`${server.base}/api/health`)).ok;
      } catch {
        return false;
      }
    },
    `a healthy server on port ${server.port}`,
    timeoutMs,
  );
}

/**
 * A database of its own on the test server for one file of process tests, so files can run in
 * parallel; dropped by the returned function.
 */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const runUrl = process.env.DATABASE_URL;
  if (!runUrl) throw new Error('DATABASE_URL is not set (the global setup sets it)');
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const serverUrl = runUrl.replace(/\/[^/]*$/, '/postgres');
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return { url: runUrl.replace(/\/[^/]*$/, `/${name}`), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function withoutUndefined(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
