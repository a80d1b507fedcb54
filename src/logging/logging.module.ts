import { randomUUID } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { NextFunction, Request, Response } from 'express';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
import type { AppConfig } from '../config/configuration.js';
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
 * it cost 40% of the throughput of streamed replies (see docs/decisions.md).
 */
@Global()
@Module({
  providers: [
    {
      provide: AppLogger,
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) => new AppLogger(pino({ level: config.get('app', { infer: true }).logLevel })),
    },
    {
      provide: REQUEST_LOGGER,
      inject: [AppLogger],
      useFactory: (logger: AppLogger): RequestLogger =>
        pinoHttp({
          logger: logger.pino,
          genReqId: (req, res) => {
            const given = req.headers['x-request-id'];
            const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
            res.setHeader('x-request-id', id);
            return id;
          },
          // Method, path and status are what an operator reads. Never headers (cookies, Bearer
          // tokens) or bodies (passwords, notes); link tokens and notes are blanked in the query.
          serializers: {
            req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
            res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          },
          autoLogging: { ignore: (req) => req.url === '/api/health' },
        }),
    },
  ],
  exports: [AppLogger, REQUEST_LOGGER],
})
export class LoggingModule {}
