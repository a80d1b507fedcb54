import { promisify } from 'node:util';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type Request, type Response, urlencoded } from 'express';
import type { Observable } from 'rxjs';

/** A form carries a token and a note of at most a few thousand characters. */
const FORM_BODY_LIMIT = '32kb';

/**
 * Reads an HTML form post (application/x-www-form-urlencoded) into `request.body`, on the routes
 * marked @CredentialInRequest() only: no other route has a form parser, so no other route can be
 * driven by a form on someone else's page. Runs before the route's pipes validate the body.
 */
@Injectable()
export class FormBodyInterceptor implements NestInterceptor {
  private readonly parse = promisify<Request, Response>(urlencoded({ extended: false, limit: FORM_BODY_LIMIT }));

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    try {
      await this.parse(http.getRequest<Request>(), http.getResponse<Response>());
    } catch (error) {
      // As Express's own parsers' errors are: 413 for a form too large, 400 for a malformed one.
      throw this.adapterHost.httpAdapter.mapException(error);
    }
    return next.handle();
  }
}
