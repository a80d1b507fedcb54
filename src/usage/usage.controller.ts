import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { UsageQueryDto } from './dto/usage-query.dto.js';
import { UsageReportResponse } from './usage.response.js';
import { UsageService } from './usage.service.js';
import { Permission } from '../teams/permissions/permission.decorator.js';

@ApiTags('usage')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Permission('team.read')
  @ApiOperation({ summary: "The team's usage by day and by model" })
  @ApiOkResponse({ type: UsageReportResponse })
  @Get()
  report(@ActiveTeam() team: TeamContext, @Query() query: UsageQueryDto): Promise<UsageReportResponse> {
    return this.usage.report(team, query);
  }
}
