import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/configuration.js';
import { PeriodicSweep } from '../database/periodic-sweep.js';
import { MailService } from '../mail/mail.service.js';
import { type EmailSection, quoted, renderEmail } from '../mail/templates.js';
import { type Job, QueueService } from '../queue/queue.service.js';
import { Clock } from '../schedules/clock.js';
import { ShutdownService } from '../shutdown/shutdown.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { ApprovalInboxService } from './approval-inbox.service.js';
import { ApprovalTokensService } from './approval-tokens.service.js';
import type { InboxItem } from './approvals.response.js';

/** One person's digest of one UTC day. */
export interface ApprovalDigestJob {
  userId: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
}

export const APPROVAL_DIGEST = 'approval.digest';

/**
 * `exclusive`: one job queued or active per (person, day), its singleton key; the row in
 * `approval_digests` is what makes the mail go once after the job completes. Retries outlast a short outage.
 */
const APPROVAL_DIGEST_QUEUE = { policy: 'exclusive', retryLimit: 20, retryDelay: 5, retryBackoff: true, retryDelayMax: 60, expireInSeconds: 300 } as const;

/** People a sweep queues at most; the next sweep takes the rest (each queued person has a row once decided). */
const SWEEP_BATCH = 500;

/**
 * The daily approvals digest (docs/decisions/approvals-digest-and-one-channel-word.md): from
 * APPROVAL_DIGEST_HOUR (UTC) each day, every person who has not opted out gets one mail listing
 * what waits for them in the inbox of each of their teams (`ApprovalInboxService.list`, the query of
 * GET /api/approvals); nobody with nothing waiting gets one. A sweep queues a job per person and day;
 * the job records the day in `approval_digests` and stores the mail in the outbox in one
 * transaction, so two instances, a retry or a crash send it once.
 */
@Injectable()
export class ApprovalDigestService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ApprovalDigestService.name);
  private readonly sweeper: PeriodicSweep;
  private readonly hour: number;
  private readonly enabled: boolean;
  private readonly publicUrl: string;
  private readonly frontendUrl: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: QueueService,
    private readonly inbox: ApprovalInboxService,
    private readonly teams: TeamsService,
    private readonly tokens: ApprovalTokensService,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly shutdown: ShutdownService,
    config: ConfigService<AppConfig, true>,
  ) {
    const runs = config.get('runs', { infer: true });
    this.sweeper = new PeriodicSweep('the approvals digest sweep', this.logger, runs.sweepSeconds * 1000, () => this.sweep());
    this.hour = runs.approvalDigestHour;
    this.enabled = runs.approvalDigest === 'on';
    const app = config.get('app', { infer: true });
    this.publicUrl = app.publicUrl;
    this.frontendUrl = app.frontendUrl;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.declare(APPROVAL_DIGEST, APPROVAL_DIGEST_QUEUE);
    await this.queue.work<ApprovalDigestJob>(APPROVAL_DIGEST, {}, async ({ data }: Job<ApprovalDigestJob>) => {
      await this.send(data);
    });
    // Off for the deployment, nothing is queued; a job queued before still sends its mail.
    if (this.enabled) this.sweeper.start();
    this.shutdown.onDrain('approvals digest sweep', () => this.sweeper.stop());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeper.stop();
  }

  /**
   * From the digest hour on (by the clock), queues the day's digest of each person who gets one and
   * has none decided for the day yet. Before the hour nothing: yesterday's went at yesterday's.
   */
  async sweep(): Promise<void> {
    if (!this.enabled) return;
    const now = await this.clock.read();
    if (now.getUTCHours() < this.hour) return;
    const day = now.toISOString().slice(0, 10);
    // A day's rows only keep that day's digest from going twice: two days on, nothing reads them.
    await this.dataSource.query(`DELETE FROM approval_digests WHERE day < $1::date - 2`, [day]);
    const people = await this.dataSource.query<{ id: string }[]>(
      `SELECT u.id FROM users u
        WHERE u.approval_digest AND u.deactivated_at IS NULL
          AND EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM approval_digests d WHERE d.user_id = u.id AND d.day = $1)
        ORDER BY u.id
        LIMIT $2`,
      [day, SWEEP_BATCH],
    );
    for (const { id } of people) {
      await this.queue.send(APPROVAL_DIGEST, { userId: id, day } satisfies ApprovalDigestJob, { singletonKey: `${id}:${day}` });
    }
  }

  /**
   * The person's digest of the day, if not decided yet: what waits for them in each of their teams,
   * mailed when anything does. The day's row and the mail commit together (the outbox delivers it).
   */
  async send({ userId, day }: ApprovalDigestJob): Promise<void> {
    const [person] = await this.dataSource.query<{ email: string; approval_digest: boolean; deactivated_at: Date | null }[]>(
      'SELECT email, approval_digest, deactivated_at FROM users WHERE id = $1',
      [userId],
    );
    if (!person?.approval_digest || person.deactivated_at) return;
    const teams = await this.teams.listForUser(userId);
    const waiting = await Promise.all(teams.map(async (team) => ({ team, items: await this.inbox.list({ userId, teamId: team.id, role: team.role }) })));
    const count = waiting.reduce((sum, { items }) => sum + items.length, 0);
    // A link is signed only for a mail that may go: with nothing waiting, the day is only recorded.
    const unsubscribeUrl = count > 0 ? `${this.publicUrl}/api/approvals/digest/unsubscribe?token=${encodeURIComponent(await this.tokens.signDigestUnsubscribe(userId))}` : undefined;
    await this.dataSource.transaction(async (manager) => {
      const inserted = await manager.query<unknown[]>(
        'INSERT INTO approval_digests (user_id, day, items) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id',
        [userId, day, count],
      );
      if (inserted.length === 0 || !unsubscribeUrl) return;
      const { html, text } = renderEmail({
        title: `Waiting for your approval: ${itemCount(count)}`,
        intro: `What waits for your decision today, longest waiting first in each team.`,
        sections: waiting.filter(({ items }) => items.length > 0).map(({ team, items }): EmailSection => ({ heading: `Team ${quoted(team.name)}`, body: items.map(itemLine).join('\n') })),
        actions: [
          { label: 'Open your approvals inbox', url: `${this.frontendUrl}/dashboard/approvals` },
          { label: 'Stop these daily mails', url: unsubscribeUrl },
        ],
        footer: 'You get this mail once a day while approvals wait for you. Turn it off with the link above or on your account page.',
      });
      await this.mail.send(
        { to: person.email, subject: `Waiting for your approval: ${itemCount(count)}`, html, text, onceFor: `digest-${userId}-${day}`, listUnsubscribe: unsubscribeUrl },
        manager,
      );
    });
    if (count > 0) this.logger.log(`Approvals digest of ${day} for user ${userId}: ${itemCount(count)}`);
  }
}

function itemCount(count: number): string {
  return `${count} item${count === 1 ? '' : 's'}`;
}

/** One waiting item, as the inbox shows it: what, where, how long it has waited and when its link expires. */
function itemLine(item: InboxItem): string {
  const what =
    item.kind === 'plan'
      ? `The plan of ${quoted(item.workflowTitle)} (version ${item.planVersion}, ${item.stepCount} steps)`
      : `Step ${item.stepIndex + 1} of run #${item.runId} of ${quoted(item.workflowTitle)}: ${quoted(item.stepDescription, 120)}`;
  return `- ${what}; waiting ${duration(item.ageSeconds)}, due ${utc(item.dueAt)}`;
}

function duration(seconds: number): string {
  const [value, unit] = seconds >= 86_400 ? [Math.floor(seconds / 86_400), 'day'] : seconds >= 3600 ? [Math.floor(seconds / 3600), 'hour'] : [Math.floor(seconds / 60), 'minute'];
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

function utc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
