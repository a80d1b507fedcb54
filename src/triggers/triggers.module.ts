import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEventsModule } from '../audit-events/audit-events.module.js';
import { RunsModule } from '../runs/runs.module.js';
import { RateLimitModule } from '../teams/rate-limit/rate-limit.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { WorkflowsModule } from '../workflows/workflows.module.js';
import { TriggerToken } from './trigger-token.entity.js';
import { TriggersController } from './triggers.controller.js';
import { TriggersService } from './triggers.service.js';

/** Trigger tokens and the runs they start from outside (POST /api/workflows/:id/trigger). */
@Module({
  imports: [TypeOrmModule.forFeature([TriggerToken]), WorkflowsModule, RunsModule, TeamsModule, RateLimitModule, AuditEventsModule],
  controllers: [TriggersController],
  providers: [TriggersService],
})
export class TriggersModule {}
