import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
import { PARALLEL_WORKERS } from './test/setup/test-databases.js';

// Nest 12 ships ES modules only. Vitest runs the suite as native ESM and leaves node_modules to
// Node itself (whose require(esm) lets CommonJS packages such as @nestjs/throttler load Nest);
// SWC compiles our TypeScript with the decorator metadata that Nest's dependency injection reads.
//
// Two groups, one after the other: first the unit, integration, end-to-end and browser files,
// PARALLEL_WORKERS at a time, each worker on a database of its own; then the fault files, one at a
// time, since each starts several servers and PostgreSQL clusters and times their recovery.
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
          include: ['src/**/*.spec.ts', 'dashboard/src/**/*.spec.ts', 'test/**/*.e2e-spec.ts', 'test/integration/**/*.int-spec.ts'],
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
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
