// A CPU profile of GET /api/assets under bench:assets' load: the built service in its own process
// with --cpu-prof (as production runs it, LOG_LEVEL info unless BENCH_LOG_LEVEL says otherwise),
// the same 1,000,000 assets and request mix, warmed up, then driven for BENCH_PROFILE_MS (15000);
// stopped with SIGTERM so the profile is written, and summarised over the load's window only.
// Build first (`npx nest build`), then run it with the project's Node: `npx node bench/assets/profile.mjs`.
// Env: BENCH_CONCURRENCY (16), BENCH_LOG_LEVEL (info), BENCH_PROFILE_DIR (a temporary directory by default).
import { mkdtempSync, readdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCpuProfileSummary, summariseCpuProfile } from '../lib/cpu-profile.mjs';
import { createBenchDatabase } from '../lib/database.mjs';
import { formatRow, runLoadInWorker } from '../lib/load.mjs';
import { migrateBenchDatabase, startServerProcess } from '../lib/server-process.mjs';
import { seedAssets } from './fixture.mjs';

const durationMs = Number(process.env.BENCH_PROFILE_MS ?? 15_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const profileDir = process.env.BENCH_PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'assets-profile-'));
const micros = () => Number(process.hrtime.bigint() / 1000n);

const database = await createBenchDatabase('bench_assets_profile');
try {
  await migrateBenchDatabase(database.url);
  const service = await startServerProcess(database.url, {
    env: { LOG_LEVEL: logLevel, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` },
  });
  let from;
  let to;
  try {
    const listings = await seedAssets(database.url, service.base);
    const options = {
      method: 'GET',
      requests: listings.map(({ path, token }) => ({ url: `${service.base}${path}`, headers: { authorization: `Bearer ${token}` } })),
      concurrency,
    };
    await runLoadInWorker({ ...options, durationMs: 3000 });
    const loadBefore = loadavg()[0];
    from = micros();
    const result = await runLoadInWorker({ ...options, durationMs });
    to = micros();
    console.log(
      `GET /api/assets under load, ${concurrency} clients, ${durationMs / 1000} s, LOG_LEVEL ${logLevel}; ` +
        `load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`,
    );
    console.log(formatRow('GET /api/assets', result));
  } finally {
    await service.stop();
  }
  const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  console.log(`\n${join(profileDir, file)}`);
  console.log(formatCpuProfileSummary(summariseCpuProfile(join(profileDir, file), { fromMicros: from, toMicros: to }), { top: 40 }));
} finally {
  await database.drop();
}
