import { SetMetadata } from '@nestjs/common';
import type { Action } from './permissions.js';

export const PERMISSION = 'permission';

export interface PermissionMetadata {
  action: Action;
  /** The route parameter naming the team it acts on (`/api/teams/:id/…`): the caller's role there is judged, not in the active team. */
  teamParam?: string;
}

/** The action a route takes, checked against the permission table by PermissionGuard. Every authenticated route has one. */
export const Permission = (action: Action, options: { teamParam?: string } = {}) =>
  SetMetadata(PERMISSION, { action, ...options } satisfies PermissionMetadata);

/** The permission a route declares (on its handler, else its controller), as the guard reads it. */
export function permissionOf(controller: object, handler: object): PermissionMetadata | undefined {
  return (Reflect.getMetadata(PERMISSION, handler) ?? Reflect.getMetadata(PERMISSION, controller)) as PermissionMetadata | undefined;
}
