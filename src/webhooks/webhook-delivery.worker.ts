import { OutageLog } from '../database/outage-log.js';
import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Webhook } from 'standardwebhooks';
import type { AppConfig } from '../config/configuration.js';
import { MailService } from '../mail/mail.service.js';
import { quoted, renderEmail } from '../mail/templates.js';
import { Metrics } from '../metrics/metrics.service.js';
import { OutboundUrlError } from '../outbound/outbound-policy.js';
import { OutboundService } from '../outbound/outbound.service.js';
import { WebhookOutboxService, type AttemptOutcome, type ClaimedDelivery } from '../webhook-events/webhook-outbox.service.js';
import { WebhooksService, type EndpointTarget } from './webhooks.service.js';

/** Deliveries claimed per poll: each from a different endpoint, sent at once. */
const BATCH = 10;
/** Past the request's own timeout: how long a claimed delivery is this instance's before another may take it. */
const LEASE_MARGIN_MS = 30_000;
const MAX_RETRY_DELAY_MS = 24 * 60 * 60 * 1000;
/** How much of a failing response's body the log keeps. */
const ERROR_MAX_LENGTH = 300;

/** The pause after the n-th failed attempt: base × 2^(n−1), at most 24 hours. */
export function retryDelayMs(baseMs: number, failedAttempts: number): number {
  return Math.min(baseMs * 2 ** Math.min(failedAttempts - 1, 30), MAX_RETRY_DELAY_MS);
}

/** The headers of Standard Webhooks; the signature holds one `v1,…` per secret that signs now. */
export function signedHeaders(secrets: readonly string[], messageId: string, sentAt: Date, payload: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': Math.floor(sentAt.getTime() / 1000).toString(),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, sentAt, payload)).join(' '),
  };
}

/**
 * Delivers the webhook outbox: each poll claims due deliveries (one per endpoint, its oldest, so an
 * endpoint gets its events one at a time and in order), POSTs each signed through the outbound
 * policy, and records the outcome. A failure is retried with exponential backoff; the last of
 * WEBHOOK_MAX_ATTEMPTS disables the endpoint and mails the team's owners.
 */
@Injectable()
export class WebhookDeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WebhookDeliveryWorker.name);
  private readonly outage = new OutageLog('webhook deliveries', this.logger);
  private readonly settings: AppConfig['webhooks'];
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private stopping = false;

  constructor(
    config: ConfigService<AppConfig, true>,
    private readonly outbox: WebhookOutboxService,
    private readonly endpoints: WebhooksService,
    private readonly outbound: OutboundService,
    private readonly mail: MailService,
    private readonly metrics: Metrics,
  ) {
    this.settings = config.get('webhooks', { infer: true });
    this.leaseMs = config.get('outbound', { infer: true }).timeoutMs + LEASE_MARGIN_MS;
  }

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.polling;
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.polling = this.poll().then((full) => this.schedule(full ? 0 : this.settings.pollIntervalMs));
    }, delayMs);
  }

  /** One round; true when it claimed a full batch (more may be due at once). */
  private async poll(): Promise<boolean> {
    try {
      const claimed = await this.outbox.claim(BATCH, this.leaseMs);
      await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
      this.outage.succeeded();
      return claimed.length === BATCH;
    } catch (error) {
      // A database outage is said once until it ends, not at every poll.
      if (!this.outage.failed(error)) this.logger.error(`Webhook poll failed: ${(error as Error).message}`);
      return false;
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const target = await this.endpoints.target(delivery.endpointId);
    if (!target) return;
    const outcome = await this.attempt(target, delivery);
    this.metrics.webhookDeliveries.inc({ outcome: outcome.ok ? 'delivered' : outcome.refused ? 'refused' : 'failed' });
    const { exhausted } = await this.outbox.settle(delivery.id, outcome, retryDelayMs(this.settings.retryBaseMs, delivery.attempts), this.settings.maxAttempts);
    if (exhausted) {
      this.metrics.webhookDeliveries.inc({ outcome: 'gave_up' });
      await this.disable(delivery, target, outcome);
    }
  }

  private async attempt(target: EndpointTarget, delivery: ClaimedDelivery): Promise<AttemptOutcome & { refused: boolean }> {
    const { event } = delivery;
    const payload = JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.data });
    // The event's id: the same across retries and redeliveries, so receivers can drop duplicates.
    const headers = signedHeaders(target.secrets, `msg_${event.id}`, new Date(), payload);
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const response = await this.outbound.fetch(target.url, 'webhook', { method: 'POST', headers, body: payload });
      const body = await response.text();
      const ok = response.status >= 200 && response.status < 300;
      return { ok, refused: false, responseStatus: response.status, latencyMs: latency(), error: ok ? null : `HTTP ${response.status}${body ? `: ${body.slice(0, ERROR_MAX_LENGTH)}` : ''}` };
    } catch (error) {
      return { ok: false, refused: error instanceof OutboundUrlError, responseStatus: null, latencyMs: latency(), error: (error as Error).message.slice(0, ERROR_MAX_LENGTH) };
    }
  }

  private async disable(delivery: ClaimedDelivery, target: EndpointTarget, outcome: AttemptOutcome): Promise<void> {
    const reason = `${this.settings.maxAttempts} attempts failed; last: ${outcome.error ?? 'unknown error'}`;
    if (!(await this.endpoints.disable(delivery.endpointId, reason))) return;
    this.logger.warn(`Webhook endpoint ${delivery.endpointId} disabled: ${reason}`);
    const content = renderEmail({
      title: 'A webhook endpoint was disabled',
      intro:
        `Deliveries to ${quoted(target.url, 200)}${target.description ? ` (${quoted(target.description)})` : ''} kept failing, so we stopped sending to it. ` +
        'Its events are kept: enable the endpoint again once it answers, and they go out in order.',
      sections: [{ heading: 'Last error', body: outcome.error ?? 'unknown' }],
      footer: 'You receive this because you own the team.',
    });
    for (const owner of await this.endpoints.owners(target.teamId)) {
      await this.mail.send({ to: owner.email, subject: 'Webhook endpoint disabled', ...content, teamId: target.teamId, onceFor: `webhook-disabled-${delivery.id}-${owner.userId}` });
    }
  }
}
