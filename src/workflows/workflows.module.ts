import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WorkflowRun } from './entities/workflow-run.entity.js';
import { WorkflowStep } from './entities/workflow-step.entity.js';
import { Workflow } from './entities/workflow.entity.js';
import { PlanGeneratorService } from './plan-generator.service.js';
import { WorkflowEvents } from './workflow-events.js';
import { WorkflowRunsService } from './workflow-runs.service.js';
import { WorkflowsController } from './workflows.controller.js';
import { WorkflowsService } from './workflows.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Workflow, WorkflowStep, WorkflowRun])],
  controllers: [WorkflowsController],
  providers: [WorkflowsService, WorkflowRunsService, PlanGeneratorService, WorkflowEvents],
  exports: [WorkflowsService, WorkflowRunsService, WorkflowEvents],
})
export class WorkflowsModule {}
