import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { Response } from 'express';

/**
 * The throttler guard with this service's 429: a plain `Retry-After` header (seconds) and a
 * message that says which limit was hit.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(Math.max(1, detail.timeToBlockExpire)));
    return Promise.reject(new ThrottlerException(
      detail.tracker.startsWith('team:')
        ? `Rate limit of your team's plan exceeded (${detail.limit} requests per ${detail.ttl / 1000} s); retry later`
        : `Too many sign-ups from your address; try again in ${Math.max(1, detail.timeToBlockExpire)} s`,
    ));
  }
}
