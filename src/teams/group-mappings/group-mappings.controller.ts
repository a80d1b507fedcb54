import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../http/openapi/api-responses.decorator.js';
import { Audit, type AuditContext } from '../../audit-events/audit-context.js';
import { Permission } from '../permissions/permission.decorator.js';
import { CreateGroupMappingDto, GroupMappingResponse } from './group-mapping.dto.js';
import { GroupMappingsService } from './group-mappings.service.js';

@ApiTags('teams')
@Controller('teams/:id/group-mappings')
export class GroupMappingsController {
  constructor(private readonly mappings: GroupMappingsService) {}

  @Permission('team.group_mappings.read', { teamParam: 'id' })
  @ApiOperation({ summary: "List a team's identity provider group mappings" })
  @ApiOkResponse({ type: [GroupMappingResponse] })
  @Get()
  list(@Param('id', ParseUUIDPipe) id: string): Promise<GroupMappingResponse[]> {
    return this.mappings.list(id);
  }

  @Permission('team.group_mappings.edit', { teamParam: 'id' })
  @ApiOperation({ summary: 'Map an identity provider group to a team role' })
  @ApiCreatedResponse({ type: GroupMappingResponse })
  @ApiErrors(409)
  @Post()
  create(@Param('id', ParseUUIDPipe) id: string, @Body() dto: CreateGroupMappingDto, @Audit() audit: AuditContext): Promise<GroupMappingResponse> {
    return this.mappings.create(id, dto, audit);
  }

  @Permission('team.group_mappings.edit', { teamParam: 'id' })
  @ApiOperation({ summary: 'Remove a group mapping' })
  @Delete(':mappingId')
  @HttpCode(204)
  async delete(@Param('id', ParseUUIDPipe) id: string, @Param('mappingId', ParseUUIDPipe) mappingId: string, @Audit() audit: AuditContext): Promise<void> {
    await this.mappings.delete(id, mappingId, audit);
  }
}
