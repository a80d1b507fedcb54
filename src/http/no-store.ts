import type { NextFunction, Request, Response } from 'express';

/**
 * API answers hold a team's data, and some hold credentials (sign-in, new API tokens): no browser
 * or proxy cache keeps them. Streams and files set their own caching after this.
 */
export function noStore(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Cache-Control', 'no-store');
  next();
}
