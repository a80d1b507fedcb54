// Benchmark: what tracing costs POST /api/assistant/router, on built server processes (tracing
// starts before the app, so only a process can have it): this build with tracing off and with it
// on (exporting to a local OTLP receiver that accepts and drops), and, given BENCH_BASELINE_DIST
// (another commit's build, say main's), that build too: "off" against it is what the tracing code
// costs when nobody asked for traces. Measured in alternating rounds, as throughput and as the
// server process's CPU time per request (which other load on the machine barely moves).
// Run with `npm run bench:tracing` (builds first). Env: BENCH_BASELINE_DIST, BENCH_DURATION_MS
// (15000 per target, split over the rounds), BENCH_ROUNDS (3), BENCH_CONCURRENCY (32).
import { createServer } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { createBenchDatabase } from '../lib/database.mjs';
import { formatRow, runLoadInWorker } from '../lib/load.mjs';
import { processCpuMs } from '../lib/process-cpu.mjs';
import { measureInRounds } from '../lib/rounds.mjs';
import { migrateBenchDatabase, startServerProcess } from '../lib/server-process.mjs';
import { signUpBenchUser } from '../lib/users.mjs';

const durationMs = Number(process.env.BENCH_DURATION_MS ?? 15_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const baselineDist = process.env.BENCH_BASELINE_DIST;
const WARM_UP_MS = 2000;
const bodyTemplate = JSON.stringify({ messages: [{ id: '$UUID', role: 'user', parts: [{ type: 'text', text: 'Hello! What can you help my team with this week?' }] }] });
const percent = (value) => `${(value * 100).toFixed(1)}%`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** `a`'s throughput over `b`'s in each round: two targets measured back to back, so the machine's drift weighs on both alike. */
const ratiosByRound = (a, b) => a.byRound.map((round, index) => round.rps / b.byRound[index].rps);
/** `a`'s server CPU time per request over `b`'s in each round. */
const cpuRatiosByRound = (a, b) => a.byRound.map((round, index) => round.cpuMsPerRequest / b.byRound[index].cpuMsPerRequest);
/** The server's CPU time per request over all of a target's rounds. */
const cpuMsPerRequest = (result) => result.byRound.reduce((sum, round) => sum + round.cpuMs, 0) / result.requests;

/** An OTLP/HTTP receiver that reads and drops what it is sent, counting the bytes. */
async function startSink() {
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on('data', (chunk) => (bytes += chunk.length));
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, bytes: () => bytes, close: () => server.close() };
}

const database = await createBenchDatabase('bench_tracing');
const sink = await startSink();
const processes = [];
try {
  console.log(
    `tracing benchmark: ${concurrency} concurrent clients, ${durationMs / 1000} s per target in ${rounds} alternating rounds, offline model; ` +
      `${availableParallelism()} CPUs, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')} at the start` +
      (baselineDist ? `; baseline: ${baselineDist}` : ''),
  );
  await migrateBenchDatabase(database.url);
  const env = {};
  const variants = [
    ...(baselineDist ? [{ label: 'baseline build', env, dist: baselineDist }] : []),
    { label: 'this build, tracing off', env },
    { label: 'this build, tracing on', env: { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url } },
  ];
  const targets = [];
  for (const { env: variantEnv, dist } of variants) {
    const server = await startServerProcess(database.url, { env: variantEnv, dist });
    processes.push(server);
    const { token } = await signUpBenchUser(server.base);
    const target = { url: `${server.base}/api/assistant/router`, headers: { authorization: `Bearer ${token}` }, pid: server.pid };
    await runLoadInWorker({ ...target, bodyTemplate, concurrency, durationMs: WARM_UP_MS });
    targets.push(target);
  }
  const results = await measureInRounds(
    targets.map(({ pid, ...target }) => async (roundMs) => {
      const cpuBefore = processCpuMs(pid);
      const result = await runLoadInWorker({ ...target, bodyTemplate, concurrency, durationMs: roundMs });
      const cpuMs = processCpuMs(pid) - cpuBefore;
      return { ...result, cpuMs, cpuMsPerRequest: cpuMs / result.requests };
    }),
    { rounds, durationMs },
  );
  console.log();
  variants.forEach(({ label }, index) => console.log(`${formatRow(label, results[index])}   server CPU ${cpuMsPerRequest(results[index]).toFixed(2)} ms/request`));
  const [off, on] = results.slice(-2);
  if (baselineDist) {
    const ratios = ratiosByRound(off, results[0]);
    console.log(`  off / baseline: ${percent(off.rps / results[0].rps)} of the throughput (target ≥ 98%); by round ${ratios.map(percent).join(' ')}, median ${percent(median(ratios))}`);
    const cpuRatios = cpuRatiosByRound(off, results[0]);
    console.log(
      `  off / baseline: ${percent(cpuMsPerRequest(off) / cpuMsPerRequest(results[0]))} of the server CPU per request (target ≤ 102%); ` +
        `by round ${cpuRatios.map(percent).join(' ')}, median ${percent(median(cpuRatios))}`,
    );
  }
  console.log(
    `  on / off: ${percent(on.rps / off.rps)} of the throughput (median by round ${percent(median(ratiosByRound(on, off)))}); ` +
      `first-byte p50 ${on.ttfb.p50.toFixed(1)} ms against ${off.ttfb.p50.toFixed(1)} ms; ` +
      `server CPU per request ${percent(cpuMsPerRequest(on) / cpuMsPerRequest(off))} of off's`,
  );
  console.log(`  ${(sink.bytes() / 1024 / 1024).toFixed(1)} MB of OTLP/JSON received`);
  console.log(`load average ${loadavg().map((value) => value.toFixed(2)).join(' ')} at the end`);
} finally {
  await Promise.all(processes.map((server) => server.stop()));
  sink.close();
  await database.drop();
}
