import { Module } from '@nestjs/common';
import { OutboundModule } from '../outbound/outbound.module.js';
import { WebhookEventsModule } from '../webhook-events/webhook-events.module.js';
import { WebhookDeliveryWorker } from './webhook-delivery.worker.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksService } from './webhooks.service.js';

/** Signed outbound webhooks: a team's endpoints, their routes, and the worker delivering the outbox to them. */
@Module({
  imports: [OutboundModule, WebhookEventsModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookDeliveryWorker],
})
export class WebhooksModule {}
