import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import { WorkflowPlanQuota } from '../teams/rate-limit/rate-limit.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { CreateWorkflowDto } from './dto/create-workflow.dto.js';
import { UpdateStepsDto } from './dto/update-steps.dto.js';
import type { CreatedWorkflowResponse, PlanApprovalMailResponse, WorkflowDetailResponse, WorkflowListItemResponse } from './workflows.response.js';
import { WorkflowsService } from './workflows.service.js';

@ApiTags('workflows')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('workflows')
export class WorkflowsController {
  constructor(private readonly workflows: WorkflowsService) {}

  @WorkflowPlanQuota()
  @Post()
  create(@ActiveTeam() team: TeamContext, @Body() dto: CreateWorkflowDto): Promise<CreatedWorkflowResponse> {
    return this.workflows.create(team, dto);
  }

  @Get()
  list(@ActiveTeam() team: TeamContext): Promise<WorkflowListItemResponse[]> {
    return this.workflows.list(team.teamId);
  }

  @Get(':id')
  get(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string): Promise<WorkflowDetailResponse> {
    return this.workflows.get(team.teamId, id);
  }

  /** Replaces the plan; an active workflow goes back to draft and needs a new approval. */
  @HttpCode(200)
  @Post(':id/steps')
  replaceSteps(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() dto: UpdateStepsDto,
  ): Promise<WorkflowDetailResponse> {
    return this.workflows.replaceSteps(team.teamId, id, dto);
  }

  @HttpCode(202)
  @Post(':id/approval-mail')
  @ApiAcceptedResponse({ description: '{ message, sentTo }: a fresh plan approval link is mailed to the workflow\'s creator (the team\'s first owner once the creator has left it)' })
  @ApiNotFoundResponse({ description: 'No such workflow in the active team' })
  @ApiConflictResponse({ description: 'The workflow is not a draft (its plan is approved)' })
  @ApiTooManyRequestsResponse({ description: 'A fresh link was asked for within the last 60 s; Retry-After says when to ask again' })
  resendApprovalMail(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string): Promise<PlanApprovalMailResponse> {
    return this.workflows.resendPlanApproval(team.teamId, id);
  }

  @Delete(':id')
  async delete(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string): Promise<{ success: true }> {
    await this.workflows.delete(team.teamId, id);
    return { success: true };
  }
}
