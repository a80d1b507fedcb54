import { Module } from '@nestjs/common';
import { WebhookEventsModule } from '../webhook-events/webhook-events.module.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEventsModule } from '../audit-events/audit-events.module.js';
import { AssetsModule } from '../assets/assets.module.js';
import { AssistantModule } from '../assistant/assistant.module.js';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { WorkflowsModule } from '../workflows/workflows.module.js';
import { RunStep } from './entities/run-step.entity.js';
import { WorkflowRun } from '../workflow-runs/workflow-run.entity.js';
import { RunAbortRegistry } from './run-abort.registry.js';
import { RunEventsService } from './run-events.service.js';
import { RunExecutorService } from './run-executor.service.js';
import { RunRetriesService } from './run-retries.service.js';
import { RunStateService } from './run-state.service.js';
import { RunStepStateService } from './run-step-state.service.js';
import { RunSweeperService } from './run-sweeper.service.js';
import { RunsController } from './runs.controller.js';
import { RunsService } from './runs.service.js';
import { UsageModule } from '../usage/usage.module.js';

@Module({
  imports: [TypeOrmModule.forFeature([RunStep, WorkflowRun]), WorkflowsModule, ConversationsModule, AssetsModule, AssistantModule, UsageModule, AuditEventsModule, WebhookEventsModule],
  controllers: [RunsController],
  providers: [RunStateService, RunStepStateService, RunsService, RunRetriesService, RunExecutorService, RunSweeperService, RunAbortRegistry, RunEventsService],
  exports: [RunStateService, RunsService, RunAbortRegistry],
})
export class RunsModule {}
