import { Controller, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import { ParseSerialIdPipe } from '../http/parse-serial-id.pipe.js';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
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
}
