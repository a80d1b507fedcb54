import { WebhookEventsModule } from '../webhook-events/webhook-events.module.js';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RunsModule } from '../runs/runs.module.js';
import { RateLimitModule } from '../teams/rate-limit/rate-limit.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { WorkflowsModule } from '../workflows/workflows.module.js';
import { Clock, DatabaseTimeClock } from './clock.js';
import { ScheduleTick } from './schedule-tick.entity.js';
import { ScheduleTicksService } from './schedule-ticks.service.js';
import { SchedulerService } from './scheduler.service.js';
import { SchedulesController } from './schedules.controller.js';
import { SchedulesService } from './schedules.service.js';

/** Workflow schedules: their settings and API, the timers that fire them, and the record of every slot. */
@Module({
  imports: [TypeOrmModule.forFeature([ScheduleTick]), WorkflowsModule, RunsModule, TeamsModule, RateLimitModule, WebhookEventsModule],
  controllers: [SchedulesController],
  providers: [{ provide: Clock, useClass: DatabaseTimeClock }, SchedulerService, ScheduleTicksService, SchedulesService],
})
export class SchedulesModule {}
