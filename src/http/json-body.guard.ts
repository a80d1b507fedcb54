import { type CanActivate, type ExecutionContext, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { acceptedBodyTypes } from './accepts-body-type.decorator.js';
import { hasCredentialInRequest } from './credential-in-request.decorator.js';
import { isSafeMethod } from './safe-methods.js';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * The API takes JSON bodies only: a page on another site can send a form or text/plain body with
 * the visitor's cookie and no preflight, but not JSON. A write with a body of another type is 415
 * (the JSON parser left it unread); routes with their credential in the request also take forms, and a route may declare
 * another JSON dialect (@AcceptsBodyTypes).
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (isSafeMethod(request.method) || !hasBody(request)) return true;
    const accepted = [JSON_TYPE, ...(hasCredentialInRequest(this.reflector, context) ? [FORM_TYPE] : []), ...acceptedBodyTypes(this.reflector, context)];
    if (request.is(accepted)) return true;
    throw new UnsupportedMediaTypeException(`Request bodies must be ${accepted.join(' or ')}`);
  }
}

/** A body of at least one byte is announced; `Content-Length: 0` (a bodiless fetch POST) is none. */
function hasBody(request: Request): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}
