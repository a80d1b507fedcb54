import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/public.decorator.js';
import { HealthResponse } from './health.response.js';
import { HealthService } from './health.service.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * Liveness and readiness in one: 200 while every dependency answers (the database, the local
   * disk or the S3 bucket), otherwise 503 with Retry-After saying which and why, within
   * HEALTH_TIMEOUT_MS even when one of them is frozen.
   */
  @Public()
  @ApiOperation({ summary: 'Check the service (the spec-era health check)' })
  @ApiOkResponse({ type: HealthResponse })
  @Get()
  check(): Promise<HealthResponse> {
    return this.health.check();
  }

  /** Liveness for an orchestrator: the process answers. No dependency is checked, so an outage never restarts it. */
  @Public()
  @ApiOperation({ summary: 'Liveness probe: the process answers' })
  @ApiOkResponse({ type: HealthResponse })
  @Get('live')
  live(): HealthResponse {
    return { status: 'ok' };
  }

  /** Readiness for an orchestrator: dependencies (database, queue, storage, Redis when configured) up and not draining. */
  @Public()
  @ApiOperation({ summary: 'Readiness probe: each dependency answers' })
  @ApiOkResponse({ type: HealthResponse })
  @Get('ready')
  ready(): Promise<HealthResponse> {
    return this.health.ready();
  }
}
