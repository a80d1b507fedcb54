import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AppConfig } from '../config/configuration.js';
import { backoffMs, OutageLog } from '../database/outage-log.js';
import { Metrics } from '../metrics/metrics.service.js';
import { MailOutboxMessage } from './entities/mail-outbox.entity.js';
import { MAX_DELIVERY_MS, MailTransport, type OutgoingMail } from './transports.js';

export interface MailOutboxWorkerOptions {
  /** How often each instance looks for due mail; 0 turns the timer off. */
  pollIntervalMs: number;
  /** Rows claimed per query. */
  batchSize: number;
  /** Deliveries at once within a batch. */
  concurrency: number;
  /** After this many failed attempts a mail is `failed` and no longer tried. */
  maxAttempts: number;
}

/** Optional provider overriding any of DEFAULT_MAIL_OUTBOX_WORKER_OPTIONS. */
export const MAIL_OUTBOX_WORKER_OPTIONS = Symbol('MAIL_OUTBOX_WORKER_OPTIONS');

export const DEFAULT_MAIL_OUTBOX_WORKER_OPTIONS: MailOutboxWorkerOptions = {
  pollIntervalMs: 5_000,
  batchSize: 20,
  concurrency: 4,
  maxAttempts: 10,
};

/** The wait after the 1st, 2nd, ... failed attempt; the last one repeats (about 5 hours over 10 attempts). */
export const RETRY_DELAYS_MS = [5_000, 30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];

/**
 * How often, while mails wait out a failure to reach the mail server, one poll asks the server
 * whether it answers again; when it does they are tried at once, not at their next retry (which
 * may be an hour away after a long outage).
 */
export const SERVER_PROBE_INTERVAL_MS = 15_000;

/**
 * The errors of nodemailer (its codes, as `describe` writes them first) that mean the mail server
 * could not be reached or dropped the connection, rather than refused a message.
 */
const UNREACHABLE_ERROR = '^(ECONNECTION|ETIMEDOUT|ESOCKET|EDNS|ECONNREFUSED|ECONNRESET): ';

/** After polls that failed in a row (the database is down), the next waits this long at most. */
const MAX_POLL_BACKOFF_MS = 60_000;

export function retryDelayMs(failedAttempts: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(failedAttempts, 1), RETRY_DELAYS_MS.length) - 1];
}

/** The columns a claim returns (RETURNING *). */
interface ClaimedRow {
  id: number;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  message_id: string | null;
  list_unsubscribe: string | null;
  created_at: Date;
}

/**
 * Delivers the mail outbox. A row is claimed by one UPDATE that takes due `pending` rows with
 * `FOR UPDATE SKIP LOCKED`, counts the attempt and moves `next_attempt_at` past the time the
 * delivery can take (a lease). So any number of instances poll the same table and no mail is
 * sent twice; if an instance dies mid-send, its rows come due again when the lease ends and
 * another instance sends them (at least once: the Message-ID stays the same, for receivers that
 * drop duplicates). A failed attempt is retried with growing delays, up to `maxAttempts`.
 */
@Injectable()
export class MailOutboxWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly options: MailOutboxWorkerOptions;
  private readonly from: string;
  private readonly messageIdDomain: string;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private closing = false;
  /** Polls that failed in a row, and the time before which ticks are skipped: backoff while the database is down. */
  private failedPolls = 0;
  private pausedUntil = 0;
  private lastServerProbe = 0;
  private readonly outage = new OutageLog('the mail outbox', this.logger);
  /** Deliveries started in the background (timer ticks, attempts right after `send`); awaited on shutdown. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    @InjectRepository(MailOutboxMessage) private readonly outbox: Repository<MailOutboxMessage>,
    private readonly transport: MailTransport,
    config: ConfigService<AppConfig, true>,
    private readonly metrics: Metrics,
    @Optional() @Inject(MAIL_OUTBOX_WORKER_OPTIONS) options?: Partial<MailOutboxWorkerOptions>,
  ) {
    this.options = { ...DEFAULT_MAIL_OUTBOX_WORKER_OPTIONS, ...options };
    this.from = config.get('mail', { infer: true }).from;
    this.messageIdDomain = /@([^\s@<>]+)>?\s*$/.exec(this.from)?.[1] ?? 'localhost';
    // Time for every round of the batch to hit the transport's timeouts, plus a margin.
    this.leaseMs = Math.ceil(this.options.batchSize / this.options.concurrency) * MAX_DELIVERY_MS + 60_000;
  }

  onApplicationBootstrap(): void {
    this.logger.log(`Mail is delivered to ${this.transport.description}`);
    this.startPolling();
  }

  /** Stops the timer, waits for deliveries under way (so none is cut off mid-send), then closes the transport. */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    this.stopPolling();
    await Promise.allSettled([...this.inFlight]);
    this.transport.close();
  }

  /** Starts (or restarts) the timer; it never keeps the process alive on its own. */
  startPolling(intervalMs = this.options.pollIntervalMs): void {
    this.stopPolling();
    if (intervalMs <= 0 || this.closing) return;
    this.timer = setInterval(() => this.poll(), intervalMs);
    this.timer.unref();
  }

  stopPolling(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Delivers every mail that is due now; resolves to the number sent. */
  async deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await this.claim(null);
      sent += await this.deliverAll(rows);
      if (rows.length < this.options.batchSize || this.closing) return sent;
    }
  }

  /** The first attempt for a mail just queued, in the background: the caller does not wait for it. */
  deliverSoon(id: number): void {
    if (this.closing) return;
    this.track(this.claim(id).then((rows) => this.deliverAll(rows)));
  }

  private poll(): void {
    // The previous tick is still working through a backlog, or polls are failing and backing off.
    if (this.polling || Date.now() < this.pausedUntil) return;
    this.polling = true;
    const work = this.releaseAfterServerOutage().then(() => this.deliverDue());
    work.then(
      () => (this.failedPolls = 0),
      () => {
        // The interval, then twice, four times ... up to a minute; half an interval of slack so a tick is not missed by a hair.
        this.failedPolls += 1;
        const intervalMs = this.options.pollIntervalMs;
        this.pausedUntil = Date.now() + backoffMs(this.failedPolls, intervalMs, Math.max(intervalMs, MAX_POLL_BACKOFF_MS)) - intervalMs / 2;
      },
    );
    this.track(work.finally(() => (this.polling = false)));
  }

  /**
   * Mails waiting because the mail server could not be reached are made due now once it answers
   * again (checked every SERVER_PROBE_INTERVAL_MS while there are any). A claimed row has no
   * `last_error` (the claim clears it), so a mail being delivered is never released twice.
   */
  private async releaseAfterServerOutage(): Promise<void> {
    if (Date.now() - this.lastServerProbe < SERVER_PROBE_INTERVAL_MS) return;
    this.lastServerProbe = Date.now();
    const waiting = `status = 'pending' AND next_attempt_at > now() AND last_error ~ $1`;
    const [{ any }] = await this.outbox.query<{ any: boolean }[]>(`SELECT EXISTS (SELECT 1 FROM mail_outbox WHERE ${waiting}) AS any`, [UNREACHABLE_ERROR]);
    if (!any) return;
    try {
      await this.transport.reachable();
    } catch {
      return;
    }
    const [, released] = await this.outbox.query<[unknown, number]>(`UPDATE mail_outbox SET next_attempt_at = now() WHERE ${waiting}`, [UNREACHABLE_ERROR]);
    if (released > 0) this.logger.log(`The mail server answers again: ${released} mail(s) waiting since it could not be reached are tried now`);
  }

  /** Runs background work; a failure is logged (an outage of the database once, until it works again). */
  private track(work: Promise<unknown>): void {
    const tracked = work.then(
      () => this.outage.succeeded(),
      (error: unknown) => {
        if (!this.outage.failed(error)) this.logger.error(`Mail outbox delivery failed: ${describe(error)}`);
      },
    );
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  /**
   * Claims due pending rows (or the one row `id`, if it is due), counting the attempt and taking
   * the lease; the last error is cleared, to be written again if this attempt fails too.
   */
  private async claim(id: number | null): Promise<ClaimedRow[]> {
    const [rows] = await this.outbox.query<[ClaimedRow[], number]>(
      `UPDATE mail_outbox
          SET attempts = attempts + 1, next_attempt_at = now() + $1 * interval '1 millisecond', last_error = NULL
        WHERE id IN (SELECT id FROM mail_outbox
                      WHERE status = 'pending' AND next_attempt_at <= now() AND ($2::int IS NULL OR id = $2::int)
                      ORDER BY id
                      LIMIT $3
                      FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [this.leaseMs, id, this.options.batchSize],
    );
    return rows.sort((a, b) => a.id - b.id);
  }

  private async deliverAll(rows: ClaimedRow[]): Promise<number> {
    const queue = [...rows];
    let sent = 0;
    const lanes = Array.from({ length: Math.min(this.options.concurrency, queue.length) }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) if (await this.attempt(row)) sent += 1;
    });
    await Promise.all(lanes);
    return sent;
  }

  private async attempt(row: ClaimedRow): Promise<boolean> {
    const mail: OutgoingMail = {
      id: row.id,
      from: this.from,
      to: row.to_address,
      subject: row.subject,
      html: row.html,
      text: row.text,
      messageId: row.message_id ?? `<outbox-${row.id}-${new Date(row.created_at).getTime()}@${this.messageIdDomain}>`,
      listUnsubscribe: row.list_unsubscribe,
    };
    try {
      await this.transport.deliver(mail);
    } catch (error) {
      await this.recordFailure(row, describe(error));
      return false;
    }
    await this.outbox.query(
      `UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL, message_id = $2 WHERE id = $1`,
      [row.id, mail.messageId],
    );
    return true;
  }

  private async recordFailure(row: ClaimedRow, reason: string): Promise<void> {
    this.metrics.mailAttemptsFailed.inc();
    const final = row.attempts >= this.options.maxAttempts;
    const delayMs = retryDelayMs(row.attempts);
    await this.outbox.query(
      `UPDATE mail_outbox
          SET status = $2, last_error = $3, next_attempt_at = now() + $4 * interval '1 millisecond'
        WHERE id = $1`,
      [row.id, final ? 'failed' : 'pending', reason.slice(0, 2000), final ? 0 : delayMs],
    );
    if (final) {
      this.logger.error(`Mail ${row.id} to ${row.to_address} failed for good after ${row.attempts} attempts: ${reason}`);
    } else {
      this.logger.warn(`Mail ${row.id} to ${row.to_address}: attempt ${row.attempts} failed (${reason}); next in ${delayMs / 1000} s`);
    }
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
  return `${code}${error.message}`;
}
