import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/database/embedded-postgres.js';
import { type ServerProcess, startServer, waitForHealth } from '../helpers/server-process.js';
import { waitFor } from '../helpers/mail-catcher.js';
import { connect } from './fixtures.js';

/** The fleet's role may hold this many connections: the PostgreSQL a small fleet shares, full. */
const ROLE_CONNECTION_LIMIT = 14;
const POOLS = { DATABASE_POOL_MAX: '4', DATABASE_QUEUE_POOL_MAX: '2' };
/** Every connection an instance holds: its pool, the queue's pool, the queue's LISTEN and the session feed. */
const PER_INSTANCE = Number(POOLS.DATABASE_POOL_MAX) + Number(POOLS.DATABASE_QUEUE_POOL_MAX) + 2;

/**
 * Issue 29, "sized for a fleet": an instance holds the connections its configured pools allow
 * (docs/operations.md gives the formula against max_connections), and one that finds the database
 * full at start waits for a connection instead of exiting. The database is a throwaway embedded
 * PostgreSQL this file starts, whose application role has a connection limit (superusers have none).
 */
describe('connections per instance', () => {
  let database: EmbeddedDatabase;
  let fleetUrl: string;
  const servers: ServerProcess[] = [];
  const held: pg.Client[] = [];

  beforeAll(async () => {
    database = await startEmbeddedPostgres(mkdtempSync(join(tmpdir(), 'faults-connections-')));
    const admin = await connect(database.url);
    try {
      await admin.query(`CREATE ROLE fleet LOGIN PASSWORD 'fleet' CONNECTION LIMIT ${ROLE_CONNECTION_LIMIT}`);
      await admin.query('CREATE DATABASE fleet OWNER fleet');
    } finally {
      await admin.end();
    }
    const url = new URL(database.url);
    fleetUrl = `postgres://fleet:fleet@${url.host}/fleet`;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(held.map((client) => client.end().catch(() => undefined)));
    await Promise.all(servers.map((server) => server.dispose()));
    await database.stop();
  });

  const start = async (healthy: boolean) => {
    const server = await startServer({ env: { DATABASE_URL: fleetUrl, ...POOLS }, healthy });
    servers.push(server);
    return server;
  };
  const fleetConnections = async () => {
    const admin = await connect(database.url);
    try {
      const { rows } = await admin.query<{ count: string }>(`SELECT count(*) FROM pg_stat_activity WHERE usename = 'fleet'`);
      return Number(rows[0].count);
    } finally {
      await admin.end();
    }
  };

  it('an instance holds no more than its pools, and one finding the database full waits for a connection', async () => {
    const first = await start(true);
    // Load that fills the app's pool: concurrent sign-ups (each a few statements and a hash).
    await Promise.all(
      Array.from({ length: 12 }, (_, index) => first.fetch('/api/auth/register', { method: 'POST', json: { email: `fill${index}@example.com`, password: 'a long password 12', name: 'Fill' } })),
    );
    expect(await fleetConnections()).toBeLessThanOrEqual(PER_INSTANCE);
    await first.dispose();
    await waitFor(async () => (await fleetConnections()) === 0, "the first instance's connections closed", 30_000);

    // The rest of the fleet holds every connection the role may have.
    while (held.length < ROLE_CONNECTION_LIMIT) {
      const client = new pg.Client({ connectionString: fleetUrl });
      try {
        await client.connect();
      } catch {
        break;
      }
      held.push(client);
    }
    const second = await start(false);
    await second.waitForLog(/Database unavailable for migrations at start \(too many connections\)/, 60_000);
    expect(second.running).toBe(true);

    // The fleet shrinks: the waiting instance gets its connections and serves.
    await Promise.all(held.splice(0).map((client) => client.end()));
    await waitForHealth(second, 60_000);
    expect((await second.fetch('/api/auth/login', { method: 'POST', json: { email: 'fill0@example.com', password: 'a long password 12' } })).status).toBe(200);
  }, 240_000);
});
