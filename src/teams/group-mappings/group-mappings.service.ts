import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AuditContext } from '../../audit-events/audit-context.js';
import { AuditService } from '../../audit-events/audit.service.js';
import { GroupMapping } from '../entities/group-mapping.entity.js';
import type { CreateGroupMappingDto, GroupMappingResponse } from './group-mapping.dto.js';

/** The most mappings one team keeps: each is matched at every sign-in and provisioning call. */
export const MAX_GROUP_MAPPINGS_PER_TEAM = 100;

/** A team's mappings of identity-provider groups to roles (the permission guard admitted the caller for the team). */
@Injectable()
export class GroupMappingsService {
  constructor(
    @InjectRepository(GroupMapping) private readonly mappings: Repository<GroupMapping>,
    private readonly audit: AuditService,
  ) {}

  async list(teamId: string): Promise<GroupMappingResponse[]> {
    const rows = await this.mappings.find({ where: { teamId }, order: { groupName: 'ASC' } });
    return rows.map(map);
  }

  /** Deployment-wide, for the operator's report: mappings in all teams, and the teams that have any. */
  async countAll(): Promise<{ count: number; teams: number }> {
    const [row] = await this.mappings.query<{ count: number; teams: number }[]>('SELECT count(*)::int AS count, count(DISTINCT team_id)::int AS teams FROM group_mappings');
    return row;
  }

  create(teamId: string, dto: CreateGroupMappingDto, audit: AuditContext): Promise<GroupMappingResponse> {
    return this.mappings.manager.transaction(async (manager) => {
      await manager.query('SELECT 1 FROM teams WHERE id = $1 FOR UPDATE', [teamId]);
      if (await manager.existsBy(GroupMapping, { teamId, groupName: dto.groupName })) throw new ConflictException('This group is already mapped in this team');
      if ((await manager.countBy(GroupMapping, { teamId })) >= MAX_GROUP_MAPPINGS_PER_TEAM) {
        throw new ConflictException(`A team keeps at most ${MAX_GROUP_MAPPINGS_PER_TEAM} group mappings`);
      }
      const mapping = await manager.save(manager.create(GroupMapping, { teamId, groupName: dto.groupName, role: dto.role }));
      await this.audit.record(manager, audit, {
        teamId,
        action: 'group_mapping.created',
        target: { type: 'group_mapping', id: mapping.id },
        changes: { groupName: dto.groupName, role: dto.role },
      });
      return map(mapping);
    });
  }

  /** Memberships the mapping made stay until the user's groups are next applied (sign-in, provisioning). */
  async delete(teamId: string, id: string, audit: AuditContext): Promise<void> {
    await this.mappings.manager.transaction(async (manager) => {
      const mapping = await manager.findOneBy(GroupMapping, { id, teamId });
      if (!mapping) throw new NotFoundException('Group mapping not found');
      await manager.delete(GroupMapping, { id, teamId });
      await this.audit.record(manager, audit, {
        teamId,
        action: 'group_mapping.deleted',
        target: { type: 'group_mapping', id },
        changes: { groupName: mapping.groupName, role: mapping.role },
      });
    });
  }
}

function map(mapping: GroupMapping): GroupMappingResponse {
  return { id: mapping.id, groupName: mapping.groupName, role: mapping.role, createdAt: mapping.createdAt.toISOString() };
}
