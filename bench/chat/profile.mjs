// A CPU profile of POST /api/assistant/router under bench:chat's load: the built service in its own
// process with --cpu-prof (as production runs it, default stream pacing, LOG_LEVEL info), warmed up,
// then driven for BENCH_PROFILE_MS (15000); stopped with SIGTERM so the profile is written, and
// summarised over the load's window only. Build first (`npx nest build`), then run it with the
// project's Node: `npx node bench/chat/profile.mjs`. Env: BENCH_CONCURRENCY (32), BENCH_PROFILE_DIR
// (a temporary directory by default).
import { mkdtempSync, readdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCpuProfileSummary, summariseCpuProfile } from '../lib/cpu-profile.mjs';
import { createBenchDatabase } from '../lib/database.mjs';
import { formatRow, runLoadInWorker } from '../lib/load.mjs';
import { migrateBenchDatabase, startServerProcess } from '../lib/server-process.mjs';
import { signUpBenchUser } from '../lib/users.mjs';

const durationMs = Number(process.env.BENCH_PROFILE_MS ?? 15_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const profileDir = process.env.BENCH_PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'chat-profile-'));
const question = 'Hello! What can you help my team with this week?';
const bodyTemplate = JSON.stringify({ messages: [{ id: '$UUID', role: 'user', parts: [{ type: 'text', text: question }] }] });
const micros = () => Number(process.hrtime.bigint() / 1000n);

const database = await createBenchDatabase('bench_chat_profile');
try {
  await migrateBenchDatabase(database.url);
  const service = await startServerProcess(database.url, { env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } });
  let from;
  let to;
  try {
    const { token } = await signUpBenchUser(service.base);
    const options = { url: `${service.base}/api/assistant/router`, bodyTemplate, headers: { authorization: `Bearer ${token}` }, concurrency };
    await runLoadInWorker({ ...options, durationMs: 3000 });
    const loadBefore = loadavg()[0];
    from = micros();
    const result = await runLoadInWorker({ ...options, durationMs });
    to = micros();
    console.log(`router under load, ${concurrency} clients, ${durationMs / 1000} s; load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`);
    console.log(formatRow('POST /assistant/router', result));
  } finally {
    await service.stop();
  }
  const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  console.log(`\n${join(profileDir, file)}`);
  console.log(formatCpuProfileSummary(summariseCpuProfile(join(profileDir, file), { fromMicros: from, toMicros: to })));
} finally {
  await database.drop();
}
