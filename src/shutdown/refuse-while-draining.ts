import type { NextFunction, Request, Response } from 'express';
import { isOpenAiRequest, openAiErrorBody } from '../openai-api/openai-exception.filter.js';
import type { ShutdownService } from './shutdown.service.js';

/** Seconds a client is asked to wait before it retries on another (or the restarted) instance. */
const DRAINING_RETRY_AFTER_SECONDS = 5;
const DRAINING_MESSAGE = 'This instance is shutting down; try again shortly';

/**
 * While the instance drains for a stop, requests arriving on connections it still has open get
 * 503 with Retry-After, and the connection is closed, so clients and load balancers move on. The
 * body is in the shape the caller's API speaks (OpenAI's under /v1), as the error filter would write
 * it: this runs before Nest's routing, where filters do not reach.
 */
export function refuseWhileDraining(shutdown: ShutdownService) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!shutdown.isDraining) return next();
    response.setHeader('Connection', 'close');
    response.setHeader('Retry-After', String(DRAINING_RETRY_AFTER_SECONDS));
    response
      .status(503)
      .json(isOpenAiRequest(request) ? openAiErrorBody(503, DRAINING_MESSAGE) : { statusCode: 503, error: 'Service Unavailable', message: DRAINING_MESSAGE });
  };
}
