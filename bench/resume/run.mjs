// Benchmark: 200 concurrent chat replies, each client dropping its connection mid-reply (a third
// of the way through its text) and resuming once. Prints chunks lost (must be 0), resume time to
// first byte p50/p99 (target p99 under 1 s), how finely the replies were streamed, and the
// service's memory: its resident set at idle (BENCH_IDLE_SECONDS after a warm-up), at the peak of
// the 200 streams (target under 300 MB) and after the last one ended (target: back within 10% of
// idle, or below), followed second by second for BENCH_SETTLE_SECONDS without forcing anything, then once
// more after a forced full GC for comparison. The service is the built app in its own process, as
// production runs it (LOG_LEVEL info); its resident set is read from /proc every 100 ms, and a
// preloaded probe prints its heap and external memory when signalled. The model streams a word
// every 20 ms (50 tokens/s, like a hosted model). Run with `npm run bench:resume` (builds first).
// Env: BENCH_CLIENTS (200), BENCH_IDLE_SECONDS (30), BENCH_SETTLE_SECONDS (60), REDIS_URL (unset:
// the in-memory store), STREAM_FLUSHES_PER_SECOND (unset: the service's default),
// BENCH_SERVICE_NODE_OPTIONS (Node and V8 flags for the service process, to compare settings).
import 'reflect-metadata';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { llmSettings } from '../../dist/src/config/llm.config.js';
import { createBenchDatabase } from '../lib/database.mjs';
import { percentiles } from '../lib/load.mjs';
import { formatBreakdown, mebibytes, MemoryWatch } from '../lib/memory.mjs';
import { startServerProcess } from '../lib/server-process.mjs';
import { signUpBenchUser } from '../lib/users.mjs';

const clients = Number(process.env.BENCH_CLIENTS ?? 200);
// V8 gives the heap's pages back by itself some 20-30 s after a load ends (its memory reducer),
// and after a warm-up as well: idle and settled are read once that has had time to happen.
const idleMs = Number(process.env.BENCH_IDLE_SECONDS ?? 30) * 1000;
const settleSeconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 60);
const WARM_UP_CLIENTS = 5;
const PEAK_TARGET_BYTES = 300 * 1000 * 1000;
const RETURN_TARGET = 0.1;
const question = 'Please walk me through everything you can do for a small marketing team';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => `load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`;
const verdict = (met) => (met ? 'met' : 'NOT met');

const streamFlushes = process.env.STREAM_FLUSHES_PER_SECOND;
const memory = new MemoryWatch();
const database = await createBenchDatabase('bench_resume');
const service = await startServerProcess(database.url, {
  env: {
    NODE_OPTIONS: `${memory.nodeOptions} ${process.env.BENCH_SERVICE_NODE_OPTIONS ?? ''}`,
    OFFLINE_MODEL_CHUNK_DELAY_MS: '20',
    ...(streamFlushes ? { STREAM_FLUSHES_PER_SECOND: streamFlushes } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  },
  onLog: memory.onLog,
});
memory.attach(service.pid);

async function signUp() {
  return (await signUpBenchUser(service.base)).token;
}

/** The reply's text in full, read without interruption: the deterministic model answers the same every time. */
async function fullReply(token) {
  const response = await fetch(`${service.base}/api/assistant/router`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text: question }] }] }),
  });
  const chunks = (await response.text())
    .split('\n\n')
    .filter((event) => event.startsWith('data: {'))
    .map((event) => JSON.parse(event.slice(6)));
  return chunks
    .filter((chunk) => chunk.type === 'text-delta')
    .map((chunk) => chunk.delta)
    .join('');
}

/** `count` clients that each drop their reply a third of the way through and resume it, in a thread of their own. */
function runClients(token, count, expected) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./clients.mjs', import.meta.url), {
      workerData: { base: service.base, token, clients: count, dropAfterChars: Math.ceil(expected.length / 3), question },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

try {
  const token = await signUp();
  const expected = await fullReply(token);
  // Warm-up: every path of the load (send, drop, resume, history) runs a few times first.
  await runClients(token, WARM_UP_CLIENTS, expected);
  await sleep(idleMs);
  const idle = memory.resident();
  const idleBreakdown = await memory.breakdown();
  const loadBefore = load();

  const sampling = memory.sample();
  const started = performance.now();
  const result = await runClients(token, clients, expected);
  const elapsed = performance.now() - started;
  const { peak, breakdownAtPeak } = await sampling.stop();
  const loadDuring = load();
  // Followed each second from the moment the last client had its whole reply.
  const settling = [];
  for (let second = 1; second <= settleSeconds; second++) {
    await sleep(1000);
    settling.push(memory.resident());
  }
  const after = settling.at(-1);
  const afterBreakdown = await memory.breakdown();
  const afterGc = await memory.breakdown({ forceGc: true });
  const afterGcResident = memory.resident();

  // A client lost chunks if the text it ends up with is not the whole reply.
  const incomplete = result.texts.filter((text) => text !== expected).length;
  const flushes = llmSettings(streamFlushes ? { STREAM_FLUSHES_PER_SECOND: Number(streamFlushes) } : {}).streamFlushesPerSecond;
  const textChunks = percentiles(result.textChunks);
  // Below idle counts as back (V8 may return more than the warm-up had left).
  const withinTarget = (resident) => resident <= idle * (1 + RETURN_TARGET);
  const backAfter = settling.findIndex((resident, index) => settling.slice(index).every(withinTarget));
  const returned = (resident) => `${resident >= idle ? '+' : ''}${(((resident - idle) / idle) * 100).toFixed(1)}% of idle`;
  console.log(`resume benchmark: ${clients} concurrent replies, each dropped a third of the way through and resumed once (${process.env.REDIS_URL ? 'Redis' : 'in-memory'} store)`);
  console.log(`  resumed live (200): ${result.statuses.filter((status) => status === 200).length}/${clients}; finished before the resume (204, read from history): ${result.statuses.filter((status) => status === 204).length}`);
  console.log(`  clients missing chunks: ${incomplete}/${clients} (target 0); earlier chunks replayed unchanged: ${result.prefixesMatch}`);
  console.log(`  streamed in: ${textChunks.p50} text chunks per resumed reply (p50; min ${Math.min(...result.textChunks)}) for ${expected.match(/\S+\s*/g).length} words, flush budget ${flushes}/s shared by the active streams`);
  console.log(`  resume time to first byte: p50 ${result.resume.p50.toFixed(1)} ms, p99 ${result.resume.p99.toFixed(1)} ms (target p99 < 1000 ms)`);
  console.log(`  total ${(elapsed / 1000).toFixed(1)} s; ${loadBefore} before, ${loadDuring} at the end`);
  console.log(`service memory (its own process${process.env.BENCH_SERVICE_NODE_OPTIONS ? ` with ${process.env.BENCH_SERVICE_NODE_OPTIONS}` : ''}, resident set from /proc/${service.pid}/status every 100 ms):`);
  console.log(`  idle, ${idleMs / 1000} s after a warm-up of ${WARM_UP_CLIENTS} replies: ${mebibytes(idle)}; ${formatBreakdown(idleBreakdown)}`);
  console.log(`  peak during the ${clients} streams: ${mebibytes(peak)} (${(peak / 1e6).toFixed(0)} MB; target < 300 MB: ${verdict(peak < PEAK_TARGET_BYTES)}), ~${((peak - idle) / clients / 1024).toFixed(0)} KiB per active stream`);
  if (breakdownAtPeak) console.log(`    sampled at ${mebibytes(breakdownAtPeak.rss)}: ${formatBreakdown(breakdownAtPeak)}`);
  const early = settling[Math.min(10, settleSeconds) - 1];
  console.log(`  after the last stream ended (no forced GC): ${mebibytes(early)} at ${Math.min(10, settleSeconds)} s (${returned(early)}), ${mebibytes(after)} at ${settleSeconds} s (${returned(after)}); ${formatBreakdown(afterBreakdown)}`);
  console.log(`    back within 10% of idle: ${backAfter >= 0 ? `from ${backAfter + 1} s on` : `not within ${settleSeconds} s`} (target: ${verdict(backAfter >= 0)})`);
  console.log(`    each second (MiB): ${settling.map((resident) => (resident / 2 ** 20).toFixed(0)).join(' ')}`);
  console.log(`  then after a forced full GC (for comparison; production is not collected by hand): ${mebibytes(afterGcResident)}, ${returned(afterGcResident)}; ${formatBreakdown(afterGc)}`);
  console.log(`  ${load()}`);
} finally {
  await service.stop();
  await database.drop();
}
