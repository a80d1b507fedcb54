import { Controller, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiConflictResponse, ApiCookieAuth, ApiNotFoundResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { PlanApprovalMailResponse } from '../workflows/workflows.response.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import { Permission } from '../teams/permissions/permission.decorator.js';
import { ParseSerialIdPipe } from '../http/parse-serial-id.pipe.js';
import { ApprovalMailsService } from './approval-mails.service.js';
import { StepApprovalMailResponse } from './approvals.response.js';

/**
 * Fresh approval mails, asked for from the dashboard: a draft's plan (the workflows module owns the
 * draft and queues its mail) and a waiting step's (the runs module owns the step and queues it).
 */
@ApiTags('approvals')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('workflows')
export class ApprovalMailsController {
  constructor(
    private readonly workflows: WorkflowsService,
    private readonly mails: ApprovalMailsService,
  ) {}

  @Permission('workflow.approve')
  @HttpCode(202)
  @ApiOperation({ summary: 'Mail a fresh plan approval link' })
  @Post(':id/approval-mail')
  @ApiAcceptedResponse({ type: PlanApprovalMailResponse, description: 'A fresh plan approval link is mailed to the workflow\'s creator (the team\'s first owner once the creator has left it)' })
  @ApiNotFoundResponse({ description: 'No such workflow in the active team' })
  @ApiConflictResponse({ description: 'The workflow is not a draft (its plan is approved)' })
  @ApiTooManyRequestsResponse({ description: 'A fresh link was asked for within the last 60 s; Retry-After says when to ask again' })
  resend(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string): Promise<PlanApprovalMailResponse> {
    return this.workflows.resendPlanApproval(team, id);
  }

  @Permission('workflow.approve')
  @HttpCode(202)
  @ApiOperation({ summary: 'Mail a fresh approval link for the step a run waits on' })
  @Post(':id/runs/:runId/approval-mail')
  @ApiAcceptedResponse({ type: StepApprovalMailResponse, description: 'A fresh link (a new token, valid 2 h) for the step the run waits on is mailed to whoever got the first' })
  @ApiNotFoundResponse({ description: 'No such run in the active team' })
  @ApiConflictResponse({ description: 'The run is not waiting for a step approval' })
  @ApiTooManyRequestsResponse({ description: 'A fresh link was asked for within the last 60 s; Retry-After says when to ask again' })
  resendStep(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('runId', ParseSerialIdPipe) runId: number,
  ): Promise<StepApprovalMailResponse> {
    return this.mails.resendStepApproval(team, id, runId);
  }
}
