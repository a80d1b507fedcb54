import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { TooManyRequestsException } from '../../../http/too-many-requests.exception.js';
import { LoginThrottleService } from './login-throttle.service.js';

/**
 * Sign-in: an attempt that must wait is answered 429 with `Retry-After` before the password is
 * looked at. A body without an email string is left to validation (400), uncounted.
 */
@Injectable()
export class LoginThrottleGuard implements CanActivate {
  constructor(private readonly throttle: LoginThrottleService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') return true;
    // The client's address as the proxy settings (TRUST_PROXY_HOPS) resolve it.
    const wait = await this.throttle.admit(email, request.ip);
    if (!wait) return true;
    throw new TooManyRequestsException(wait.message, wait.seconds, 'login_throttle');
  }
}
