import type { Action, MeResponse } from '../api/types';

/** A resource an `own` permission judges by: its creator's user id (null: nobody's, so only `yes` roles act on it). */
export interface Owned {
  createdBy: string | null;
}

/**
 * Whether `me` may take `action`, on `resource` when there is one: `yes` always, `no` never, `own`
 * only on what `me` created (without a resource, `own` shows the button: the API judges each one).
 */
export function mayTake(me: Pick<MeResponse, 'permissions' | 'user'>, action: Action, resource?: Owned): boolean {
  const access = me.permissions[action];
  if (access === 'own') return resource === undefined || resource.createdBy === me.user.id;
  return access === 'yes';
}
