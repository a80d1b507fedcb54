import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { APP_OPTIONS, configureApp } from './app.setup.js';
import { loadConfiguration } from './config/configuration.js';
import { startEmbeddedPostgresIfUnconfigured } from './database/embedded-postgres.js';
import { servedRoutes } from './http/route-table.js';

/**
 * `npm run routes`: every route of the built app, in the order Express tries them, as
 * "METHOD  PATH  FILE". It starts the app as main.ts does (its database included), without listening.
 */
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { env, embedded } = await startEmbeddedPostgresIfUnconfigured();
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(loadConfiguration(env)), { ...APP_OPTIONS, logger: ['error', 'warn'] });
  try {
    configureApp(app);
    await app.init();
    const routes = await servedRoutes(app, dirname(fileURLToPath(import.meta.url)));
    const methodWidth = Math.max(...routes.map((route) => route.method.length));
    const pathWidth = Math.max(...routes.map((route) => route.path.length));
    for (const { method, path, file } of routes) console.log(`${method.padEnd(methodWidth)}  ${path.padEnd(pathWidth)}  ${file}`);
  } finally {
    await app.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
