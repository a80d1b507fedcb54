import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditRetention } from './audit-retention.js';
import { AuditTrailService } from './audit-trail.service.js';
import { AuditController } from './audit.controller.js';
import { AuditEvent } from '../audit-events/entities/audit-event.entity.js';

/** Reading the audit trail: the team API and export, the operator's verification, and retention. */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEvent])],
  controllers: [AuditController],
  providers: [AuditTrailService, AuditRetention],
  exports: [AuditTrailService],
})
export class AuditModule {}
