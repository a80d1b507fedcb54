import { constants } from 'node:os';
import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import type { EmbeddedDatabase } from '../database/embedded-postgres.js';
import { ShutdownService } from './shutdown.service.js';

/** After the grace period, connections still open (a slow client) are cut after this long. */
const CONNECTION_CLOSE_SLACK_MS = 2000;

/**
 * A promise rejected with nobody listening is a bug to log, not a reason to end every request
 * and reply of the instance: Node's default would exit the process.
 */
export function logUnhandledRejections(logger = new Logger('Process')): void {
  process.on('unhandledRejection', (reason) => {
    logger.error({ msg: 'Unhandled promise rejection', err: reason instanceof Error ? reason : String(reason) });
  });
}

/**
 * SIGTERM and SIGINT stop the instance gracefully, then exit 0: stop listening, drain (see
 * ShutdownService), close the modules and their pools, stop the embedded database last. A second
 * signal exits at once with the signal's usual status. `afterStop` runs last (traces still batched are sent).
 */
export function stopGracefullyOnSignals(
  app: INestApplication,
  embedded: EmbeddedDatabase | undefined,
  afterStop?: () => Promise<void>,
  logger = new Logger('Shutdown'),
): void {
  let stopping = false;
  const stop = async (): Promise<void> => {
    const server = app.getHttpServer() as Server;
    server.close();
    server.closeIdleConnections();
    await app.get(ShutdownService).drain();
    server.closeIdleConnections();
    const cut = setTimeout(() => server.closeAllConnections(), CONNECTION_CLOSE_SLACK_MS);
    await app.close();
    clearTimeout(cut);
    await embedded?.stop();
    await afterStop?.();
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      logger.warn(`${signal} again: exiting at once`);
      process.exit(128 + constants.signals[signal]);
    }
    stopping = true;
    logger.log(`${signal} received: draining, then exiting`);
    stop().then(
      () => {
        logger.log('Stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ msg: 'Shutdown failed', err: error instanceof Error ? error : String(error) });
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, onSignal);
}
