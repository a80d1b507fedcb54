// Where a request's database time goes, by PostgreSQL's own statistics: the built service in its own
// process against a throwaway PostgreSQL 15 cluster with pg_stat_statements (bench/lib/statement-
// stats.mjs), one user, BENCH_REQUESTS (50) router turns of new conversations (POST
// /api/assistant/router, as bench:chat sends them, one at a time), as many turns of one
// conversation with a growing history, and as many asset listings (GET /api/assets). The counts
// are reset after a warm-up and before each phase; each phase prints, per request, every statement's
// calls and its mean and total execution time, and the round trips (top-level statements, BEGIN
// and COMMIT included). What the service runs with nobody asking (pg-boss polling, timers) is counted
// in an idle window first; a phase's statements seen there are charged to the requests only for
// the calls above that background rate (COMMIT is both), and listed apart otherwise. Usage rows are
// buffered and written about once a second in one insert, so the router phase waits for that write
// before it reads the counts.
// Run with `npm run bench:statements` (builds first). Env: BENCH_REQUESTS (50), BENCH_POSTGRES_BIN
// (/usr/lib/postgresql/15/bin).
import { loadavg } from 'node:os';
import { startServerProcess } from '../lib/server-process.mjs';
import { startStatementStatsCluster } from '../lib/statement-stats.mjs';
import { signUpBenchUser } from '../lib/users.mjs';

const requests = Number(process.env.BENCH_REQUESTS ?? 50);
const WARM_UP_REQUESTS = 10;
const IDLE_WINDOW_MS = 10_000;
/** Longer than the usage buffer's flush interval (about a second). */
const USAGE_FLUSH_WAIT_MS = 2500;
const QUERY_WIDTH = 110;
const question = 'Hello! What can you help my team with this week?';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => `load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`;
/** The query on one line; a long one keeps its start and its end, where statements that begin alike differ. */
const shorten = (query) => {
  const flat = query.replace(/\s+/g, ' ').trim();
  return flat.length > QUERY_WIDTH ? `${flat.slice(0, QUERY_WIDTH - 41)} … ${flat.slice(-38)}` : flat;
};

const cluster = await startStatementStatsCluster();
try {
  const service = await startServerProcess(cluster.url);
  try {
    const authorization = `Bearer ${(await signUpBenchUser(service.base)).token}`;

    /** A turn: of a new conversation, or of `conversationId`'s (the stored history is the truth). Returns the conversation's id. */
    const routerTurn = async (conversationId) => {
      const response = await fetch(`${service.base}/api/assistant/router`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ conversationId, messages: [{ id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text: question }] }] }),
      });
      if (response.status !== 200) throw new Error(`router answered ${response.status}: ${await response.text()}`);
      await response.text();
      return response.headers.get('x-conversation-id');
    };
    const assetListing = async () => {
      const response = await fetch(`${service.base}/api/assets`, { headers: { authorization } });
      if (response.status !== 200) throw new Error(`assets answered ${response.status}: ${await response.text()}`);
      await response.json();
    };

    let continued;
    for (let i = 0; i < WARM_UP_REQUESTS; i++) {
      continued = await routerTurn(continued);
      await routerTurn();
      await assetListing();
    }
    await sleep(USAGE_FLUSH_WAIT_MS);

    // What the service runs with nobody asking: read apart from the requests' statements.
    await cluster.reset();
    await sleep(IDLE_WINDOW_MS);
    /** Calls per millisecond of each statement the idle service runs. */
    const background = new Map((await cluster.statements()).map((statement) => [statement.query, statement.calls / IDLE_WINDOW_MS]));

    console.log(`statements per request (pg_stat_statements, track=all, track_utility=on; PostgreSQL 15, its own cluster), ${requests} requests each, one at a time`);
    console.log(`background: ${background.size} statements seen in ${IDLE_WINDOW_MS / 1000} s with no requests`);
    const phases = [
      { name: 'POST /api/assistant/router, a new conversation (offline model, one reply)', send: () => routerTurn(), settleMs: USAGE_FLUSH_WAIT_MS },
      { name: 'POST /api/assistant/router, a turn of a conversation with history', send: () => routerTurn(continued), settleMs: USAGE_FLUSH_WAIT_MS },
      { name: 'GET /api/assets (first page)', send: assetListing, settleMs: 0 },
    ];
    for (const phase of phases) {
      await cluster.reset();
      const loadBefore = load();
      const started = performance.now();
      for (let i = 0; i < requests; i++) await phase.send();
      const elapsed = performance.now() - started;
      await sleep(phase.settleMs);
      const counted = await cluster.statements();
      printPhase(phase.name, chargeToRequests(counted, background, performance.now() - started), elapsed, loadBefore);
    }
  } finally {
    await service.stop();
  }
} finally {
  await cluster.stop();
}

/**
 * Each statement's calls split into the requests' and the background's: the calls a background
 * statement would have made in `windowMs` at its idle rate are the background's (rounded; calls
 * below it are all background).
 */
function chargeToRequests(statements, background, windowMs) {
  return statements.map((statement) => {
    const expected = Math.round((background.get(statement.query) ?? 0) * windowMs);
    const calls = Math.max(0, statement.calls - expected);
    return { ...statement, calls, backgroundCalls: statement.calls - calls, total: statement.calls ? (statement.total * calls) / statement.calls : 0 };
  });
}

function printPhase(name, statements, elapsed, loadBefore) {
  // A background statement's few calls above its idle rate are noise unless every request makes one.
  const ours = statements.filter((statement) => (statement.backgroundCalls ? statement.calls >= requests / 2 : statement.calls > 0));
  const theirs = statements.filter((statement) => !ours.includes(statement));
  const perRequest = (calls) => (calls / requests).toFixed(2).padStart(9);
  console.log(`\n${name}: ${requests} requests in ${(elapsed / 1000).toFixed(1)} s (${(elapsed / requests).toFixed(1)} ms each); ${loadBefore} before, ${load()} after`);
  console.log(`${'calls/req'.padStart(9)} ${'mean ms'.padStart(8)} ${'total ms'.padStart(9)}  statement`);
  for (const statement of ours) {
    const notes = [statement.toplevel ? '' : ' [nested: run by a trigger or function, no round trip]', statement.backgroundCalls ? ` [+${statement.backgroundCalls} background calls not counted]` : ''];
    console.log(`${perRequest(statement.calls)} ${statement.mean.toFixed(3).padStart(8)} ${statement.total.toFixed(1).padStart(9)}  ${shorten(statement.query)}${notes.join('')}`);
  }
  const topLevel = ours.filter((statement) => statement.toplevel);
  const roundTrips = topLevel.reduce((sum, statement) => sum + statement.calls, 0);
  const transactions = topLevel.filter((statement) => /^(BEGIN|START TRANSACTION)\b/i.test(statement.query)).reduce((sum, statement) => sum + statement.calls, 0);
  const execTime = topLevel.reduce((sum, statement) => sum + statement.total, 0);
  console.log(
    `  round trips per request: ${(roundTrips / requests).toFixed(2)} (top-level statements, BEGIN/COMMIT included; ${(transactions / requests).toFixed(2)} transactions), ` +
      `${(execTime / requests).toFixed(3)} ms of execution in the database per request`,
  );
  const backgroundCalls = theirs.reduce((sum, statement) => sum + statement.calls + statement.backgroundCalls, 0);
  console.log(`  background in this phase, not counted: ${backgroundCalls} calls of ${theirs.length} statements (pg-boss polling and maintenance, timers)`);
}
