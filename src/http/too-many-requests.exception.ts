import { HttpException, HttpStatus } from '@nestjs/common';

/** Which limit refused a request: the `kind` label of the refusals metric. */
export type RefusalKind = 'rate_limit' | 'quota' | 'login_throttle';

/** 429 with the seconds until a retry can succeed, which the error filter sends as `Retry-After`. */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    readonly kind: RefusalKind = 'rate_limit',
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
