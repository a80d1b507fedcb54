import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { ScimTokensService } from './scim-tokens.service.js';

/** The SCIM token that authenticated the request, for the audit trail. */
export interface ScimRequest extends Request {
  scimTokenId?: string;
}

/**
 * SCIM routes are @Public() to the session guards and answer to this one alone: a deployment-wide
 * bearer token the operator made (docs/decisions/scim-provisioning.md).
 */
@Injectable()
export class ScimTokenGuard implements CanActivate {
  constructor(private readonly tokens: ScimTokensService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ScimRequest>();
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const tokenId = match ? await this.tokens.verify(match[1]) : null;
    if (!tokenId) throw new UnauthorizedException('A valid SCIM bearer token is required');
    request.scimTokenId = tokenId;
    return true;
  }
}
