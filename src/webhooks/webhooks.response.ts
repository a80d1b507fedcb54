import { ApiProperty } from '@nestjs/swagger';
import type { DeliveryRow } from '../webhook-events/webhook-outbox.service.js';

export class WebhookResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'https://hooks.example.com/assistant' })
  url: string;

  @ApiProperty()
  description: string;

  @ApiProperty({ type: [String], example: ['run.completed'] })
  eventTypes: string[];

  @ApiProperty()
  enabled: boolean;

  /** Why it was disabled (after failing), else null. */
  @ApiProperty({ type: String, nullable: true, description: 'Why it was disabled (after failing), else null' })
  disabledReason: string | null;

  /** Until when the previous secret still signs (after a rotation), else null. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Until when the previous secret still signs (after a rotation), else null' })
  previousSecretExpiresAt: Date | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt: Date;
}

/** The endpoint with its signing secret: shown once, at creation and at rotation. */
export class WebhookWithSecretResponse extends WebhookResponse {
  @ApiProperty({ example: 'whsec_…', description: 'The signing secret, shown this once' })
  secret: string;
}

/** One event's delivery to the endpoint. */
class DeliveryResponse implements DeliveryRow {
  @ApiProperty({ example: '42' })
  id: string;

  @ApiProperty({ description: 'The webhook-id header it is sent with' })
  eventId: string;

  @ApiProperty({ example: 'run.completed' })
  eventType: string;

  @ApiProperty({ type: String, format: 'date-time' })
  eventCreatedAt: Date;

  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] })
  status: 'pending' | 'delivered' | 'failed';

  @ApiProperty({ type: 'integer' })
  attempts: number;

  @ApiProperty({ type: 'integer', nullable: true })
  responseStatus: number | null;

  @ApiProperty({ type: 'integer', nullable: true })
  latencyMs: number | null;

  @ApiProperty({ type: String, nullable: true })
  error: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastAttemptAt: Date | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  nextAttemptAt: Date | null;
}

export class DeliveriesResponse {
  @ApiProperty({ type: [DeliveryResponse], description: 'Newest first' })
  items: DeliveryResponse[];
}

/** A redelivery: how many events go out again. */
export class RedeliveryResponse {
  @ApiProperty({ type: 'integer', example: 1 })
  queued: number;
}
