import { randomBytes } from 'node:crypto';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuditContext } from '../../audit-events/audit-context.js';
import { AuditService } from '../../audit-events/audit.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { User } from '../entities/user.entity.js';
import { GroupSyncService } from '../group-mappings/group-sync.service.js';
import { TeamsService } from '../teams.service.js';
import type { UserFilterSql } from './scim-user-filter.js';

/** A user as SCIM sees it. */
export interface DirectoryUser {
  id: string;
  email: string;
  name: string;
  externalId: string | null;
  active: boolean;
  createdAt: Date;
}

/** What the identity provider sends for a user (already checked against the SCIM schema). */
export interface DirectoryUserInput {
  email: string;
  name: string;
  externalId: string | null;
  active: boolean;
}

export interface DirectoryGroup {
  id: string;
  displayName: string;
  externalId: string | null;
  memberIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface DirectoryGroupInput {
  displayName: string;
  externalId: string | null;
  memberIds: string[];
}

/**
 * The users and groups an identity provider provisions over SCIM. Users are this service's
 * accounts (userName is the email address, which the provider vouches for); groups are kept as the
 * provider sends them, and every change of a user's groups is applied to memberships through
 * GroupSyncService. Deactivation ends everything the user holds in one transaction.
 */
@Injectable()
export class ScimDirectoryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly sessions: SessionsService,
    private readonly teams: TeamsService,
    private readonly groupSync: GroupSyncService,
    private readonly hasher: PasswordHasher,
  ) {}

  /** Every user, or those `filter` (a SCIM filter made SQL) picks, oldest first. */
  async listUsers(filter?: UserFilterSql): Promise<DirectoryUser[]> {
    const query = this.dataSource.getRepository(User).createQueryBuilder('u').orderBy('u.createdAt', 'ASC');
    if (filter) query.where(filter.where, filter.params);
    return (await query.getMany()).map(directoryUser);
  }

  async getUser(id: string): Promise<DirectoryUser> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id });
    if (!user) throw new NotFoundException(`User ${id} not found`);
    return directoryUser(user);
  }

  /** A new account with its personal team, its address verified, and no password that anyone knows (it signs in by SSO). */
  async createUser(input: DirectoryUserInput, audit: AuditContext): Promise<DirectoryUser> {
    const passwordHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
    return this.dataSource.transaction(async (manager) => {
      if (await manager.existsBy(User, { email: input.email })) throw Object.assign(new ConflictException('A user with this userName already exists'), { scimType: 'uniqueness' });
      const [{ now }] = await manager.query<{ now: Date }[]>('SELECT now()');
      const user = await manager.save(
        manager.create(User, {
          email: input.email,
          name: input.name,
          passwordHash,
          emailVerifiedAt: now,
          scimExternalId: input.externalId,
          deactivatedAt: input.active ? null : now,
        }),
      );
      const team = await this.teams.createOwned(user.id, `${input.name}'s team`, manager);
      await this.audit.record(manager, audit, {
        teamId: null,
        action: 'user.provisioned',
        target: { type: 'user', id: user.id },
        changes: { email: input.email, name: input.name, active: input.active, personalTeam: team.id },
      });
      return directoryUser(user);
    });
  }

  /** PUT and PATCH: the fields as the provider now has them; `active` turning false deactivates, true reactivates. */
  async updateUser(id: string, input: DirectoryUserInput, audit: AuditContext): Promise<DirectoryUser> {
    let revoked: string[] = [];
    const user = await this.dataSource.transaction(async (manager) => {
      const before = await lockUser(manager, id);
      if (input.email !== before.email && (await manager.existsBy(User, { email: input.email }))) {
        throw Object.assign(new ConflictException('A user with this userName already exists'), { scimType: 'uniqueness' });
      }
      const changes: Record<string, unknown> = {};
      if (input.email !== before.email) changes.email = { before: before.email, after: input.email };
      if (input.name !== before.name) changes.name = { before: before.name, after: input.name };
      if (input.externalId !== before.scimExternalId) changes.externalId = { before: before.scimExternalId, after: input.externalId };
      const wasActive = before.deactivatedAt === null;
      const [{ now }] = await manager.query<{ now: Date }[]>('SELECT now()');
      await manager.update(User, { id }, {
        email: input.email,
        name: input.name,
        scimExternalId: input.externalId,
        deactivatedAt: input.active ? null : (before.deactivatedAt ?? now),
      });
      if (Object.keys(changes).length > 0) await this.audit.record(manager, audit, { teamId: null, action: 'user.updated', target: { type: 'user', id }, changes });
      if (wasActive && !input.active) revoked = await this.deactivate(manager, id, audit);
      if (!wasActive && input.active) await this.audit.record(manager, audit, { teamId: null, action: 'user.reactivated', target: { type: 'user', id } });
      return manager.findOneByOrFail(User, { id });
    });
    if (!input.active) await this.sessions.endStreamsOf(id, revoked);
    return directoryUser(user);
  }

  /**
   * DELETE: the account is deactivated, not erased (its workflows, conversations and audit trail
   * stay with their teams); the provider no longer sees it as provisioned only in that it is inactive.
   */
  async deleteUser(id: string, audit: AuditContext): Promise<void> {
    const revoked = await this.dataSource.transaction(async (manager) => {
      const before = await lockUser(manager, id);
      await manager.query('DELETE FROM scim_group_members WHERE user_id = $1', [id]);
      if (before.deactivatedAt !== null) return [];
      await manager.query('UPDATE users SET deactivated_at = now() WHERE id = $1', [id]);
      return this.deactivate(manager, id, audit);
    });
    await this.sessions.endStreamsOf(id, revoked);
    await this.groupSync.applyGroups(id, [], audit);
  }

  private async deactivate(manager: EntityManager, id: string, audit: AuditContext): Promise<string[]> {
    const revoked = await this.sessions.revokeEverySession(manager, id);
    await this.audit.record(manager, audit, { teamId: null, action: 'user.deactivated', target: { type: 'user', id }, changes: { sessionsRevoked: revoked.length } });
    return revoked;
  }

  async listGroups(): Promise<DirectoryGroup[]> {
    return this.groupRows(null);
  }

  async getGroup(id: string): Promise<DirectoryGroup> {
    const [group] = await this.groupRows(id);
    if (!group) throw new NotFoundException(`Group ${id} not found`);
    return group;
  }

  /** Create (id null) or replace a group; the members it gained or lost have their groups applied. */
  async saveGroup(id: string | null, input: DirectoryGroupInput, audit: AuditContext): Promise<DirectoryGroup> {
    const { groupId, affected } = await this.dataSource.transaction(async (manager) => {
      const clash: { id: string }[] = await manager.query('SELECT id FROM scim_groups WHERE display_name = $1', [input.displayName]);
      if (clash.length > 0 && clash[0].id !== id) throw Object.assign(new ConflictException('A group with this displayName already exists'), { scimType: 'uniqueness' });
      const known: { id: string }[] = await manager.query('SELECT id FROM users WHERE id = ANY($1::uuid[])', [input.memberIds]);
      if (known.length !== new Set(input.memberIds).size) throw Object.assign(new NotFoundException('A member of the group is no provisioned user'), { scimType: 'invalidValue' });
      let before: DirectoryGroup | null = null;
      let groupId = id;
      if (id === null) {
        const [row] = await manager.query<{ id: string }[]>('INSERT INTO scim_groups (display_name, external_id) VALUES ($1, $2) RETURNING id', [input.displayName, input.externalId]);
        groupId = row.id;
      } else {
        [before] = await this.groupRows(id, manager, true);
        if (!before) throw new NotFoundException(`Group ${id} not found`);
        await manager.query('UPDATE scim_groups SET display_name = $2, external_id = $3, updated_at = now() WHERE id = $1', [id, input.displayName, input.externalId]);
        await manager.query('DELETE FROM scim_group_members WHERE group_id = $1', [id]);
      }
      await manager.query('INSERT INTO scim_group_members (group_id, user_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING', [groupId, input.memberIds]);
      await this.audit.record(manager, audit, {
        teamId: null,
        action: id === null ? 'scim_group.created' : 'scim_group.updated',
        target: { type: 'scim_group', id: groupId! },
        changes: {
          displayName: { before: before?.displayName ?? null, after: input.displayName },
          members: { before: before?.memberIds ?? [], after: input.memberIds },
        },
      });
      // A rename changes every member's groups; otherwise only who joined or left.
      const renamed = before !== null && before.displayName !== input.displayName;
      const was = new Set(before?.memberIds ?? []);
      const now = new Set(input.memberIds);
      const affected = [...new Set([...was, ...now])].filter((user) => renamed || was.has(user) !== now.has(user));
      return { groupId: groupId!, affected };
    });
    for (const userId of affected) await this.applyGroupsOf(userId, audit);
    return this.getGroup(groupId);
  }

  async deleteGroup(id: string, audit: AuditContext): Promise<void> {
    const members = await this.dataSource.transaction(async (manager) => {
      const [group] = await this.groupRows(id, manager, true);
      if (!group) throw new NotFoundException(`Group ${id} not found`);
      await manager.query('DELETE FROM scim_groups WHERE id = $1', [id]);
      await this.audit.record(manager, audit, { teamId: null, action: 'scim_group.deleted', target: { type: 'scim_group', id }, changes: { displayName: group.displayName } });
      return group.memberIds;
    });
    for (const userId of members) await this.applyGroupsOf(userId, audit);
  }

  /** The user's provisioned groups, applied to memberships. */
  private async applyGroupsOf(userId: string, audit: AuditContext): Promise<void> {
    const rows: { display_name: string }[] = await this.dataSource.query(
      'SELECT g.display_name FROM scim_groups g JOIN scim_group_members m ON m.group_id = g.id WHERE m.user_id = $1',
      [userId],
    );
    await this.groupSync.applyGroups(userId, rows.map((row) => row.display_name), audit);
  }

  private async groupRows(id: string | null, manager: EntityManager = this.dataSource.manager, lock = false): Promise<DirectoryGroup[]> {
    const rows: { id: string; display_name: string; external_id: string | null; created_at: Date; updated_at: Date; member_ids: string[] }[] = await manager.query(
      `SELECT g.id, g.display_name, g.external_id, g.created_at, g.updated_at,
              coalesce((SELECT array_agg(m.user_id::text ORDER BY m.user_id) FROM scim_group_members m WHERE m.group_id = g.id), '{}') AS member_ids
         FROM scim_groups g WHERE ($1::uuid IS NULL OR g.id = $1) ORDER BY g.created_at${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows.map((row) => ({
      id: row.id,
      displayName: row.display_name,
      externalId: row.external_id,
      memberIds: row.member_ids,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }
}

async function lockUser(manager: EntityManager, id: string): Promise<User> {
  const rows: unknown[] = await manager.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [id]);
  if (rows.length === 0) throw new NotFoundException(`User ${id} not found`);
  return manager.findOneByOrFail(User, { id });
}

function directoryUser(user: User): DirectoryUser {
  return { id: user.id, email: user.email, name: user.name, externalId: user.scimExternalId, active: user.deactivatedAt === null, createdAt: user.createdAt };
}
