import { type CanActivate, type ExecutionContext, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { hasCredentialInRequest } from './credential-in-request.decorator.js';
import { isSafeMethod } from './safe-methods.js';

import { JSON_TYPES } from './json-body.parser.js';

const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * The API takes JSON bodies only: a page on another site can send a form or text/plain body with
 * the visitor's cookie and no preflight, but not JSON. A write with a body of another type is 415
 * (the JSON parser left it unread); routes with their credential in the request also take forms.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (isSafeMethod(request.method) || !hasBody(request)) return true;
    const accepted = hasCredentialInRequest(this.reflector, context) ? [...JSON_TYPES, FORM_TYPE] : JSON_TYPES;
    if (request.is(accepted)) return true;
    throw new UnsupportedMediaTypeException(`Request bodies must be ${accepted.join(' or ')}`);
  }
}

/** A body of at least one byte is announced; `Content-Length: 0` (a bodiless fetch POST) is none. */
function hasBody(request: Request): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}
