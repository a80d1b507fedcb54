import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { OPEN_STREAM } from './open-stream.decorator.js';
import { OpenStreamsService } from './open-streams.service.js';

/**
 * On @OpenStream() routes, takes a slot of the caller's open streams before the handler runs
 * (429 past a cap), so that a refused chat message starts no reply. The slot is given back when
 * the response closes, also when a later guard or the handler refuses the request.
 */
@Injectable()
export class OpenStreamGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly streams: OpenStreamsService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.reflector.get<boolean | undefined>(OPEN_STREAM, context.getHandler())) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    // Only authenticated routes stream: the auth guard has set the caller.
    if (request.user) this.streams.hold(request.user, http.getResponse<Response>());
    return true;
  }
}
