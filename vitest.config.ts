import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
import { FAULT_WORKERS, PARALLEL_WORKERS } from './test/setup/test-databases.js';

// Nest 12 ships ES modules only. Vitest runs the suite as native ESM and leaves node_modules to
// Node itself (whose require(esm) lets CommonJS packages such as @nestjs/throttler load Nest);
// SWC compiles our TypeScript with the decorator metadata that Nest's dependency injection reads.
//
// Two projects. `app`: the unit, integration, end-to-end and browser files, PARALLEL_WORKERS (3) at
// a time on two cores, each worker on a database of its own: its files wait about half their time
// (browser pages, timers, spawned servers), so a third worker fills what the other two leave idle.
// `faults`: the files that kill, cut and freeze real server processes, FAULT_WORKERS at a time
// (each on a scratch database or an embedded PostgreSQL of its own); they mostly wait (for a server
// to boot, a claim to lapse, a schedule's slot), so they use little CPU. `npm test` runs `app`
// first, then `faults`; CI (.ci/run) runs the two side by side, two vitest processes, so the
// faults' waiting overlaps the app files' work.
//
// The app project shares a worker's modules across its files (isolate: false): a full CI run of
// the app lane took 955 s of CPU against 1,332–1,650 s isolated, with no failure from sharing
// (docs/decisions/sharing-a-worker-across-test-files.md). What a file leaves running is what the
// next file in that worker inherits: `TEST_REPORT_LEFTOVERS=1` lists it (test/setup/leftovers.ts).
export default defineConfig({
  plugins: [
    swc.vite({
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        target: 'es2023',
        keepClassNames: true,
      },
    }),
  ],
  test: {
    globals: true,
    globalSetup: ['test/setup/global-setup.ts'],
    // Bounds for a test that hangs, not paces: a test that makes and runs a workflow has needed
    // over 30 s on a machine kept busy by a second suite and stress-ng (the five-run loop).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: ['src/**/*.spec.ts', 'dashboard/src/**/*.spec.ts', 'test/**/*.e2e-spec.ts', 'test/integration/**/*.int-spec.ts'],
          setupFiles: ['test/setup/worker-database.ts', 'test/setup/leftovers.ts'],
          isolate: false,
          maxWorkers: PARALLEL_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          include: ['test/faults/**/*.fault-spec.ts'],
          // Each scenario boots real server processes, often two: a bound of 3 minutes for one that
          // hangs (a loaded machine has taken a minute to boot one and make a first request).
          testTimeout: 180_000,
          // Two at a time: a fault file mostly waits on its server processes, so two overlap well.
          maxWorkers: FAULT_WORKERS,
          // Port blocks five above the app workers' (test/helpers/ports.ts): 26000–27999 in CI; a
          // developer's TEST_PORT_BLOCK moves both lanes, so a fault file run beside a CI run can
          // be kept off its ports as an app file can.
          env: { TEST_PORT_BLOCK: String(5 + Number(process.env.TEST_PORT_BLOCK ?? 0)) },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
