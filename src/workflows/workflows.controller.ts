import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SuccessResponse } from '../http/openapi/common.response.js';
import { ApiErrors } from '../http/openapi/api-responses.decorator.js';
import { Audit, type AuditContext } from '../audit-events/audit-context.js';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import { WorkflowPlanQuota } from '../teams/rate-limit/rate-limit.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { CreateWorkflowDto } from './dto/create-workflow.dto.js';
import { UpdateStepsDto } from './dto/update-steps.dto.js';
import { CreatedWorkflowResponse, WorkflowDetailResponse, WorkflowListItemResponse } from './workflows.response.js';
import { WorkflowsService } from './workflows.service.js';
import { Permission } from '../teams/permissions/permission.decorator.js';

@ApiTags('workflows')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('workflows')
export class WorkflowsController {
  constructor(private readonly workflows: WorkflowsService) {}

  @Permission('workflow.create')
  @WorkflowPlanQuota()
  @ApiOperation({ summary: 'Create a workflow from a goal (the plan is mailed for approval)' })
  @Post()
  @ApiCreatedResponse({ type: CreatedWorkflowResponse, description: 'A draft: its plan is mailed for approval' })
  // 500: the model failed to plan, or planned outside the plan's schema (nothing is stored).
  @ApiErrors(402, 500)
  create(@ActiveTeam() team: TeamContext, @Body() dto: CreateWorkflowDto, @Audit() audit: AuditContext): Promise<CreatedWorkflowResponse> {
    return this.workflows.create(team, dto, audit);
  }

  @Permission('workflow.read')
  @ApiOperation({ summary: "List the team's workflows" })
  @Get()
  @ApiOkResponse({ type: [WorkflowListItemResponse] })
  list(@ActiveTeam() team: TeamContext): Promise<WorkflowListItemResponse[]> {
    return this.workflows.list(team.teamId);
  }

  @Permission('workflow.read')
  @ApiOperation({ summary: 'Get a workflow with its steps and runs' })
  @Get(':id')
  @ApiOkResponse({ type: WorkflowDetailResponse })
  get(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string): Promise<WorkflowDetailResponse> {
    return this.workflows.get(team.teamId, id);
  }

  /** Replaces the plan; an active workflow goes back to draft and needs a new approval. */
  @Permission('workflow.edit')
  @HttpCode(200)
  @ApiOperation({ summary: "Replace a workflow's steps (back to draft, a new approval mail)" })
  @Post(':id/steps')
  @ApiOkResponse({ type: WorkflowDetailResponse, description: 'Back to draft; the new plan is mailed for approval' })
  @ApiErrors(409)
  replaceSteps(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() dto: UpdateStepsDto,
    @Audit() audit: AuditContext,
  ): Promise<WorkflowDetailResponse> {
    return this.workflows.replaceSteps(team, id, dto, audit);
  }

  @Permission('workflow.delete')
  @ApiOperation({ summary: 'Delete a workflow' })
  @Delete(':id')
  @ApiOkResponse({ type: SuccessResponse })
  @ApiErrors(409)
  async delete(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string, @Audit() audit: AuditContext): Promise<SuccessResponse> {
    await this.workflows.delete(team, id, audit);
    return { success: true };
  }
}
