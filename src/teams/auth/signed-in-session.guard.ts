import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import type { Request } from 'express';

/**
 * Routes that mint or change credentials take a signed-in session only: a leaked API token must
 * not be able to make itself new tokens or take the account over. Runs after authentication.
 */
@Injectable()
export class SignedInSessionGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const team = context.switchToHttp().getRequest<Request>().user;
    if (team?.sessionKind === 'api_token') {
      throw new ForbiddenException('API tokens cannot create API tokens or change credentials; sign in to do that');
    }
    return true;
  }
}
