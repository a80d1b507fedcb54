import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { APP_OPTIONS, configureApp } from './app.setup.js';
import { loadConfiguration } from './config/configuration.js';
import { AppLogger } from './logging/app-logger.js';
import { startEmbeddedPostgresIfUnconfigured } from './database/embedded-postgres.js';
import { logUnhandledRejections, stopGracefullyOnSignals } from './shutdown/process-handlers.js';
import { traceIdsInLogs } from './tracing/tracing.js';

/** Starts the app (main.ts imports this once tracing, when asked for, is up); `afterStop` ends a graceful stop. */
export async function startServer(afterStop?: () => Promise<void>): Promise<void> {
  const { env, embedded } = await startEmbeddedPostgresIfUnconfigured();
  const config = loadConfiguration(env);
  // Logs of the start itself (an instance waiting for a database that is full or restarting) are
  // written as they happen, not buffered until the app is up, which may be a long while.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    ...APP_OPTIONS,
    logger: new AppLogger(pino({ level: config.app.logLevel, ...traceIdsInLogs() })),
  });
  configureApp(app);
  logUnhandledRejections();
  stopGracefullyOnSignals(app, embedded, afterStop);

  await app.listen(config.app.port);
  new Logger('Bootstrap').log(`Listening on ${config.app.publicUrl} (API under /api, docs at /api/docs)`);
}
