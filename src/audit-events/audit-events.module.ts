import { Module } from '@nestjs/common';
import { AuditService } from './audit.service.js';

/**
 * The audit trail's writer, below every feature that records into it: each records a security- or
 * admin-relevant change in that change's own transaction (AuditService.record). Reading the trail
 * (routes, export, verification, retention) is the audit module's, above teams.
 */
@Module({
  providers: [AuditService],
  exports: [AuditService],
})
export class AuditEventsModule {}
