// Benchmark: POST /api/assistant/router with the offline model, against bare node:http servers
// (no Nest, no auth) streaming the same reply through the AI SDK, in two views measured in one run:
// - token by token: the service with pacing off against streamText over the offline model;
// - one delta (the default pacing sends the instant offline reply as one): the service against a
//   bare server, and against the same bare server writing a router turn's rows with `pg` (the
//   cost of persistence itself).
// Targets compared with each other are measured in alternating rounds, so a machine whose load
// drifts (a test suite alongside) weighs on each alike.
// Run with `npm run bench:chat` (builds first). Env: BENCH_DURATION_MS (15000 per target, split
// over the rounds), BENCH_ROUNDS (3), BENCH_CONCURRENCY (32).
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { createBenchDatabase } from '../lib/database.mjs';
import { formatRow, runLoadInWorker } from '../lib/load.mjs';
import { startService } from '../lib/service.mjs';
import { createTurnPersistence, oneDeltaModel, startOneDeltaBaseline, startTokenBaseline } from './baselines.mjs';

const durationMs = Number(process.env.BENCH_DURATION_MS ?? 15_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_MS = 2000;
const question = 'Hello! What can you help my team with this week?';
const bodyTemplate = JSON.stringify({ messages: [{ id: '$UUID', role: 'user', parts: [{ type: 'text', text: question }] }] });

const warm = (url, headers) => runLoadInWorker({ url, bodyTemplate, headers, concurrency, durationMs: WARM_UP_MS });
const percent = (value) => `${(value * 100).toFixed(1)}%`;
const verdict = (met) => (met ? 'met' : 'NOT met');

/**
 * Measures `targets` (`{ url, headers }` each) in `rounds` alternating rounds, the order turned each
 * round, and merges each target's rounds: its requests over its time, and the request-weighted mean
 * of the rounds' own percentiles (the load helper keeps no samples).
 */
async function measureInRounds(targets) {
  const results = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < targets.length; step++) {
      const index = (round + step) % targets.length;
      const { url, headers } = targets[index];
      results[index].push(await runLoadInWorker({ url, bodyTemplate, headers, concurrency, durationMs: durationMs / rounds }));
    }
  }
  return results.map(mergeRounds);
}

function mergeRounds(results) {
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const seconds = results.reduce((sum, result) => sum + (result.rps > 0 ? result.requests / result.rps : durationMs / rounds / 1000), 0);
  const weighted = (read) => results.reduce((sum, result) => sum + read(result) * result.requests, 0) / requests;
  return {
    requests,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    rps: requests / seconds,
    ttfb: { p50: weighted((result) => result.ttfb.p50), p99: weighted((result) => result.ttfb.p99) },
    total: { p50: weighted((result) => result.total.p50), p99: weighted((result) => result.total.p99) },
  };
}

/** The router of a service started with `env`, closed once `measure` is done with it. */
async function withRouter(databaseUrl, env, measure) {
  const service = await startService(databaseUrl, env);
  try {
    return await measure({ ...service, url: `${service.base}/api/assistant/router`, auth: { authorization: `Bearer ${service.token}` } });
  } finally {
    await service.app.close();
  }
}

async function userIdOf(databaseUrl, email) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT id FROM users WHERE email = $1', [email]);
    return rows[0].id;
  } finally {
    await client.end();
  }
}

const database = await createBenchDatabase('bench_chat');
const servers = [];
try {
  console.log(
    `chat benchmark: ${concurrency} concurrent clients, ${durationMs / 1000} s per target in ${rounds} alternating rounds, offline model; ` +
      `${availableParallelism()} CPUs, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')} at the start` +
      `\n(each target's percentiles: the request-weighted mean of its rounds')`,
  );

  // Token by token, as the baseline sends them: the comparison is of the request path, not of how
  // finely the reply is cut (the default flush budget would merge this instant model's words).
  const tokenBaseline = await startTokenBaseline(question);
  servers.push(tokenBaseline.server);
  const tokens = await withRouter(database.url, { STREAM_FLUSHES_PER_SECOND: '0' }, async (router) => {
    await warm(tokenBaseline.url);
    await warm(router.url, router.auth);
    const [bare, routed] = await measureInRounds([{ url: tokenBaseline.url }, { url: router.url, headers: router.auth }]);
    return { bare, router: routed };
  });

  // One delta: the service as a production instance sends this reply, and the two ceilings.
  const model = await oneDeltaModel(question);
  const oneDelta = await withRouter(database.url, {}, async (router) => {
    const persistence = createTurnPersistence(database.url, { teamId: router.teamId, userId: await userIdOf(database.url, router.email) });
    try {
      const bare = await startOneDeltaBaseline(model);
      const persisting = await startOneDeltaBaseline(model, persistence);
      servers.push(bare.server, persisting.server);
      const targets = [{ url: bare.url }, { url: persisting.url }, { url: router.url, headers: router.auth }];
      for (const { url, headers } of targets) await warm(url, headers);
      const [bareResult, persistingResult, routerResult] = await measureInRounds(targets);
      return { bare: bareResult, persisting: persistingResult, router: routerResult };
    } finally {
      await persistence.close();
    }
  });

  console.log('\ntoken by token (STREAM_FLUSHES_PER_SECOND=0, one text delta per word):');
  console.log(formatRow('bare streamText', tokens.bare));
  console.log(formatRow('POST /assistant/router', tokens.router));
  console.log(`  router / bare: ${percent(tokens.router.rps / tokens.bare.rps)} of the throughput (target ≥ 50%)`);

  console.log(`\none text delta (default pacing; the ${model.reply.length}-character reply in one delta):`);
  console.log(formatRow('bare one-delta', oneDelta.bare));
  console.log(formatRow('bare + pg rows', oneDelta.persisting));
  console.log(formatRow('POST /assistant/router', oneDelta.router));
  const ofBare = oneDelta.router.rps / oneDelta.bare.rps;
  const ofPersisting = oneDelta.router.rps / oneDelta.persisting.rps;
  const ttfbRatio = oneDelta.router.ttfb.p99 / oneDelta.bare.ttfb.p99;
  console.log(`  bare + pg rows / bare: ${percent(oneDelta.persisting.rps / oneDelta.bare.rps)} of the throughput (the cost of persistence)`);
  console.log(`  router / bare one-delta: ${percent(ofBare)} (target ≥ 50%: ${verdict(ofBare >= 0.5)})`);
  console.log(`  router / bare + pg rows: ${percent(ofPersisting)} (target ≥ 80%: ${verdict(ofPersisting >= 0.8)})`);
  console.log(`  router first-byte p99 / bare one-delta's: ${ttfbRatio.toFixed(2)}× (target < 2×: ${verdict(ttfbRatio < 2)})`);
  console.log(`load average ${loadavg().map((value) => value.toFixed(2)).join(' ')} at the end`);
} finally {
  for (const server of servers) server.close();
  await database.drop();
}
