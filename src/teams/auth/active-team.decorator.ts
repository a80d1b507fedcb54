import { createParamDecorator, type ExecutionContext, InternalServerErrorException } from '@nestjs/common';
import type { Request } from 'express';
import type { TeamContext } from './team-context.js';

/**
 * The caller's team context. Throws a 500 when no guard has set it (a route marked public by
 * mistake), so an unscoped query can never run.
 */
export const ActiveTeam = createParamDecorator((_data: unknown, context: ExecutionContext): TeamContext => {
  const request = context.switchToHttp().getRequest<Request>();
  const team = request.user;
  if (!team?.teamId) throw new InternalServerErrorException('Team context missing');
  return team;
});
