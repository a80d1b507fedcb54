import { Body, Controller, Get, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiCookieAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Audit, type AuditContext } from '../../audit-events/audit-context.js';
import { Permission } from '../../teams/permissions/permission.decorator.js';
import { AgentToolApprovalsResponse } from './agent-tool-approvals.response.js';
import { AgentToolApprovalsService } from './agent-tool-approvals.service.js';
import { SetAgentToolApprovalsDto } from './dto/set-agent-tool-approvals.dto.js';

@ApiTags('teams')
@ApiBearerAuth()
@ApiCookieAuth()
@ApiNotFoundResponse({ description: 'Not a team of the caller, or no such agent' })
@Controller('teams/:id/agents')
export class AgentToolApprovalsController {
  constructor(private readonly approvals: AgentToolApprovalsService) {}

  @Permission('team.read', { teamParam: 'id' })
  @ApiOperation({ summary: "The agents' built-in tools, and which need a person's approval in the team" })
  @Get('tool-approvals')
  @ApiOkResponse({ type: [AgentToolApprovalsResponse] })
  list(@Param('id', ParseUUIDPipe) id: string): Promise<AgentToolApprovalsResponse[]> {
    return this.approvals.list(id);
  }

  @Permission('team.tool_approvals', { teamParam: 'id' })
  @ApiOperation({ summary: "Set which of an agent's built-in tools need a person's approval in the team" })
  @Put(':agentId/tool-approvals')
  @ApiOkResponse({ type: AgentToolApprovalsResponse })
  @ApiBadRequestResponse({ description: 'A name that is not one of the agent\'s tools, twice, or not a list' })
  @ApiForbiddenResponse({ description: "Only the team's owners and admins" })
  set(
    @Param('id', ParseUUIDPipe) id: string,
    @Param('agentId') agentId: string,
    @Body() dto: SetAgentToolApprovalsDto,
    @Audit() audit: AuditContext,
  ): Promise<AgentToolApprovalsResponse> {
    return this.approvals.set(id, agentId, dto.approvalTools, audit);
  }
}
