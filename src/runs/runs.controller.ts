import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import { ParseSerialIdPipe } from '../http/parse-serial-id.pipe.js';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import type { Response } from 'express';
import type { StartedRunResponse, StoppedRunResponse } from './runs.response.js';
import { RunsService } from './runs.service.js';

@ApiTags('runs')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('workflows')
export class RunsController {
  constructor(private readonly runs: RunsService) {}

  /** Starts a run by hand: 422 unless the workflow is active, 409 while another run is in progress. */
  @Post(':id/run')
  start(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string): Promise<StartedRunResponse> {
    return this.runs.startManual(team, id);
  }

  @HttpCode(200)
  @Post(':id/runs/:runId/stop')
  stop(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('runId', ParseSerialIdPipe) runId: number,
  ): Promise<StoppedRunResponse> {
    return this.runs.stop(team, id, runId);
  }

  /** The run's progress as Server-Sent Events: its current state, then each change until it ends. */
  @Get(':id/runs/:runId/events')
  follow(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('runId', ParseSerialIdPipe) runId: number,
    @Res() response: Response,
  ): Promise<void> {
    return this.runs.follow(team, id, runId, response);
  }
}
