import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import type { AppConfig } from '../config/configuration.js';
import { Metrics } from '../metrics/metrics.service.js';
import { MailOutboxMessage } from './entities/mail-outbox.entity.js';
import { MailOutboxWorker } from './mail-outbox.worker.js';

export interface MailMessage {
  /** One address. */
  to: string;
  subject: string;
  /** Both bodies, as `renderEmail` makes them. */
  html: string;
  text: string;
  /** The team the mail is sent for, if any. */
  teamId?: string | null;
  /**
   * Makes sending idempotent: a second send with the same key (a queue job retried after its
   * mail was stored) stores nothing and answers the first one's id. The key becomes the Message-ID.
   */
  onceFor?: string;
  /** A one-click unsubscribe URL (RFC 8058), for mail a person may stop: sent as List-Unsubscribe. */
  listUnsubscribe?: string;
}

/** One mailbox, as the outbox accepts it: no quoting, no lists. */
export const SINGLE_ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;

/**
 * Sending mail for every module. `send` only queues: the mail is stored in the outbox and its
 * first delivery attempt runs in the background, so a slow or unreachable mail server never
 * fails or delays the caller; MailOutboxWorker retries it until it is delivered.
 */
@Injectable()
export class MailService {
  private readonly messageIdDomain: string;

  constructor(
    @InjectRepository(MailOutboxMessage) private readonly outbox: Repository<MailOutboxMessage>,
    private readonly worker: MailOutboxWorker,
    config: ConfigService<AppConfig, true>,
    metrics: Metrics,
  ) {
    metrics.sampleOnScrape('mail', () => this.sampleOutbox(metrics));
    this.messageIdDomain = /@([^\s@<>]+)>?\s*$/.exec(config.get('mail', { infer: true }).from)?.[1] ?? 'localhost';
  }

  /** Mails waiting (and the oldest one's wait) and mails given up on; failed rows are few, the pending ones indexed. */
  private async sampleOutbox(metrics: Metrics): Promise<void> {
    const [row] = await this.outbox.query<{ pending: string; failed: string; oldest_seconds: number | null }[]>(
      `SELECT count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'failed') AS failed,
              extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'pending'))::float8 AS oldest_seconds
         FROM mail_outbox WHERE status IN ('pending', 'failed')`,
    );
    metrics.mailPending.set(Number(row.pending));
    metrics.mailFailed.set(Number(row.failed));
    metrics.mailOldestAge.set(Math.max(0, row.oldest_seconds ?? 0));
  }

  /**
   * Resolves as soon as the mail is stored, with its outbox id. Inside the caller's transaction
   * (`manager`), the mail is kept only if that commits, and the outbox's next poll delivers it.
   */
  async send(message: MailMessage, manager?: EntityManager): Promise<{ id: number }> {
    const to = message.to.trim();
    if (!SINGLE_ADDRESS.test(to)) throw new Error(`Not a single email address: ${JSON.stringify(message.to)}`);
    const outbox = manager ? manager.getRepository(MailOutboxMessage) : this.outbox;
    const messageId = `<${message.onceFor ?? randomUUID()}@${this.messageIdDomain}>`;
    if (message.onceFor) {
      const stored = await outbox.findOne({ where: { messageId }, select: { id: true } });
      if (stored) return { id: Number(stored.id) };
    }
    const { identifiers } = await outbox.insert({
      teamId: message.teamId ?? null,
      toAddress: to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      messageId,
      listUnsubscribe: message.listUnsubscribe ?? null,
    });
    const id = Number(identifiers[0].id);
    if (!manager) this.worker.deliverSoon(id);
    return { id };
  }
}
