import { Module } from '@nestjs/common';
import { WebhookOutboxService } from './webhook-outbox.service.js';

/**
 * The webhook outbox's writer, below every feature that emits into it (as audit-events is for the
 * audit trail): each emits in its change's own transaction (WebhookOutboxService.emit). Endpoints,
 * their routes and the delivery worker are the webhooks module's, above teams.
 */
@Module({
  providers: [WebhookOutboxService],
  exports: [WebhookOutboxService],
})
export class WebhookEventsModule {}
