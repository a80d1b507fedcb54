import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from './metrics.service.js';

/**
 * Requests no route matched (404s, scanners): one label value, never the path they asked for.
 * Nest answers them from a catch-all of its own, whose template (`*path`) is not a path.
 */
const UNMATCHED = 'unmatched';

/**
 * Times every request until its response ends (or the client leaves) and records it by method, the route template
 * Express matched (`/api/workflows/:id/run`: a bounded set, never the path with its ids) and the
 * status class.
 */
export function recordHttpMetrics(metrics: Metrics) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const end = metrics.httpDuration.startTimer();
    response.once('close', () => {
      const route = (request.route as { path?: unknown } | undefined)?.path;
      end({ method: request.method, route: typeof route === 'string' && route.startsWith('/') ? route : UNMATCHED, status_class: `${Math.floor(response.statusCode / 100)}xx` });
    });
    next();
  };
}
