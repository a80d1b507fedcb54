import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/configuration.js';

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/**
 * Structured JSON logs. Every request gets an id (the caller's `x-request-id` when it is sane,
 * else a UUID), echoed in the response header and attached to every log line of the request.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) => ({
        pinoHttp: {
          level: config.get('app', { infer: true }).logLevel,
          genReqId: (req, res) => {
            const given = req.headers['x-request-id'];
            const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
            res.setHeader('x-request-id', id);
            return id;
          },
          // Method, path and status are what an operator reads; headers would carry credentials.
          serializers: {
            req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
            res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          },
          autoLogging: { ignore: (req) => req.url === '/api/health' },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
