import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEventsModule } from '../audit-events/audit-events.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { RunsModule } from '../runs/runs.module.js';
import { WorkflowsModule } from '../workflows/workflows.module.js';
import { ApprovalTokensService } from './approval-tokens.service.js';
import { ApprovalsController } from './approvals.controller.js';
import { ApprovalsService } from './approvals.service.js';
import { ApprovalDecision } from './entities/approval-decision.entity.js';
import { ApprovalMailsController } from './approval-mails.controller.js';
import { ApprovalMailsService } from './approval-mails.service.js';
import { StepDecisionsController } from './step-decisions.controller.js';
import { ApprovalInboxController } from './approval-inbox.controller.js';
import { ApprovalInboxService } from './approval-inbox.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ApprovalDecision]), TeamsModule, WorkflowsModule, RunsModule, AuditEventsModule],
  controllers: [ApprovalsController, StepDecisionsController, ApprovalMailsController, ApprovalInboxController],
  providers: [ApprovalsService, ApprovalTokensService, ApprovalMailsService, ApprovalInboxService],
  exports: [ApprovalsService, ApprovalInboxService],
})
export class ApprovalsModule {}
