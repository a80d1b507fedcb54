import { AssetsModule } from '../assets/assets.module.js';
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
import { ApprovalTimersService } from './approval-timers.service.js';
import { StepApproversService } from './step-approvers.service.js';
import { ApprovalDigestController } from './approval-digest.controller.js';
import { ApprovalDigestService } from './approval-digest.service.js';
import { ApprovalDigestUnsubscribeService } from './approval-digest-unsubscribe.service.js';
import { Clock, DatabaseTimeClock } from '../schedules/clock.js';

@Module({
  imports: [TypeOrmModule.forFeature([ApprovalDecision]), TeamsModule, WorkflowsModule, RunsModule, AuditEventsModule, AssetsModule],
  controllers: [ApprovalsController, StepDecisionsController, ApprovalMailsController, ApprovalInboxController, ApprovalDigestController],
  // The timers' clock: the database's, as the scheduler's (tests replace both with one they move).
  providers: [ApprovalsService, ApprovalTokensService, ApprovalMailsService, ApprovalInboxService, StepApproversService, ApprovalTimersService,
    ApprovalDigestService,
    ApprovalDigestUnsubscribeService,
    { provide: Clock, useClass: DatabaseTimeClock }],
  exports: [ApprovalsService, ApprovalInboxService],
})
export class ApprovalsModule {}
