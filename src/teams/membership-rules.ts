import { ForbiddenException, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Membership, type Role } from './entities/membership.entity.js';

/** Roles that manage members and invitations. Only owners make, unmake, remove or invite owners. */
export const MANAGERS: readonly Role[] = ['owner', 'admin'];

/**
 * Starts a change to a team's members inside `manager`'s transaction: locks the team row, so
 * changes to one team run one at a time (two owners demoting each other cannot leave it without
 * an owner), and returns the caller's membership as it stands now. Not a member: 404, as for a
 * team that does not exist.
 */
export async function lockTeamFor(manager: EntityManager, teamId: string, userId: string): Promise<Membership> {
  await manager.query('SELECT 1 FROM teams WHERE id = $1 FOR UPDATE', [teamId]);
  const caller = await manager.findOneBy(Membership, { teamId, userId });
  if (!caller) throw new NotFoundException('Team not found');
  return caller;
}

export function requireManager(caller: Membership, message: string): void {
  if (!MANAGERS.includes(caller.role)) throw new ForbiddenException(message);
}

export function requireOwner(caller: Membership, message: string): void {
  if (caller.role !== 'owner') throw new ForbiddenException(message);
}
