import { Global, Module } from '@nestjs/common';
import { AuditService } from './audit.service.js';

/**
 * The audit trail's writer. Global: every feature that changes something security- or
 * admin-relevant records it in its own transaction (AuditService.record) without importing it.
 */
@Global()
@Module({
  providers: [AuditService],
  exports: [AuditService],
})
export class AuditModule {}
