// Benchmark: GET /api/assets over 1,000,000 assets in 1,000 teams, against two baselines that run
// the same SQL (the repository's own statement builder) over a pool of the app's size and options:
// - a bare node:http handler: it parses the query string as any handler must, but has no
//   framework, auth, validation or logging; the ceiling of any HTTP endpoint on this machine.
//   Targets: the endpoint at ≥ 85% of its throughput, with a p99 under 1.5× its p99;
// - the statement run directly with pg (no HTTP at all): what the HTTP hop itself costs.
// The three are measured in alternating rounds, so a machine whose load drifts weighs on each alike.
// Run with `npm run bench:assets` (builds first). Env: BENCH_DURATION_MS (15000 per target, split
// over the rounds), BENCH_ROUNDS (5), BENCH_CONCURRENCY (16).
import { createServer } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { assetListingStatement } from '../../dist/src/assets/assets.repository.js';
import { statementName } from '../../dist/src/database/prepared-queries.js';
import { ASSET_PAGE_DEFAULT, ASSET_PAGE_MAX } from '../../dist/src/assets/dto/list-assets.query.dto.js';
import { createBenchDatabase } from '../lib/database.mjs';
import { percentiles, runLoadInWorker } from '../lib/load.mjs';
import { measureInRounds } from '../lib/rounds.mjs';
import { startService } from '../lib/service.mjs';
import { seedAssets } from './fixture.mjs';

const durationMs = Number(process.env.BENCH_DURATION_MS ?? 15_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const WARM_UP_MS = 2000;
const TARGET_THROUGHPUT_RATIO = 0.85;
const TARGET_P99_RATIO = 1.5;
/** The bare handler's stand-in for authentication: the team is named in a header. */
const TEAM_HEADER = 'x-team-id';
const USER_HEADER = 'x-user-id';

/** The listing's filters from a query string, as the endpoint reads valid ones (no validation). */
function listingFilters(query) {
  const integer = (name) => (query.has(name) ? Number(query.get(name)) : undefined);
  const date = (name) => (query.has(name) ? new Date(query.get(name)) : undefined);
  return {
    conversationId: query.get('conversationId') ?? undefined,
    runId: integer('runId'),
    type: query.get('type') ?? undefined,
    from: date('from'),
    to: date('to'),
    limit: Math.min(integer('limit') ?? ASSET_PAGE_DEFAULT, ASSET_PAGE_MAX),
    offset: integer('offset') ?? 0,
  };
}

/** The endpoint's statement, prepared under the endpoint's name for it. */
function statementOf(reader, url) {
  const statement = assetListingStatement(reader, listingFilters(new URL(url, 'http://bare').searchParams));
  return { ...statement, name: statementName(statement.text) };
}

/** The same closed loop as the HTTP load, but each "request" is the endpoint's statement on the pool. */
async function runDirect(pool, statements, durationMs) {
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const deadline = Date.now() + durationMs;
  const started = performance.now();
  async function client() {
    while (Date.now() < deadline) {
      const statement = statements[sent++ % statements.length];
      const t0 = performance.now();
      try {
        await pool.query(statement);
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

/** The bare handler: the query string parsed, the statement run, its rows sent as JSON. */
async function startBareHttp(pool) {
  const server = createServer((request, response) => {
    pool.query(statementOf({ teamId: request.headers[TEAM_HEADER], userId: request.headers[USER_HEADER] }, request.url)).then(
      ({ rows }) => {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(rows));
      },
      () => response.writeHead(500).end(),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}

/** Both servers answer every request of the mix with 200 and the very same body; returns the page sizes. */
async function checkSameAnswers(endpointRequests, bareRequests) {
  const sizes = [];
  for (let i = 0; i < endpointRequests.length; i++) {
    const [endpoint, bare] = await Promise.all(
      [endpointRequests[i], bareRequests[i]].map(async ({ url, headers }) => {
        const response = await fetch(url, { headers });
        return { status: response.status, body: await response.text() };
      }),
    );
    if (endpoint.status !== 200 || bare.status !== 200 || endpoint.body !== bare.body) {
      throw new Error(`${endpointRequests[i].url}: the endpoint answered ${endpoint.status}, the bare handler ${bare.status}, bodies ${endpoint.body === bare.body ? 'equal' : 'differ'}`);
    }
    sizes.push(JSON.parse(endpoint.body).length);
  }
  return sizes;
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

const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
const percent = (value) => `${(value * 100).toFixed(1)}%`;
const verdict = (met) => (met ? 'met' : 'NOT met');

const database = await createBenchDatabase('bench_assets');
let service;
let pool;
let bare;
try {
  service = await startService(database.url);
  const listings = await seedAssets(database.url, service.base);
  // The app's own pool settings (size, timeouts), so both sides wait on the same pool.
  pool = new pg.Pool({ connectionString: database.url, ...service.app.get(DataSource).options.extra });
  bare = await startBareHttp(pool);
  const endpointRequests = listings.map(({ path, token }) => ({ url: `${service.base}${path}`, headers: { authorization: `Bearer ${token}` } }));
  const bareRequests = listings.map(({ path, teamId, userId }) => ({ url: `${bare.base}${path}`, headers: { [TEAM_HEADER]: teamId, [USER_HEADER]: userId } }));
  const statements = listings.map(({ path, teamId, userId }) => statementOf({ teamId, userId }, path));
  const pageSizes = await checkSameAnswers(endpointRequests, bareRequests);

  console.log(
    `assets benchmark: ${concurrency} concurrent clients, ${durationMs / 1000} s per target in ${rounds} alternating rounds, ` +
      `${listings.length} requests rotating (teams × no filter | type | a month | conversation), ` +
      `${Math.min(...pageSizes)}-${Math.max(...pageSizes)} rows per page; ${availableParallelism()} CPUs, load average ${load()} at the start` +
      `\n(each target's percentiles: the request-weighted mean of its rounds')`,
  );
  const http = (requests) => (ms) => runLoadInWorker({ method: 'GET', requests, concurrency, durationMs: ms });
  const measures = [(ms) => runDirect(pool, statements, ms), http(bareRequests), http(endpointRequests)];
  // Warm up every target (JIT, pools, the buffer cache) before measuring.
  for (const measure of measures) await measure(WARM_UP_MS);
  const [direct, bareHttp, endpoint] = await measureInRounds(measures, { rounds, durationMs });

  console.log(row('direct SQL (pg.Pool)', direct));
  console.log(row('bare node:http + same SQL', bareHttp));
  console.log(row('GET /api/assets', endpoint));
  const throughputRatio = endpoint.rps / bareHttp.rps;
  const p99Ratio = endpoint.total.p99 / bareHttp.total.p99;
  const byRound = endpoint.byRound.map((result, i) => percent(result.rps / bareHttp.byRound[i].rps)).join(', ');
  console.log(`  bare node:http / direct SQL: ${percent(bareHttp.rps / direct.rps)} of the throughput (the HTTP hop alone)`);
  console.log(`  GET /api/assets / bare node:http: ${percent(throughputRatio)} of the throughput (target ≥ ${percent(TARGET_THROUGHPUT_RATIO)}: ${verdict(throughputRatio >= TARGET_THROUGHPUT_RATIO)}); by round ${byRound}`);
  console.log(`  GET /api/assets p99 / bare node:http's: ${p99Ratio.toFixed(2)}× (target < ${TARGET_P99_RATIO}×: ${verdict(p99Ratio < TARGET_P99_RATIO)})`);
  console.log(`load average ${load()} at the end`);
} finally {
  bare?.server.close();
  await pool?.end();
  await service?.app.close();
  await database.drop();
}
