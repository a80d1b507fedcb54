// Benchmark: what metering and budgets cost the router. POST /api/assistant/router with the
// offline model on one app, in alternating rounds: "on" as production runs it (every model call
// metered into the usage ledger, the team's budget checked before each reply, with a finite
// budget so the 80% bookkeeping runs too), and "off", the same app with the metering middleware
// taken off the model and the budget check made a no-op. Target: "on" within 5% of "off".
// Run with `npm run bench:usage` (builds first). Env: BENCH_DURATION_MS (20000 per mode, split
// into BENCH_ROUNDS rounds, 4), BENCH_CONCURRENCY (32).
import { OfflineLanguageModel } from '../../dist/src/llm/offline/offline-language-model.js';
import { ModelRegistry } from '../../dist/src/llm/model-registry.service.js';
import { BudgetService } from '../../dist/src/usage/budget.service.js';
import { createBenchDatabase } from '../lib/database.mjs';
import { formatRow, runLoadInWorker } from '../lib/load.mjs';
import { startService } from '../lib/service.mjs';

const durationMs = Number(process.env.BENCH_DURATION_MS ?? 20_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const question = 'Hello! What can you help my team with this week?';
const bodyTemplate = JSON.stringify({ messages: [{ id: '$UUID', role: 'user', parts: [{ type: 'text', text: question }] }] });

const database = await createBenchDatabase('bench_usage');
// A budget the run cannot use up (the router spends millions of tokens a minute here), finite so
// that each call is compared with it. Tokens one by one, as in bench:chat.
const service = await startService(database.url, { STREAM_FLUSHES_PER_SECOND: '0', MONTHLY_TOKENS_FREE: '1000000000000' });
const url = `${service.base}/api/assistant/router`;
const headers = { authorization: `Bearer ${service.token}` };

// The two switches, on this one app: the registry's offline model (metered or bare) and the check.
const registry = service.app.get(ModelRegistry);
const budgets = service.app.get(BudgetService);
const metered = { model: registry.offline, check: budgets.assertAvailable };
const bare = { model: new OfflineLanguageModel({ chunkDelayMs: 0 }), check: () => Promise.resolve() };
function use(mode) {
  registry.offline = mode.model;
  budgets.assertAvailable = mode.check;
}

function add(total, result) {
  const ms = result.rps > 0 ? (result.requests / result.rps) * 1000 : 0;
  return { requests: total.requests + result.requests, errors: total.errors + result.errors, ms: total.ms + ms };
}

try {
  console.log(`usage benchmark: ${concurrency} concurrent clients, ${durationMs / 1000} s per mode in ${rounds} alternating rounds, offline model`);
  for (const mode of [metered, bare]) {
    use(mode);
    await runLoadInWorker({ url, bodyTemplate, headers, concurrency, durationMs: 2000 });
  }
  const totals = { on: { requests: 0, errors: 0, ms: 0 }, off: { requests: 0, errors: 0, ms: 0 } };
  const last = {};
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so drift (a growing table, a warming JIT) falls on both.
    const order = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
    for (const name of order) {
      use(name === 'on' ? metered : bare);
      const result = await runLoadInWorker({ url, bodyTemplate, headers, concurrency, durationMs: durationMs / rounds });
      totals[name] = add(totals[name], result);
      last[name] = result;
    }
  }
  use(metered);
  const rps = (total) => (total.requests / total.ms) * 1000;
  console.log('req/s over all rounds; latencies of the last round');
  console.log(formatRow('ledger+budget off', { ...last.off, rps: rps(totals.off), errors: totals.off.errors }));
  console.log(formatRow('ledger+budget on', { ...last.on, rps: rps(totals.on), errors: totals.on.errors }));
  const cost = (1 - rps(totals.on) / rps(totals.off)) * 100;
  console.log(`cost of metering and budget checks: ${cost.toFixed(1)}% of the router's throughput (target < 5%)`);
  const budget = await fetch(`${service.base}/api/teams/${service.teamId}/budget`, { headers }).then((response) => response.json());
  console.log(`tokens recorded this month by the "on" rounds: ${budget.used}`);
} finally {
  await service.app.close();
  await database.drop();
}
