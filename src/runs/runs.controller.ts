import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiEventStream } from '../http/openapi/api-responses.decorator.js';
import { ParseSerialIdPipe } from '../http/parse-serial-id.pipe.js';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { OpenStream } from '../teams/auth/open-stream.decorator.js';
import { RunStartQuota } from '../teams/rate-limit/rate-limit.decorator.js';
import type { Response } from 'express';
import { Audit, type AuditContext } from '../audit-events/audit-context.js';
import { RetryRunDto } from './dto/retry-run.dto.js';
import { RunRetriesService } from './run-retries.service.js';
import { RetriedRunResponse, RunDetailResponse, StartedRunResponse, StoppedRunResponse } from './runs.response.js';
import { RunsService } from './runs.service.js';
import { Permission } from '../teams/permissions/permission.decorator.js';

@ApiTags('runs')
@ApiBearerAuth()
@ApiCookieAuth()
@Controller('workflows')
export class RunsController {
  constructor(
    private readonly runs: RunsService,
    private readonly retries: RunRetriesService,
  ) {}

  /** Starts a run by hand: 422 unless the workflow is active, 409 while another run is in progress. */
  @Permission('workflow.run')
  @RunStartQuota()
  @ApiOperation({ summary: 'Run a workflow now' })
  @Post(':id/run')
  @ApiCreatedResponse({ type: StartedRunResponse, description: 'Queued; follow it on its events or its conversation' })
  @ApiErrors(402, 409, 422)
  start(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string, @Audit() audit: AuditContext): Promise<StartedRunResponse> {
    return this.runs.startManual(team, id, audit);
  }

  @Permission('workflow.run')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop a run' })
  @Post(':id/runs/:runId/stop')
  @ApiOkResponse({ type: StoppedRunResponse })
  @ApiErrors(409)
  stop(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('runId', ParseSerialIdPipe) runId: number,
    @Audit() audit: AuditContext,
  ): Promise<StoppedRunResponse> {
    return this.runs.stop(team, id, runId, audit);
  }

  /** The run with its steps (status, attempts, reused or not) and the runs that retry it. */
  @Permission('workflow.read')
  @ApiOperation({ summary: 'Get a run with its steps, decisions, usage and assets' })
  @Get(':id/runs/:runId')
  @ApiOkResponse({ type: RunDetailResponse })
  detail(@ActiveTeam() team: TeamContext, @Param('id', ParseUUIDPipe) id: string, @Param('runId', ParseSerialIdPipe) runId: number): Promise<RunDetailResponse> {
    return this.runs.detail(team, id, runId);
  }

  /**
   * Starts a new run linked to this finished one, reusing its outputs for the steps before
   * `fromStep`: 422 for a run in progress, a draft workflow or a step with nothing before it to
   * reuse, 409 while another run is in progress.
   */
  @Permission('workflow.run')
  @RunStartQuota()
  @ApiOperation({ summary: 'Retry a failed run from its failed step' })
  @Post(':id/runs/:runId/retry')
  @ApiCreatedResponse({ type: RetriedRunResponse, description: 'A new run, starting at the failed step with the earlier outputs' })
  @ApiErrors(402, 409, 422)
  retry(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('runId', ParseSerialIdPipe) runId: number,
    @Body() dto: RetryRunDto,
    @Audit() audit: AuditContext,
  ): Promise<RetriedRunResponse> {
    return this.retries.retry(team, id, runId, dto, audit);
  }

  /** The run's progress as Server-Sent Events: its current state, then each change until it ends. */
  @Permission('workflow.read')
  @OpenStream()
  @ApiOperation({ summary: "Follow a run's progress (server-sent events)" })
  @Get(':id/runs/:runId/events')
  @ApiEventStream("The run's state, then each change until it ends")
  follow(
    @ActiveTeam() team: TeamContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('runId', ParseSerialIdPipe) runId: number,
    @Res() response: Response,
  ): Promise<void> {
    return this.runs.follow(team, id, runId, response);
  }
}
