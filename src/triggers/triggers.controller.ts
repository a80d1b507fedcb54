import { Body, Controller, Delete, Get, Headers, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../http/openapi/api-responses.decorator.js';
import { Audit, type AuditContext } from '../audit-events/audit-context.js';
import { Public } from '../common/public.decorator.js';
import { StartedRunResponse } from '../runs/runs.response.js';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { Permission } from '../teams/permissions/permission.decorator.js';
import { CreateTriggerTokenDto } from './dto/create-trigger-token.dto.js';
import { CreatedTriggerTokenResponse, TriggerTokenResponse } from './triggers.response.js';
import { TriggersService } from './triggers.service.js';

@ApiTags('triggers')
@Controller('workflows')
export class TriggersController {
  constructor(private readonly triggers: TriggersService) {}

  /** Starts a run with the JSON body as its input; authenticated by a trigger token of this workflow, not a session. */
  @Public()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Start a run with a trigger token' })
  @Post(':id/trigger')
  @ApiCreatedResponse({ type: StartedRunResponse, description: 'A run started with the JSON body as its input' })
  @ApiErrors(402, 409, 413, 422)
  trigger(
    @Param('id', ParseUUIDPipe) id: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() payload: unknown,
    @Audit() audit: AuditContext,
  ): Promise<StartedRunResponse> {
    return this.triggers.trigger(id, authorization, payload, audit);
  }

  /** A new trigger token for this workflow; its secret is in this response only. */
  @ApiBearerAuth()
  @ApiCookieAuth()
  @Permission('workflow.run')
  @ApiOperation({ summary: 'Create a trigger token for a workflow (shown once)' })
  @Post(':id/trigger-tokens')
  @ApiCreatedResponse({ type: CreatedTriggerTokenResponse })
  create(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() dto: CreateTriggerTokenDto,
    @Audit() audit: AuditContext,
  ): Promise<CreatedTriggerTokenResponse> {
    return this.triggers.create(team, id, dto, audit);
  }

  @ApiBearerAuth()
  @ApiCookieAuth()
  @Permission('workflow.read')
  @ApiOperation({ summary: "List a workflow's trigger tokens" })
  @Get(':id/trigger-tokens')
  @ApiOkResponse({ type: [TriggerTokenResponse] })
  list(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string): Promise<TriggerTokenResponse[]> {
    return this.triggers.list(team, id);
  }

  @ApiBearerAuth()
  @ApiCookieAuth()
  @Permission('workflow.run')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a trigger token' })
  @Delete(':id/trigger-tokens/:tokenId')
  revoke(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('tokenId', ParseUUIDPipe) tokenId: string,
    @Audit() audit: AuditContext,
  ): Promise<void> {
    return this.triggers.revoke(team, id, tokenId, audit);
  }
}
