import { existsSync } from 'node:fs';
import { tracingRequested } from './tracing/tracing.js';

/**
 * The entry point. Tracing, when the environment asks for it, starts before the app is imported so
 * its instrumentations patch http, express, pg and ioredis as they load; otherwise no
 * OpenTelemetry module is loaded at all.
 */
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const tracing = tracingRequested(process.env) ? await import('./tracing/start-tracing.js') : undefined;
  const { startServer } = await import('./server.js');
  await startServer(tracing?.stopTracing);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
