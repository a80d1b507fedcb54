import { HttpException, HttpStatus } from '@nestjs/common';

/** 429 with the seconds until a retry can succeed, which the error filter sends as `Retry-After`. */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
