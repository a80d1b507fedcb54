import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import { TooManyRequestsException } from '../../http/too-many-requests.exception.js';

/**
 * The throttler guard with this service's 429: a plain `Retry-After` header (seconds) and a
 * message that says which limit was hit.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const retryAfter = Math.max(1, detail.timeToBlockExpire);
    return Promise.reject(new TooManyRequestsException(limitMessage(detail, retryAfter), retryAfter));
  }
}

/** Which limit was hit, by the tracker's kind (see rateLimitOptions). */
function limitMessage({ tracker, limit, ttl }: ThrottlerLimitDetail, retryAfter: number): string {
  const kind = tracker.slice(0, tracker.indexOf(':'));
  switch (kind) {
    case 'team':
      return `Rate limit of your team's plan exceeded (${limit} requests per ${ttl / 1000} s); retry later`;
    case 'user':
      return `Rate limit of your plan exceeded for your account, across all your teams (${limit} requests per ${ttl / 1000} s); retry later`;
    case 'workflow-plans':
      return `Your team's plan allows ${limit} new workflows per hour; retry in ${retryAfter} s`;
    case 'run-starts':
      return `Your team's plan allows ${limit} run starts per hour; retry in ${retryAfter} s`;
    case 'password-change':
      return `Too many password changes for your account; try again in ${retryAfter} s`;
    case 'password-reset-ip':
      return `Too many password reset requests from your address; try again in ${retryAfter} s`;
    case 'password-reset-email':
      return `Too many password reset requests for this email address; try again in ${retryAfter} s`;
    case 'scim':
      return `Rate limit of this SCIM token exceeded (${limit} requests per ${ttl / 1000} s); retry in ${retryAfter} s`;
    default:
      return `Too many sign-ups from your address; try again in ${retryAfter} s`;
  }
}
