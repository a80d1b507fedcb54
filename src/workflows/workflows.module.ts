import { Module } from '@nestjs/common';
import { AuditEventsModule } from '../audit-events/audit-events.module.js';
import { WebhookEventsModule } from '../webhook-events/webhook-events.module.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WorkflowRun } from '../workflow-runs/workflow-run.entity.js';
import { RateLimitModule } from '../teams/rate-limit/rate-limit.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { WorkflowStep } from './entities/workflow-step.entity.js';
import { Workflow } from './entities/workflow.entity.js';
import { PlanGeneratorService } from './plan-generator.service.js';
import { WorkflowEvents } from './workflow-events.js';
import { WorkflowsController } from './workflows.controller.js';
import { WorkflowsService } from './workflows.service.js';
import { UsageModule } from '../usage/usage.module.js';

@Module({
  // WorkflowRun is read here (the workflow page lists its runs); the runs module writes it.
  imports: [TypeOrmModule.forFeature([Workflow, WorkflowStep, WorkflowRun]), RateLimitModule, TeamsModule, UsageModule, AuditEventsModule, WebhookEventsModule],
  controllers: [WorkflowsController],
  providers: [WorkflowsService, PlanGeneratorService, WorkflowEvents],
  exports: [WorkflowsService, WorkflowEvents],
})
export class WorkflowsModule {}
