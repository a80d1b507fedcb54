import { Body, Controller, Get, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiCookieAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Audit, type AuditContext } from '../audit-events/audit-context.js';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { BudgetService } from './budget.service.js';
import { TeamBudgetResponse } from './budget.response.js';
import { SetTeamBudgetDto } from './dto/set-team-budget.dto.js';
import { Permission } from '../teams/permissions/permission.decorator.js';

@ApiTags('teams')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('teams/:id/budget')
export class BudgetController {
  constructor(private readonly budgets: BudgetService) {}

  @Permission('team.budget.read', { teamParam: 'id' })
  @ApiOperation({ summary: "The team's monthly token budget and what is used" })
  @ApiOkResponse({ type: TeamBudgetResponse })
  @Get()
  @ApiNotFoundResponse({ description: 'Not a team of the caller' })
  get(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string): Promise<TeamBudgetResponse> {
    return this.budgets.describe(team.userId, id);
  }

  @Permission('team.budget.edit', { teamParam: 'id' })
  @ApiOperation({ summary: "Set the team's monthly token budget" })
  @ApiOkResponse({ type: TeamBudgetResponse })
  @Put()
  @ApiBadRequestResponse({ description: "Above the plan's monthly tokens" })
  @ApiForbiddenResponse({ description: 'Only owners set the budget' })
  @ApiNotFoundResponse({ description: 'Not a team of the caller' })
  set(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() dto: SetTeamBudgetDto,
    @Audit() audit: AuditContext,
  ): Promise<TeamBudgetResponse> {
    return this.budgets.set(team.userId, id, dto.monthlyTokens, audit);
  }
}
