import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { AppConfig } from '../../../config/configuration.js';
import { unverifiedException } from './email-verification.service.js';

const ALLOWED_UNVERIFIED = 'allowedUnverified';

/** A signed-in route an unverified account may still use under EMAIL_VERIFICATION=required (who am I, sign out, resend the link). */
export const AllowedUnverified = () => SetMetadata(ALLOWED_UNVERIFIED, true);

/**
 * With EMAIL_VERIFICATION=required, a signed-in account whose address is not verified is refused
 * every route not marked @AllowedUnverified(): 403 with `code: email_unverified`. Runs after
 * authentication; public routes have no caller and pass.
 */
@Injectable()
export class VerifiedEmailGuard implements CanActivate {
  private readonly required: boolean;

  constructor(
    private readonly reflector: Reflector,
    config: ConfigService<AppConfig, true>,
  ) {
    this.required = config.get('auth', { infer: true }).emailVerification === 'required';
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.required) return true;
    const caller = context.switchToHttp().getRequest<Request>().user;
    if (!caller || caller.emailVerified) return true;
    if (this.reflector.getAllAndOverride<boolean>(ALLOWED_UNVERIFIED, [context.getHandler(), context.getClass()])) return true;
    throw unverifiedException('Verify your email address first: open the link we mailed you, or ask for a new one');
  }
}
