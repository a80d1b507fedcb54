// Benchmark: 200 concurrent chat replies, each client dropping its connection mid-reply (a third
// of the way through its text) and resuming once. Prints chunks lost (must be 0), resume time to
// first byte p50/p99 (target p99 under 1 s), how finely the replies were streamed, and server
// memory per active stream. The model streams a word every 20 ms (50 tokens/s, like a hosted
// model). Run with `npm run bench:resume` (builds first).
// Env: BENCH_CLIENTS (200), REDIS_URL (unset: the in-memory store), STREAM_FLUSHES_PER_SECOND
// (unset: the service's default).
import { Worker } from 'node:worker_threads';
import { ConfigService } from '@nestjs/config';
import { createBenchDatabase } from '../lib/database.mjs';
import { percentiles } from '../lib/load.mjs';
import { startService } from '../lib/service.mjs';

const clients = Number(process.env.BENCH_CLIENTS ?? 200);
const question = 'Please walk me through everything you can do for a small marketing team';
const database = await createBenchDatabase('bench_resume');
const service = await startService(database.url, {
  OFFLINE_MODEL_CHUNK_DELAY_MS: '20',
  ...(process.env.STREAM_FLUSHES_PER_SECOND ? { STREAM_FLUSHES_PER_SECOND: process.env.STREAM_FLUSHES_PER_SECOND } : {}),
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
});

/** The reply's text in full, read without interruption: the deterministic model answers the same every time. */
async function fullReply() {
  const response = await fetch(`${service.base}/api/assistant/router`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
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

try {
  const expected = await fullReply();
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 20);
  const started = performance.now();
  const result = await new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./clients.mjs', import.meta.url), {
      workerData: { base: service.base, token: service.token, clients, dropAfterChars: Math.ceil(expected.length / 3), question },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  clearInterval(sampler);
  // A client lost chunks if the text it ends up with is not the whole reply.
  const incomplete = result.texts.filter((text) => text !== expected).length;
  const flushes = service.app.get(ConfigService).get('llm', { infer: true }).streamFlushesPerSecond;
  const textChunks = percentiles(result.textChunks);
  console.log(`resume benchmark: ${clients} concurrent replies, each dropped a third of the way through and resumed once (${process.env.REDIS_URL ? 'Redis' : 'in-memory'} store)`);
  console.log(`  resumed live (200): ${result.statuses.filter((status) => status === 200).length}/${clients}; finished before the resume (204, read from history): ${result.statuses.filter((status) => status === 204).length}`);
  console.log(`  clients missing chunks: ${incomplete}/${clients} (target 0); earlier chunks replayed unchanged: ${result.prefixesMatch}`);
  console.log(`  streamed in: ${textChunks.p50} text chunks per resumed reply (p50; min ${Math.min(...result.textChunks)}) for ${expected.match(/\S+\s*/g).length} words, flush budget ${flushes}/s shared by the active streams`);
  console.log(`  resume time to first byte: p50 ${result.resume.p50.toFixed(1)} ms, p99 ${result.resume.p99.toFixed(1)} ms (target p99 < 1000 ms)`);
  console.log(`  server heap: +${((heapPeak - heapBefore) / 1024 / 1024).toFixed(1)} MiB at peak, ~${((heapPeak - heapBefore) / clients / 1024).toFixed(1)} KiB per active stream`);
  console.log(`  total ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await service.app.close();
  await database.drop();
}
