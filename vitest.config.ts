import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// Nest 12 ships ES modules only. Vitest runs the suite as native ESM and leaves node_modules to
// Node itself (whose require(esm) lets CommonJS packages such as @nestjs/throttler load Nest);
// SWC compiles our TypeScript with the decorator metadata that Nest's dependency injection reads.
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
    include: ['src/**/*.spec.ts', 'dashboard/src/**/*.spec.ts', 'test/**/*.e2e-spec.ts', 'test/integration/**/*.int-spec.ts', 'test/faults/**/*.fault-spec.ts'],
    globalSetup: ['test/setup/global-setup.ts'],
    // One file at a time: e2e files share the run's database and reset it when they start.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
