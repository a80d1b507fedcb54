// Benchmark: POST /api/assistant/router with the offline model, against a raw baseline that
// streams the same model through streamText on a plain node:http server (no auth, no database).
// Run with `npm run bench:chat` (builds first). Env: BENCH_DURATION_MS (20000), BENCH_CONCURRENCY (32).
import { createServer } from 'node:http';
import { pipeUIMessageStreamToResponse, streamText, toUIMessageStream } from 'ai';
import { OfflineLanguageModel } from '../../dist/src/llm/offline/offline-language-model.js';
import { createBenchDatabase } from '../lib/database.mjs';
import { formatRow, runLoadInWorker } from '../lib/load.mjs';
import { startService } from '../lib/service.mjs';

const durationMs = Number(process.env.BENCH_DURATION_MS ?? 20_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const question = 'Hello! What can you help my team with this week?';
const bodyTemplate = JSON.stringify({ messages: [{ id: '$UUID', role: 'user', parts: [{ type: 'text', text: question }] }] });

async function startBaseline() {
  const model = new OfflineLanguageModel({ chunkDelayMs: 0 });
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const result = streamText({ model, messages: [{ role: 'user', content: question }] });
      void pipeUIMessageStreamToResponse({ response: res, stream: toUIMessageStream({ stream: result.stream }) });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

const database = await createBenchDatabase('bench_chat');
const baseline = await startBaseline();
// Tokens one by one, as the baseline sends them: the comparison is of the request path, not of
// how finely the reply is cut (the default flush budget would merge this instant model's words).
const service = await startService(database.url, { STREAM_FLUSHES_PER_SECOND: '0' });
service.url = `${service.base}/api/assistant/router`;
try {
  console.log(`chat benchmark: ${concurrency} concurrent clients, ${durationMs / 1000} s each, offline model`);
  // Warm both up so JIT and pools are hot before measuring.
  const auth = { authorization: `Bearer ${service.token}` };
  await runLoadInWorker({ url: baseline.url, bodyTemplate, concurrency, durationMs: 2000 });
  await runLoadInWorker({ url: service.url, bodyTemplate, headers: auth, concurrency, durationMs: 2000 });

  const raw = await runLoadInWorker({ url: baseline.url, bodyTemplate, concurrency, durationMs });
  const router = await runLoadInWorker({ url: service.url, bodyTemplate, headers: auth, concurrency, durationMs });
  console.log(formatRow('baseline (node:http)', raw));
  console.log(formatRow('POST /assistant/router', router));
  const ratio = router.rps / raw.rps;
  console.log(`router / baseline throughput: ${(ratio * 100).toFixed(1)}% (target ≥ 50%)`);
} finally {
  await service.app.close();
  baseline.server.close();
  await database.drop();
}
