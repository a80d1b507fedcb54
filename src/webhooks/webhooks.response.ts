import type { DeliveryRow } from '../webhook-events/webhook-outbox.service.js';

export interface WebhookResponse {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  /** Why it was disabled (after failing), else null. */
  disabledReason: string | null;
  /** Until when the previous secret still signs (after a rotation), else null. */
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The endpoint with its signing secret: shown once, at creation and at rotation. */
export interface WebhookWithSecretResponse extends WebhookResponse {
  secret: string;
}

export interface DeliveriesResponse {
  items: DeliveryRow[];
}
