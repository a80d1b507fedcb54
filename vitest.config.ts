import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
import { PARALLEL_WORKERS } from './test/setup/test-databases.js';

// Nest 12 ships ES modules only. Vitest runs the suite as native ESM and leaves node_modules to
// Node itself (whose require(esm) lets CommonJS packages such as @nestjs/throttler load Nest);
// SWC compiles our TypeScript with the decorator metadata that Nest's dependency injection reads.
//
// Two groups, one after the other: first the unit, integration, end-to-end and browser files,
// PARALLEL_WORKERS at a time, each worker on a database of its own; then the fault files that time
// a recovery (a grace period, a claim's lapse, a frozen database, a late timer), one at a time, so
// that no other file's load skews what they measure.
//
// The fault files that time nothing run in the first group: they mostly wait (for a server to
// boot, a killed job's heartbeat to lapse, a run to complete), which leaves a core free for the
// other worker's files, where alone at the end they left the machine half idle. Each works on a
// scratch database or an embedded PostgreSQL of its own, so the worker's database is not theirs.
const FAULTS_THAT_TIME_NOTHING = ['test/faults/runs.fault-spec.ts', 'test/faults/embedded.fault-spec.ts', 'test/faults/connections.fault-spec.ts'];

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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: ['src/**/*.spec.ts', 'dashboard/src/**/*.spec.ts', 'test/**/*.e2e-spec.ts', 'test/integration/**/*.int-spec.ts', ...FAULTS_THAT_TIME_NOTHING],
          setupFiles: ['test/setup/worker-database.ts'],
          maxWorkers: PARALLEL_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          include: ['test/faults/**/*.fault-spec.ts'],
          exclude: FAULTS_THAT_TIME_NOTHING,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
