import type { Role } from '../api/types';

export const ROLE_NAMES: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member', viewer: 'Viewer' };

/** Roles that manage members and invitations, as the API's membership rules have them. */
export function isManager(role: Role): boolean {
  return role === 'owner' || role === 'admin';
}

/** The roles `caller` may give or take away, as the API allows: only owners make or unmake owners. */
export function assignableRoles(caller: Role): Role[] {
  if (caller === 'owner') return ['owner', 'admin', 'member', 'viewer'];
  return caller === 'admin' ? ['admin', 'member', 'viewer'] : [];
}
