import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { QueryFailedError } from 'typeorm';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string | string[];
}

/** Errors thrown by Express middleware before Nest's router (body-parser's http-errors). */
interface MiddlewareHttpError {
  status: number;
  expose: boolean;
  type?: string;
  message: string;
}

const UNIQUE_VIOLATION = '23505';

/** The one place error bodies are written: `{statusCode, error, message}` for every failure. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (response.headersSent) {
      // A stream has begun: the status is gone, so end it; the error is already logged.
      response.end();
      return;
    }
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      const message =
        typeof payload === 'object' && payload !== null && 'message' in payload
          ? (payload as { message: string | string[] }).message
          : exception.message;
      return body(status, message);
    }
    if (isMiddlewareHttpError(exception)) {
      if (exception.type === 'entity.parse.failed') return body(HttpStatus.BAD_REQUEST, 'Malformed JSON in request body');
      if (exception.type === 'entity.too.large') return body(HttpStatus.PAYLOAD_TOO_LARGE, 'Request body too large');
      return body(exception.status, exception.message);
    }
    if (exception instanceof QueryFailedError && (exception.driverError as { code?: string }).code === UNIQUE_VIOLATION) {
      return body(HttpStatus.CONFLICT, 'The request conflicts with the current state of the resource');
    }
    this.logger.error(exception instanceof Error ? exception.stack ?? exception.message : String(exception));
    return body(HttpStatus.INTERNAL_SERVER_ERROR, 'Internal server error');
  }
}

function body(statusCode: number, message: string | string[]): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

function isMiddlewareHttpError(value: unknown): value is MiddlewareHttpError {
  if (!(value instanceof Error)) return false;
  const candidate = value as Partial<MiddlewareHttpError>;
  return candidate.expose === true && typeof candidate.status === 'number' && candidate.status >= 400 && candidate.status < 500;
}
