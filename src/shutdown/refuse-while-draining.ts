import { ServiceUnavailableException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { ShutdownService } from './shutdown.service.js';

/** Seconds a client is asked to wait before it retries on another (or the restarted) instance. */
const DRAINING_RETRY_AFTER_SECONDS = 5;
const DRAINING_MESSAGE = 'This instance is shutting down; try again shortly';

/**
 * While the instance drains for a stop, requests arriving on connections it still has open get
 * 503 with Retry-After, and the connection is closed, so clients and load balancers move on. The
 * refusal is handed to the app's error filter (as the body parser's errors are), which writes it
 * in the shape the caller's API speaks (OpenAI's under /v1).
 */
export function refuseWhileDraining(shutdown: ShutdownService) {
  return (_request: Request, response: Response, next: NextFunction): void => {
    if (!shutdown.isDraining) return next();
    response.setHeader('Connection', 'close');
    response.setHeader('Retry-After', String(DRAINING_RETRY_AFTER_SECONDS));
    next(new ServiceUnavailableException(DRAINING_MESSAGE));
  };
}
