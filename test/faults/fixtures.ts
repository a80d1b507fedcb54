import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { BROWSER, pathOf, waitFor } from '../helpers/mail-catcher.js';
import { createScratchDatabase, type ServerProcess, startServer } from '../helpers/server-process.js';

export interface ActiveWorkflow {
  token: string;
  email: string;
  workflowId: string;
}

/** Signs up on `server`, creates a workflow from `goal` and approves its plan through the mailed link. */
export async function activeWorkflow(server: ServerProcess, goal: string, schedule?: string): Promise<ActiveWorkflow> {
  const email = `fault-${randomUUID()}@example.com`;
  const { accessToken: token } = await server.json<{ accessToken: string }>('POST', '/api/auth/register', undefined, {
    email,
    password: 'correct horse battery',
    name: 'Fault',
  });
  const { workflowId } = await server.json<{ workflowId: string }>('POST', '/api/workflows', token, { goal, ...(schedule ? { schedule } : {}) });
  const link = await waitFor(
    () => Promise.resolve(server.outboxLinks(email).find((candidate) => candidate.includes(`/workflows/${workflowId}/approve?token=`))),
    'the plan approval mail in the outbox',
    15_000,
  );
  const approved = await server.fetch(pathOf(link), { headers: { 'User-Agent': BROWSER }, redirect: 'manual' });
  if (approved.status !== 302) throw new Error(`plan approval answered ${approved.status}`);
  return { token, email, workflowId };
}

/** A client on a scratch database, for asserting end states. */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Waits until the run is `completed` (a `failed` run fails the wait at once). */
export function runCompleted(db: pg.Client, runId: number, timeoutMs = 60_000): Promise<true> {
  return waitFor(
    async () => {
      const { rows } = await db.query<{ status: string; reason: string | null }>('SELECT status, reason FROM workflow_runs WHERE id = $1', [runId]);
      if (rows[0]?.status === 'failed') throw new Error(`run ${runId} failed: ${rows[0].reason}`);
      return rows[0]?.status === 'completed' ? (true as const) : undefined;
    },
    `run ${runId} to complete`,
    timeoutMs,
  );
}

/** Every message of the run's conversation stored exactly once, and assets per (step, type) at most once. */
export async function duplicatesOf(db: pg.Client, runId: number): Promise<{ messages: number; assets: number }> {
  const messages = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM (SELECT message_id FROM messages m JOIN workflow_runs r ON r.conversation_id = m.conversation_id
       WHERE r.id = $1 GROUP BY message_id HAVING count(*) > 1) d`,
    [runId],
  );
  const assets = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM (SELECT type FROM assets WHERE run_id = $1 GROUP BY type HAVING count(*) > 1) d',
    [runId],
  );
  return { messages: messages.rows[0].count, assets: assets.rows[0].count };
}

/** The table of scenarios and outcomes a fault file prints at its end. */
export class ScenarioTable {
  private readonly rows: [string, string][] = [];

  record(scenario: string, outcome: string): void {
    this.rows.push([scenario, outcome]);
  }

  print(title: string): void {
    const width = Math.max(...this.rows.map(([scenario]) => scenario.length), 8);
    console.log([`\n${title}`, ...this.rows.map(([scenario, outcome]) => `${scenario.padEnd(width)} | ${outcome}`)].join('\n'));
  }
}

/** Server processes on a scratch database of one fault file, with a client on it for assertions. */
export interface FaultCluster {
  readonly db: pg.Client;
  /** The file's database, for a second client (one holding a lock while the other writes). */
  readonly url: string;
  readonly table: ScenarioTable;
  /** Starts a server on the file's database; `env` on top of the file's defaults. */
  start: (env?: Record<string, string>) => Promise<ServerProcess>;
}

/**
 * Registers the hooks of a fault file: its database, a data folder every process shares (any of
 * them may deliver a mail into the outbox), no process left running when a scenario starts (the
 * one a scenario kills must be the one doing the work), and the table of outcomes at the end.
 */
export function faultCluster(title: string, defaults: Record<string, string>): FaultCluster {
  const table = new ScenarioTable();
  const servers: ServerProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-'));
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let client: pg.Client | undefined;

  beforeAll(async () => {
    database = await createScratchDatabase('faults');
    client = await connect(database.url);
  });
  beforeEach(async () => {
    await Promise.all(servers.map((server) => server.dispose()));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.dispose()));
    await client?.end();
    await database?.drop();
    table.print(title);
  });

  return {
    get db() {
      if (!client) throw new Error('the fault cluster is not set up yet');
      return client;
    },
    get url() {
      if (!database) throw new Error('the fault cluster is not set up yet');
      return database.url;
    },
    table,
    start: async (env = {}) => {
      const server = await startServer({ env: { ...defaults, DATABASE_URL: database?.url, ...env }, dataDir });
      servers.push(server);
      return server;
    },
  };
}

export interface Follower {
  /** `text-delta` chunks received so far. */
  deltas(): number;
  /** The whole body once the response ends; rejects when the connection breaks. */
  body: Promise<string>;
}

/** Reads an SSE response as it arrives, so a test can act mid-reply. */
export function follow(response: Response): Follower {
  let raw = '';
  const decoder = new TextDecoder();
  const body = (async () => {
    for await (const bytes of response.body!) raw += decoder.decode(bytes, { stream: true });
    return raw;
  })();
  body.catch(() => undefined);
  return { deltas: () => raw.split('"type":"text-delta"').length - 1, body };
}

/** The promise, or a rejection naming `what` when it has not settled within `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
