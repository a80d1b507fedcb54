import { randomUUID } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { NextFunction, Request, Response } from 'express';
import { type Logger, pino } from 'pino';
import type { AppConfig } from '../config/configuration.js';
import { traceIdsInLogs } from '../tracing/tracing.js';
import { AppLogger } from './app-logger.js';
import { loggableUrl } from './loggable-url.js';

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** The middleware that gives every request an id and logs it once answered. */
export type RequestLogger = (request: Request, response: Response, next: NextFunction) => void;
export const REQUEST_LOGGER = Symbol('REQUEST_LOGGER');

/**
 * Structured JSON logs through one pino instance: Nest's own logs (AppLogger) and one line per
 * request. Every request gets an id (the caller's `x-request-id` when it is sane, else a UUID),
 * echoed in the response header and logged with the request's line and with its errors. Log
 * lines written inside a request do not carry the id: tracking the request across awaits takes an
 * AsyncLocalStorage, which on Node 22 puts a hook on every promise of the process, and measured
 * it cost 40% of the throughput of streamed replies (see docs/decisions/runtime-and-tooling.md, "No AsyncLocalStorage").
 */
@Global()
@Module({
  providers: [
    {
      provide: AppLogger,
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) => new AppLogger(pino({ level: config.get('app', { infer: true }).logLevel, ...traceIdsInLogs() })),
    },
    {
      provide: REQUEST_LOGGER,
      inject: [AppLogger],
      useFactory: (logger: AppLogger): RequestLogger => requestLogger(logger.pino),
    },
  ],
  exports: [AppLogger, REQUEST_LOGGER],
})
export class LoggingModule {}

/**
 * The request id, then one line once the response is done: `{req: {id, method, url}, res:
 * {statusCode}, responseTime}` with "request completed", or with `err` and "request errored" for a
 * status of 500 and above (the lines pino-http wrote). Method and path are read as the request
 * arrives; nothing is serialised or allocated for the line unless info is logged. Never headers
 * (cookies, Bearer tokens) or bodies (passwords, notes); link tokens and notes are blanked in the query.
 */
function requestLogger(logger: Logger): RequestLogger {
  return (request, response, next) => {
    const given = request.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    response.setHeader('x-request-id', id);
    (request as Request & { id: string }).id = id;
    if (request.url === '/api/health' || !logger.isLevelEnabled('info')) return next();
    const startedAt = Date.now();
    const req = { id, method: request.method, url: loggableUrl(request.originalUrl || request.url) };
    let logged = false;
    // 'close' alone when the client went away before the response finished.
    const done = () => {
      if (logged) return;
      logged = true;
      const res = { statusCode: response.headersSent ? response.statusCode : null };
      const responseTime = Date.now() - startedAt;
      if (response.statusCode >= 500) {
        logger.info({ req, res, err: new Error(`failed with status code ${response.statusCode}`), responseTime }, 'request errored');
      } else {
        logger.info({ req, res, responseTime }, 'request completed');
      }
    };
    response.once('finish', done);
    response.once('close', done);
    next();
  };
}
