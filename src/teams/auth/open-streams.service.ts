import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/configuration.js';
import type { OpenStreamCaps } from '../../config/http.config.js';
import { TooManyRequestsException } from '../../http/too-many-requests.exception.js';
import { Metrics } from '../../metrics/metrics.service.js';
import { type AuthChange, SessionCache } from './session-cache.js';
import type { TeamContext } from './team-context.js';

/**
 * Whose streams end: a session's (signed out, revoked, its password changed), or a user's, in one
 * team (removed, left) or in all of them (an account deactivated).
 */
export type StreamOwner = { session: string } | { user: string; team?: string };

/** Streams end only when one does; a few seconds is a fair first wait. */
export const OPEN_STREAM_RETRY_AFTER_SECONDS = 5;

interface OpenStream {
  userId: string;
  teamId: string;
  sessionId: string;
  response: Response;
}

/**
 * The long-lived responses this instance holds open (chat replies and their resumes, run events,
 * /v1 completions), counted per user, per team and in all, with a cap on each. A slot is taken
 * before the response begins and given back when it closes, however it closes.
 *
 * Access that ends reaches them: `end` names a session or a user (in a team), and every instance
 * cuts the matching responses it holds, within the time a NOTIFY takes. Revocations go through here
 * (SessionsService), and so can anything later that takes access away (an account deactivated).
 */
@Injectable()
export class OpenStreamsService implements OnModuleDestroy {
  private readonly logger = new Logger(OpenStreamsService.name);
  private readonly caps: OpenStreamCaps;
  private readonly streams = new Set<OpenStream>();
  private readonly perUser = new Map<string, number>();
  private readonly perTeam = new Map<string, number>();
  /** Runs while any stream is open: see `beat`. */
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly feed: SessionCache,
    private readonly dataSource: DataSource,
    config: ConfigService<AppConfig, true>,
    metrics: Metrics,
  ) {
    this.caps = config.get('http', { infer: true }).openStreams;
    metrics.sampleOnScrape('open streams', () => Promise.resolve(metrics.openStreams.set(this.streams.size)));
    feed.onChange((change) => ('resync' in change ? void this.recheck() : this.heard(change)));
  }

  /** Streams open on this instance. */
  get size(): number {
    return this.streams.size;
  }

  /** Takes a slot for `response`, held until it closes; 429 with Retry-After past a cap. */
  hold(context: TeamContext, response: Response): void {
    const refusal = this.refusal(context);
    if (refusal) throw new TooManyRequestsException(refusal, OPEN_STREAM_RETRY_AFTER_SECONDS);
    const stream: OpenStream = { userId: context.userId, teamId: context.teamId, sessionId: context.sessionId, response };
    this.streams.add(stream);
    count(this.perUser, stream.userId, 1);
    count(this.perTeam, stream.teamId, 1);
    this.heartbeat ??= setInterval(() => void this.beat(), this.caps.heartbeatMs).unref();
    // 'close' comes however the response ends: finished, failed, or its client gone.
    if (response.closed) this.release(stream);
    else response.once('close', () => this.release(stream));
  }

  /**
   * Ends the open streams of a session or a user (in a team), on every instance: cut here at once,
   * and announced on the session feed for the others. Call once the access is revoked in storage,
   * so that a client reconnecting is refused.
   */
  async end(owner: StreamOwner): Promise<void> {
    await this.feed.announce('session' in owner ? { session: owner.session, revoked: true } : owner);
  }

  private refusal({ userId, teamId }: TeamContext): string | undefined {
    if ((this.perUser.get(userId) ?? 0) >= this.caps.perUser) {
      return `You have ${this.caps.perUser} open streams (replies, run events), the most allowed; close one and try again`;
    }
    if ((this.perTeam.get(teamId) ?? 0) >= this.caps.perTeam) {
      return `Your team has ${this.caps.perTeam} open streams (replies, run events), the most allowed; close one and try again`;
    }
    if (this.streams.size >= this.caps.perInstance) return 'This server holds as many open streams as it takes; try again shortly';
    return undefined;
  }

  private release(stream: OpenStream): void {
    if (!this.streams.delete(stream)) return;
    count(this.perUser, stream.userId, -1);
    count(this.perTeam, stream.teamId, -1);
    if (this.streams.size === 0) this.stopHeartbeat();
  }

  onModuleDestroy(): void {
    this.stopHeartbeat();
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  /**
   * An SSE comment to every open event stream: a proxy that cuts connections idle for a minute (nginx's
   * proxy_read_timeout, a cloud load balancer's idle timeout) would otherwise end a paused run's quiet
   * stream. Clients' SSE readers skip comment lines. Then the expiry no notification announces: streams
   * whose session has run out (by the database's clock) are ended, as a revoked one's are.
   */
  private async beat(): Promise<void> {
    for (const { response } of this.streams) {
      if (response.headersSent && !response.writableEnded && String(response.getHeader('content-type')).startsWith('text/event-stream')) {
        response.write(': keep-alive\n\n');
      }
    }
    await this.recheck();
  }

  private heard(change: AuthChange): void {
    if ('session' in change) {
      if (change.revoked) this.cut((stream) => stream.sessionId === change.session);
    } else if ('user' in change) {
      this.cut((stream) => stream.userId === change.user && (change.team === undefined || stream.teamId === change.team));
    }
  }

  /** Cuts the matching responses: their clients see the connection end, and reconnecting is refused. */
  private cut(matches: (stream: OpenStream) => boolean): void {
    for (const stream of this.streams) {
      if (!matches(stream)) continue;
      this.release(stream);
      stream.response.destroy();
    }
  }

  /**
   * At each beat, and after the feed was lost (changes may have gone unheard): cuts every stream
   * whose session is revoked or expired, or whose user is no longer a member of the stream's team.
   */
  private async recheck(): Promise<void> {
    const streams = [...this.streams];
    if (streams.length === 0) return;
    try {
      const rows = await this.dataSource.query<{ i: string }[]>(
        `SELECT o.i FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS o(session_id, user_id, team_id, i)
          WHERE NOT EXISTS (
            SELECT 1 FROM sessions s JOIN memberships m ON m.user_id = s.user_id AND m.team_id::text = o.team_id
             WHERE s.id::text = o.session_id AND s.user_id::text = o.user_id AND s.revoked_at IS NULL AND (s.expires_at IS NULL OR s.expires_at > now()))`,
        [streams.map((stream) => stream.sessionId), streams.map((stream) => stream.userId), streams.map((stream) => stream.teamId)],
      );
      const ended = new Set(rows.map((row) => streams[Number(row.i) - 1]));
      this.cut((stream) => ended.has(stream));
    } catch (error) {
      this.logger.warn(`Could not check the open streams' sessions: ${String(error)}`);
    }
  }
}

function count(counts: Map<string, number>, key: string, by: 1 | -1): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
