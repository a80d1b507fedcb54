import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { databaseUnavailableReason, violatedConstraint } from '../database/database-errors.js';
import { OutageLog } from '../database/outage-log.js';
import { unavailableStorage } from './transient-errors.js';
import { redisUnavailableReason } from '../redis/redis-errors.js';
import { Metrics } from '../metrics/metrics.service.js';
import { TooManyRequestsException } from './too-many-requests.exception.js';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string | string[];
  /** A stable machine-readable reason, where a client must tell one refusal from another (e.g. `email_unverified`). */
  code?: string;
}

/**
 * Body-parser failures, which Nest's Express adapter wraps in an HttpException (as its cause),
 * get a plain message instead of the parser's own wording.
 */
const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'Malformed JSON in request body',
  'entity.too.large': 'Request body too large',
  'encoding.unsupported': 'Unsupported request body encoding',
};

/** Seconds a client is told to wait before retrying a 503 (an outage of the database, Redis or storage, a full disk, or the health check failing). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * An API that speaks another protocol's error shape (the OpenAI-compatible one under /v1): the
 * bodies of the requests it claims are rendered by it. The filter still decides the status,
 * message, headers (Retry-After) and logging.
 */
export interface ErrorShape {
  claims(request: Request): boolean;
  render(body: ErrorBody, exception: unknown): object;
  /** The status this API answers where its clients expect another than the app's (`body.statusCode`). */
  statusOf?(body: ErrorBody): number;
  /** Headers this API's clients read beside the body (e.g. whether to retry). */
  headersOf?(body: ErrorBody): Record<string, string>;
}

/**
 * The one place error bodies are written: `{statusCode, error, message}` for every failure, or in
 * the shape of the API a request is for (`shapes`). Errors raised before routing (the body parser,
 * an unknown path, a draining instance's refusal) reach it too.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(
    private readonly shapes: readonly ErrorShape[] = [],
    private readonly metrics?: Metrics,
  ) {}

  private readonly logger = new Logger('Exceptions');
  /**
   * While the database is unavailable every request fails the same way: logged once (again
   * after a minute without such failures), not once per request; each request's own line has its 503.
   */
  private readonly outage = new OutageLog('requests', this.logger, { forgetAfterMs: 60_000, meanwhile: 'answering 503' });

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request & { id?: unknown }>();
    const body = this.toBody(exception, request.id);
    if (response.headersSent) {
      // A stream has begun: the status is gone, so end it; the error is already logged.
      response.end();
      return;
    }
    if (exception instanceof TooManyRequestsException) {
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
      this.metrics?.refusals.inc({ kind: exception.kind });
    }
    if (body.statusCode === 402) this.metrics?.refusals.inc({ kind: 'budget' });
    if (body.statusCode === 503 && !response.hasHeader('Retry-After')) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    const shape = this.shapes.find((candidate) => candidate.claims(request));
    for (const [name, value] of Object.entries(shape?.headersOf?.(body) ?? {})) response.setHeader(name, value);
    response.status(shape?.statusOf?.(body) ?? body.statusCode).json(shape?.render(body, exception) ?? body);
  }

  /** `requestId`: the id the request is logged with, so an operator can find its line. */
  private toBody(exception: unknown, requestId: unknown): ErrorBody {
    // Wherever it was thrown (a guard reading the session, a service, a repository), a database
    // that cannot be reached is a 503 the client may retry, not a 500.
    const unavailable = exception instanceof HttpException ? undefined : databaseUnavailableReason(exception);
    if (unavailable) {
      this.outage.failed(exception);
      return body(HttpStatus.SERVICE_UNAVAILABLE, `Database unavailable: ${unavailable}`);
    }
    // A full disk (the database's or ours) or object storage out of reach: space and service come
    // back, so the write is worth retrying later. Each request's own log line has its 503.
    const storage = exception instanceof HttpException ? undefined : unavailableStorage(exception);
    if (storage) return body(HttpStatus.SERVICE_UNAVAILABLE, storage);
    // Redis out of reach (REDIS_URL) likewise; it logs its outage once per connection (redisConnector).
    const redisUnavailable = exception instanceof HttpException ? undefined : redisUnavailableReason(exception);
    if (redisUnavailable) return body(HttpStatus.SERVICE_UNAVAILABLE, `Redis unavailable: ${redisUnavailable}`);
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      const message =
        typeof payload === 'object' && payload !== null && 'message' in payload
          ? (payload as { message: string | string[] }).message
          : exception.message;
      const code = typeof payload === 'object' && payload !== null && 'code' in payload ? payload.code : undefined;
      return { ...body(status, bodyParserMessage(exception.cause) ?? message), ...(typeof code === 'string' ? { code } : {}) };
    }
    if (violatedConstraint(exception, '23505')) {
      return body(HttpStatus.CONFLICT, 'The request conflicts with the current state of the resource');
    }
    this.logger.error({ requestId, err: exception instanceof Error ? exception : String(exception) });
    return body(HttpStatus.INTERNAL_SERVER_ERROR, 'Internal server error');
  }
}

function body(statusCode: number, message: string | string[]): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

function bodyParserMessage(cause: unknown): string | undefined {
  const type = (cause as { type?: unknown } | undefined)?.type;
  return typeof type === 'string' ? BODY_PARSER_MESSAGES[type] : undefined;
}
