import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../http/openapi/api-responses.decorator.js';
import { Audit, type AuditContext } from '../audit-events/audit-context.js';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { NextRunsQueryDto } from './dto/next-runs.query.dto.js';
import { UpdateScheduleDto } from './dto/update-schedule.dto.js';
import { ScheduleResponse } from './schedules.response.js';
import { SchedulesService } from './schedules.service.js';
import { Permission } from '../teams/permissions/permission.decorator.js';

/** A workflow's schedule. Every answer is the schedule as it now stands, with its next `count` run times. */
@ApiTags('workflows')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('workflows/:id/schedule')
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @Permission('workflow.read')
  @ApiOperation({ summary: "A workflow's schedule and its next run times" })
  @Get()
  @ApiOkResponse({ type: ScheduleResponse })
  get(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string, @Query() query: NextRunsQueryDto): Promise<ScheduleResponse> {
    return this.schedules.get(team, id, query.count);
  }

  @Permission('workflow.schedule')
  @ApiOperation({ summary: "Change a workflow's schedule" })
  @Patch()
  @ApiOkResponse({ type: ScheduleResponse })
  update(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() dto: UpdateScheduleDto,
    @Query() query: NextRunsQueryDto,
    @Audit() audit: AuditContext,
  ): Promise<ScheduleResponse> {
    return this.schedules.update(team, id, dto, query.count, audit);
  }

  @Permission('workflow.schedule')
  @HttpCode(200)
  @ApiOperation({ summary: "Pause a workflow's schedule" })
  @Post('pause')
  @ApiOkResponse({ type: ScheduleResponse })
  @ApiErrors(409)
  pause(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Query() query: NextRunsQueryDto,
    @Audit() audit: AuditContext,
  ): Promise<ScheduleResponse> {
    return this.schedules.pause(team, id, query.count, audit);
  }

  @Permission('workflow.schedule')
  @HttpCode(200)
  @ApiOperation({ summary: "Resume a workflow's schedule" })
  @Post('resume')
  @ApiOkResponse({ type: ScheduleResponse })
  resume(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Query() query: NextRunsQueryDto,
    @Audit() audit: AuditContext,
  ): Promise<ScheduleResponse> {
    return this.schedules.resume(team, id, query.count, audit);
  }
}
