import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEventsModule } from '../../audit-events/audit-events.module.js';
import { AgentToolApproval } from './agent-tool-approval.entity.js';
import { AgentToolApprovalsController } from './agent-tool-approvals.controller.js';
import { AgentToolApprovalsService } from './agent-tool-approvals.service.js';

/** Per team, which of the agents' built-in tools need a person's approval before each call. */
@Module({
  imports: [TypeOrmModule.forFeature([AgentToolApproval]), AuditEventsModule],
  controllers: [AgentToolApprovalsController],
  providers: [AgentToolApprovalsService],
  exports: [AgentToolApprovalsService],
})
export class AgentToolApprovalsModule {}
