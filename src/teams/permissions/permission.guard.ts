import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, InternalServerErrorException, NotFoundException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import { Repository } from 'typeorm';
import { IS_PUBLIC } from '../../common/public.decorator.js';
import { Membership } from '../entities/membership.entity.js';
import { PERMISSION, type PermissionMetadata } from './permission.decorator.js';
import { refusal } from './permissions.js';

/**
 * The one place a route's action is checked against the caller's role and credential (the
 * permission table in permissions.ts). Runs after authentication. A route without @Permission()
 * is a 500, so a new route cannot be open by omission. Routes on a named team judge the caller's
 * role in that team; an API token never acts in a team other than its own (404, as for a stranger).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class PermissionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @InjectRepository(Membership) private readonly memberships: Repository<Membership>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const permission = this.reflector.getAllAndOverride<PermissionMetadata | undefined>(PERMISSION, targets);
    if (!permission) throw new InternalServerErrorException('Route has no permission');
    const request = context.switchToHttp().getRequest<Request>();
    const caller = request.user;
    if (!caller) throw new InternalServerErrorException('Team context missing');
    let role = caller.role;
    const teamId = permission.teamParam ? String(request.params[permission.teamParam]) : null;
    // A malformed id is left to the route's ParseUUIDPipe (400), judged meanwhile by the active team's role.
    if (teamId !== null && UUID.test(teamId)) {
      const named = caller.sessionKind === 'api_token' && teamId !== caller.teamId ? null : await this.roleIn(teamId, caller.userId);
      if (!named) throw new NotFoundException('Team not found');
      role = named;
    }
    const reason = refusal({ ...caller, role }, permission.action, request.method);
    if (reason) throw new ForbiddenException(reason);
    return true;
  }

  private async roleIn(teamId: string, userId: string): Promise<Membership['role'] | null> {
    const membership = await this.memberships.findOne({ where: { teamId, userId }, select: { role: true } });
    return membership?.role ?? null;
  }
}
