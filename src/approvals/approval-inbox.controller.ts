import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiCookieAuth, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Audit, type AuditContext } from '../audit-events/audit-context.js';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { Permission } from '../teams/permissions/permission.decorator.js';
import { ApprovalInboxService } from './approval-inbox.service.js';
import { InboxDecisionsResponse, type InboxItem, PlanInboxItem, StepInboxItem } from './approvals.response.js';
import { DecideApprovalsDto } from './dto/decide-approvals.dto.js';

/** The approvals inbox: what waits for the signed-in user's decision in their active team. */
@ApiTags('approvals')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('approvals')
export class ApprovalInboxController {
  constructor(private readonly inbox: ApprovalInboxService) {}

  @Permission('workflow.approve')
  @ApiOperation({ summary: "What waits for the caller's decision: plan approvals and run steps" })
  @Get()
  @ApiExtraModels(PlanInboxItem, StepInboxItem)
  @ApiOkResponse({
    schema: {
      type: 'array',
      items: { oneOf: [{ $ref: getSchemaPath(PlanInboxItem) }, { $ref: getSchemaPath(StepInboxItem) }], discriminator: { propertyName: 'kind', mapping: { plan: getSchemaPath(PlanInboxItem), step: getSchemaPath(StepInboxItem) } } },
    },
    description: 'Plan approvals mailed to the caller and steps they may decide, longest waiting first, with age, due time, run and what the step made',
  })
  list(@ActiveTeam() team: TeamContext): Promise<InboxItem[]> {
    return this.inbox.list(team);
  }

  /** Each decision through the path of its one-at-a-time route; the answer says, per item, what happened. */
  @Permission('workflow.approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Decide several approvals at once, each through its own route' })
  @Post('decide')
  @ApiOkResponse({ type: InboxDecisionsResponse, description: 'Per decision, in order, status 200 (applied) or the 403, 404 or 409 its own route would answer (nothing changed)' })
  @ApiBadRequestResponse({ description: 'A malformed decision, or a plan rejected: nothing is decided' })
  async decide(@ActiveTeam() team: TeamContext, @Body() dto: DecideApprovalsDto, @Audit() audit: AuditContext): Promise<InboxDecisionsResponse> {
    return { results: await this.inbox.decide(team, dto, audit) };
  }
}
