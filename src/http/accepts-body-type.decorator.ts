import { type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

const ACCEPTS_BODY_TYPES = 'acceptsBodyTypes';

/**
 * Declares the JSON dialects a controller or route takes besides `application/json` (SCIM's
 * `application/scim+json`, RFC 7644 §3.1), so JsonBodyGuard takes them there and names JSON alone
 * elsewhere. The JSON parser (json-body.parser.ts) must read the type too.
 */
export const AcceptsBodyTypes = (...types: string[]) => SetMetadata(ACCEPTS_BODY_TYPES, types);

export function acceptedBodyTypes(reflector: Reflector, context: ExecutionContext): string[] {
  return reflector.getAllAndOverride<string[] | undefined>(ACCEPTS_BODY_TYPES, [context.getHandler(), context.getClass()]) ?? [];
}
