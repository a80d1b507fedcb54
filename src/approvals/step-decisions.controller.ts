import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiCookieAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Audit, type AuditContext } from '../audit-events/audit-context.js';
import { ApiErrors } from '../http/openapi/api-responses.decorator.js';
import { ParseSerialIdPipe } from '../http/parse-serial-id.pipe.js';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { StepDecisionResponse } from './approvals.response.js';
import { ApprovalsService } from './approvals.service.js';
import { StepDecisionDto } from './dto/step-decision.dto.js';
import { Permission } from '../teams/permissions/permission.decorator.js';

/** Step approvals from the dashboard: the signed-in user instead of a mailed link. */
@ApiTags('approvals')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('workflows')
export class StepDecisionsController {
  constructor(private readonly approvals: ApprovalsService) {}

  /** Approves or rejects the step the run is paused on, as its approval email's links do. */
  @Permission('workflow.approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve or reject the step a run waits on' })
  @Post(':id/runs/:runId/decision')
  @ApiOkResponse({ type: StepDecisionResponse, description: 'The run goes on (status running)' })
  @ApiNotFoundResponse({ description: 'No such run in the active team' })
  @ApiConflictResponse({ description: 'The step is no longer awaiting approval; nothing changed' })
  @ApiErrors(400)
  decide(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('runId', ParseSerialIdPipe) runId: number,
    @Body() dto: StepDecisionDto,
    @Audit() audit: AuditContext,
  ): Promise<StepDecisionResponse> {
    return this.approvals.decideFromDashboard(team, id, runId, dto, audit);
  }
}
