// Benchmark: GET /api/assets over 1,000,000 assets in 1,000 teams, against the same SQL run
// directly with pg (the limit: what the endpoint would do with no HTTP, auth or ORM around it).
// Run with `npm run bench:assets` (builds first). Env: BENCH_DURATION_MS (10000), BENCH_CONCURRENCY (16).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { ASSET_TYPES } from '../../dist/src/assets/asset-types.js';
import { createBenchDatabase } from '../lib/database.mjs';
import { percentiles, runLoadInWorker } from '../lib/load.mjs';
import { startService } from '../lib/service.mjs';

const durationMs = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TEAMS = 1000;
const ASSETS = 1_000_000;
/** Teams with a registered user, whose listings are queried (the first ones seeded). */
const QUERIED_TEAMS = 8;
const CONVERSATIONS_PER_TEAM = 3;
const RUNS_PER_QUERIED_TEAM = 2;
const TARGET_P99_MS = 15;
const TARGET_RATIO = 0.6;
const DAY_MS = 86_400_000;

async function register(base) {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${randomUUID()}@example.com`, password: 'benchmark password', name: 'Bench' }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  const body = await response.json();
  return { token: body.accessToken, teamId: body.activeTeam.id };
}

/**
 * 1,000 teams (the registered ones first) with 1,000 assets each: created_at spread over a year,
 * the eight types in turn, half of them in one of the team's three conversations, and one in ten
 * of the queried teams' assets made by one of their workflow runs. Foreign-key triggers are off
 * for the bulk insert (the rows are consistent by construction), and the assets indexes are
 * dropped first and rebuilt afterwards from their own definitions: a bulk build beats 1M inserts.
 */
async function seed(client, queriedTeamIds) {
  await client.query(`INSERT INTO teams (name) SELECT 'Bench team ' || g FROM generate_series($1::int, $2::int) AS g`, [
    queriedTeamIds.length,
    TEAMS - 1,
  ]);
  await client.query(`
    CREATE TEMP TABLE bench_teams AS
    SELECT (row_number() OVER (ORDER BY array_position($1::uuid[], id), created_at, id) - 1)::int AS n, id
      FROM teams`, [queriedTeamIds]);
  await client.query(`
    CREATE TEMP TABLE bench_conversations AS
    WITH made AS (
      INSERT INTO conversations (team_id, title)
      SELECT t.id, 'Bench conversation ' || t.n || '.' || k FROM bench_teams t, generate_series(0, $1::int - 1) AS k
      RETURNING id, team_id, title)
    SELECT t.n, split_part(made.title, '.', 2)::int AS k, made.id FROM made JOIN bench_teams t ON t.id = made.team_id`,
  [CONVERSATIONS_PER_TEAM]);
  await client.query(`
    CREATE TEMP TABLE bench_runs AS
    WITH workflows AS (
      INSERT INTO workflows (team_id, title, goal, status)
      SELECT t.id, 'Bench workflow ' || t.n || '.' || k, 'A goal', 'active'
        FROM bench_teams t, generate_series(0, $1::int - 1) AS k WHERE t.n < $2::int
      RETURNING id, team_id, title),
    runs AS (
      INSERT INTO workflow_runs (workflow_id, team_id, run_number, status, total_steps, finished_at)
      SELECT id, team_id, 1, 'completed', 1, now() FROM workflows
      RETURNING id, workflow_id)
    SELECT t.n, split_part(w.title, '.', 2)::int AS k, runs.id
      FROM runs JOIN workflows w ON w.id = runs.workflow_id JOIN bench_teams t ON t.id = w.team_id`,
  [RUNS_PER_QUERIED_TEAM, queriedTeamIds.length]);

  const indexes = await client.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'assets' AND indexname <> 'assets_pkey'`,
  );
  for (const { indexname } of indexes.rows) await client.query(`DROP INDEX ${indexname}`);
  await client.query(`SET session_replication_role = replica`);
  await client.query(`SET maintenance_work_mem = '512MB'`);
  // Row g: team g % 1000, the g / 1000-th asset of that team, made (g * 7919) % 525600 minutes ago.
  await client.query(
    `INSERT INTO assets (team_id, conversation_id, run_id, type, title, content, metadata, created_at)
     SELECT t.id, c.id, r.id, ($2::text[])[1 + (g / $3::int) % 8], 'Bench asset ' || g,
            'A **Markdown** draft for the team: a hook, three short paragraphs and a call to action. '
              || repeat('Lorem ipsum dolor sit amet, consectetur adipiscing elit. ', 4),
            '{"platform": "linkedin"}', now() - make_interval(mins => (g::bigint * 7919 % 525600)::int)
       FROM generate_series(0, $1::int - 1) AS g
       JOIN bench_teams t ON t.n = g % $3::int
       LEFT JOIN bench_conversations c ON (g / $3::int) % 2 = 0 AND c.n = t.n AND c.k = (g / $3::int / 2) % $4::int
       LEFT JOIN bench_runs r ON (g / $3::int) % 10 = 1 AND r.n = t.n AND r.k = (g / $3::int / 10) % $5::int`,
    [ASSETS, ASSET_TYPES, TEAMS, CONVERSATIONS_PER_TEAM, RUNS_PER_QUERIED_TEAM],
  );
  await client.query(`SET session_replication_role = DEFAULT`);
  for (const { indexdef } of indexes.rows) await client.query(indexdef);
  await client.query(`VACUUM ANALYZE assets`);
  await client.query(`ANALYZE teams, conversations, workflows, workflow_runs`);
  const conversations = await client.query(`SELECT n, id FROM bench_conversations WHERE n < $1 AND k = 0 ORDER BY n`, [
    queriedTeamIds.length,
  ]);
  return conversations.rows.map((row) => row.id);
}

/** The typical listing filters, rotating per request: none, a type, a month, a conversation. */
function filterMix(conversationId) {
  const iso = (daysAgo) => new Date(Date.now() - daysAgo * DAY_MS).toISOString();
  return ['', 'type=image', `from=${iso(60)}&to=${iso(30)}`, `conversationId=${conversationId}`];
}

/** Sends each request once with TypeORM's logger tapped and returns the assets query it ran. */
async function captureSql(dataSource, requests) {
  const logger = dataSource.logger;
  const original = logger.logQuery;
  const captured = [];
  logger.logQuery = function (query, parameters, ...rest) {
    if (/\bFROM "?assets"?\s/.test(query)) captured.push({ text: query, values: parameters ?? [] });
    return original.call(this, query, parameters, ...rest);
  };
  try {
    const queries = [];
    for (const request of requests) {
      captured.length = 0;
      const response = await fetch(request.url, { headers: request.headers });
      const body = await response.json();
      if (response.status !== 200 || captured.length !== 1) {
        throw new Error(`${request.url}: ${response.status}, ${captured.length} assets queries`);
      }
      queries.push({ ...captured[0], rows: body.length });
    }
    return queries;
  } finally {
    logger.logQuery = original;
  }
}

/** The same closed loop as the HTTP load, but each "request" is the endpoint's SQL on a pg.Pool. */
async function runDirect(pool, queries, durationMs) {
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const deadline = Date.now() + durationMs;
  const started = performance.now();
  async function client() {
    while (Date.now() < deadline) {
      const query = queries[sent++ % queries.length];
      const t0 = performance.now();
      try {
        await pool.query(query.text, query.values);
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  return { requests: latencies.length, errors, rps: latencies.length / seconds, total: percentiles(latencies) };
}

/**
 * The same SQL behind a bare node:http handler (no framework, auth, validation or logging): the
 * cost of the HTTP hop alone, and so the ceiling of any HTTP endpoint on this machine.
 */
async function startBareHttp(pool, queries) {
  const server = createServer((request, response) => {
    const query = queries[Number(new URL(request.url, 'http://bare').searchParams.get('q'))];
    pool.query(query.text, query.values).then(
      ({ rows }) => {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(rows));
      },
      () => response.writeHead(500).end(),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return { server, requests: queries.map((_, index) => ({ url: `${base}/?q=${index}`, headers: {} })) };
}

function row(name, result) {
  const ms = (value) => `${value.toFixed(2)} ms`;
  return [
    name.padEnd(26),
    `${result.rps.toFixed(1)} req/s`.padStart(14),
    `p50 ${ms(result.total.p50)}`.padStart(14),
    `p99 ${ms(result.total.p99)}`.padStart(14),
    `requests ${result.requests}`.padStart(16),
    `errors ${result.errors}`.padStart(10),
  ].join(' ');
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const database = await createBenchDatabase('bench_assets');
let service;
let pool;
try {
  service = await startService(database.url);
  const users = [];
  for (let i = 0; i < QUERIED_TEAMS; i++) users.push(await register(service.base));

  const seeding = performance.now();
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  let conversationIds;
  try {
    conversationIds = await seed(admin, users.map((user) => user.teamId));
  } finally {
    await admin.end();
  }
  console.log(`seeded ${ASSETS.toLocaleString('en')} assets over ${TEAMS.toLocaleString('en')} teams in ${seconds(seeding)}`);

  const requests = users.flatMap((user, i) =>
    filterMix(conversationIds[i]).map((query) => ({
      url: `${service.base}/api/assets${query ? `?${query}` : ''}`,
      headers: { authorization: `Bearer ${user.token}` },
    })),
  );
  const queries = await captureSql(service.app.get(DataSource), requests);
  const pageSizes = queries.map((query) => query.rows);
  console.log(`assets benchmark: ${concurrency} concurrent clients, ${durationMs / 1000} s each, ` +
    `${requests.length} requests rotating (${QUERIED_TEAMS} teams × no filter | type | a month | conversation), ` +
    `${Math.min(...pageSizes)}-${Math.max(...pageSizes)} rows per page`);

  pool = new pg.Pool({ connectionString: database.url, max: concurrency });
  // Warm both up so JIT, pools and the buffer cache are hot before measuring.
  await runDirect(pool, queries, 2000);
  await runLoadInWorker({ method: 'GET', requests, concurrency, durationMs: 2000 });

  const bare = await startBareHttp(pool, queries);
  await runLoadInWorker({ method: 'GET', requests: bare.requests, concurrency, durationMs: 2000 });

  const direct = await runDirect(pool, queries, durationMs);
  const bareHttp = await runLoadInWorker({ method: 'GET', requests: bare.requests, concurrency, durationMs });
  bare.server.close();
  const http = await runLoadInWorker({ method: 'GET', requests, concurrency, durationMs });
  console.log(row('direct SQL (pg.Pool)', direct));
  console.log(row('bare node:http + same SQL', bareHttp));
  console.log(row('GET /api/assets', http));
  console.log(`bare node:http / direct SQL throughput: ${((bareHttp.rps / direct.rps) * 100).toFixed(1)}% (the HTTP hop alone)`);
  const ratio = http.rps / direct.rps;
  const verdict = (ok) => (ok ? 'ok' : 'MISSED');
  console.log(`GET /api/assets / direct SQL throughput: ${(ratio * 100).toFixed(1)}% (target ≥ ${TARGET_RATIO * 100}%: ${verdict(ratio >= TARGET_RATIO)})`);
  console.log(`GET /api/assets p99: ${http.total.p99.toFixed(2)} ms (target < ${TARGET_P99_MS} ms: ${verdict(http.total.p99 < TARGET_P99_MS)})`);
} finally {
  await pool?.end();
  await service?.app.close();
  await database.drop();
}
