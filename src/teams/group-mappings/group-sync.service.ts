import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuditContext } from '../../audit-events/audit-context.js';
import { AuditService } from '../../audit-events/audit.service.js';
import { SessionCache } from '../auth/session-cache.js';
import { SessionsService } from '../auth/sessions.service.js';
import { Membership, ROLES, type Role } from '../entities/membership.entity.js';

/** What one sync did in one team. */
export interface GroupSyncChange {
  teamId: string;
  change: 'added' | 'role_changed' | 'removed' | 'refused_last_owner';
  before: Role | null;
  after: Role | null;
}

/** Lower index, more rights: the highest mapped role wins. */
const RANK = new Map<Role, number>(ROLES.map((role, index) => [role, index]));

/**
 * Memberships follow the identity provider's groups, in every team that maps any of them: a mapped
 * group adds the user with the highest mapped role, and when none remains the membership goes.
 * Only memberships that group sync made are changed or removed; those made by hand are left alone
 * (docs/decisions/group-mappings.md). A team never loses its last owner: that change is refused and
 * recorded. Called at every SSO sign-in and every SCIM change of a user's groups.
 */
@Injectable()
export class GroupSyncService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly sessions: SessionsService,
    private readonly sessionCache: SessionCache,
  ) {}

  async applyGroups(userId: string, groupNames: readonly string[], audit: AuditContext): Promise<GroupSyncChange[]> {
    const changes = await this.dataSource.transaction(async (manager) => {
      const wanted = await this.wantedRoles(manager, groupNames);
      const held: { team_id: string }[] = await manager.query(`SELECT team_id FROM memberships WHERE user_id = $1 AND source = 'group'`, [userId]);
      // One team at a time, in a fixed order, each locked as the member-changing routes lock it.
      const teamIds = [...new Set([...wanted.keys(), ...held.map((row) => row.team_id)])].sort();
      const done: GroupSyncChange[] = [];
      for (const teamId of teamIds) {
        const change = await this.syncTeam(manager, teamId, userId, wanted.get(teamId) ?? null, audit);
        if (change) done.push(change);
      }
      return done;
    });
    for (const change of changes) {
      if (change.change === 'removed') await this.sessions.revokeInTeam(userId, change.teamId);
      else if (change.change === 'role_changed') await this.sessionCache.announce({ team: change.teamId });
    }
    return changes;
  }

  /** Per team, the highest role any of the groups is mapped to there. */
  private async wantedRoles(manager: EntityManager, groupNames: readonly string[]): Promise<Map<string, Role>> {
    if (groupNames.length === 0) return new Map();
    const rows: { team_id: string; role: Role }[] = await manager.query(`SELECT team_id, role FROM group_mappings WHERE group_name = ANY($1::text[])`, [
      [...groupNames],
    ]);
    const wanted = new Map<string, Role>();
    for (const { team_id: teamId, role } of rows) {
      const current = wanted.get(teamId);
      if (current === undefined || RANK.get(role)! < RANK.get(current)!) wanted.set(teamId, role);
    }
    return wanted;
  }

  private async syncTeam(manager: EntityManager, teamId: string, userId: string, wanted: Role | null, audit: AuditContext): Promise<GroupSyncChange | null> {
    const locked: unknown[] = await manager.query('SELECT 1 FROM teams WHERE id = $1 FOR UPDATE', [teamId]);
    if (locked.length === 0) return null;
    const membership = await manager.findOneBy(Membership, { teamId, userId });
    const target = { type: 'user', id: userId };
    if (!membership) {
      if (!wanted) return null;
      await manager.insert(Membership, { teamId, userId, role: wanted, source: 'group' });
      await this.audit.record(manager, audit, { teamId, action: 'member.added', target, changes: { role: { before: null, after: wanted }, source: 'group' } });
      return { teamId, change: 'added', before: null, after: wanted };
    }
    if (membership.source !== 'group' || membership.role === wanted) return null;
    if (membership.role === 'owner' && !(await this.hasAnotherOwner(manager, teamId, userId))) {
      await this.audit.record(manager, audit, {
        teamId,
        action: 'member.group_sync_refused',
        target,
        changes: { reason: 'last_owner', role: { before: 'owner', after: wanted } },
      });
      return { teamId, change: 'refused_last_owner', before: 'owner', after: wanted };
    }
    if (!wanted) {
      await manager.delete(Membership, { teamId, userId });
      await this.audit.record(manager, audit, { teamId, action: 'member.removed', target, changes: { role: { before: membership.role, after: null }, source: 'group' } });
      return { teamId, change: 'removed', before: membership.role, after: null };
    }
    await manager.update(Membership, { teamId, userId }, { role: wanted });
    await this.audit.record(manager, audit, {
      teamId,
      action: 'member.role_changed',
      target,
      changes: { role: { before: membership.role, after: wanted }, source: 'group' },
    });
    return { teamId, change: 'role_changed', before: membership.role, after: wanted };
  }

  private async hasAnotherOwner(manager: EntityManager, teamId: string, userId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM memberships WHERE team_id = $1 AND role = 'owner' AND user_id <> $2 LIMIT 1`, [teamId, userId]);
    return rows.length > 0;
  }
}
