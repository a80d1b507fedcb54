import { applyDecorators, type ExecutionContext, SetMetadata, UseInterceptors } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { FormBodyInterceptor } from './form-body.interceptor.js';

const CREDENTIAL_IN_REQUEST = 'credentialInRequest';

/**
 * Marks routes whose credential travels in the request itself (an approval link's token), never
 * in the session cookie. A page on another site gains nothing by sending one, so they take HTML
 * form posts (as well as JSON) and the cross-site origin check leaves them alone.
 */
export const CredentialInRequest = () => applyDecorators(SetMetadata(CREDENTIAL_IN_REQUEST, true), UseInterceptors(FormBodyInterceptor));

export function hasCredentialInRequest(reflector: Reflector, context: ExecutionContext): boolean {
  return reflector.getAllAndOverride<boolean | undefined>(CREDENTIAL_IN_REQUEST, [context.getHandler(), context.getClass()]) === true;
}
