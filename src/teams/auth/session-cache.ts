import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import pg from 'pg';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/configuration.js';
import { backoffMs, OutageLog } from '../../database/outage-log.js';
import { pgTimeoutOptions } from '../../database/pg-timeouts.js';
import type { TeamContext } from './team-context.js';

/** The PostgreSQL channel on which every instance hears about changes to sessions and teams. */
const CHANNEL = 'auth_changes';
const MAX_ENTRIES = 10_000;
/** Reconnection waits: 1 s doubling up to 10 s, so an outage costs a connection attempt per 10 s at most. */
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 10_000;
/** How often the listening connection is checked: a connection that silently died would hear nothing. */
const HEARTBEAT_MS = 10_000;

export interface CachedSession {
  context: TeamContext;
  /** API tokens only: the stored hash the presented token must match. */
  tokenHash: string | null;
  /** When this entry stops being used: the cache period, or the session's own expiry if sooner. */
  validUntil: number;
  /** When `last_used_at` was last written for this session, as far as this instance knows. */
  touchedAt: number;
}

/**
 * What changed: one session (a team switch; `revoked`: a logout, a revoked token, a password
 * change), a team (its plan, a role), a user's access (in one team, or in all of them) ended, or
 * a user's account (`account`).
 * A revoked session and an ended access also end the open streams they hold (OpenStreamsService).
 */
export type AuthChange = { session: string; revoked?: true } | { team: string } | { user: string; team?: string } | AccountChange;

/** A user's own details changed (their address was verified): their sessions are read again; nothing ends. */
export interface AccountChange {
  account: string;
}

/** Told of each change, made here or heard from another instance; and of a feed that is back after a loss (`resync`). */
export type AuthChangeHandler = (change: AuthChange | { resync: true }) => void;

/**
 * Resolved sessions, kept briefly so that an authenticated request needs no session read.
 *
 * Revocation must still be immediate everywhere, so every change that affects a resolved session
 * is announced with NOTIFY, and each instance LISTENs and drops what it cached. Whenever the
 * listening connection is not up, nothing is cached or served from the cache: a missed
 * notification can never leave a revoked session usable. A read that raced with a change (it
 * began before the notification arrived) is not cached either.
 */
@Injectable()
export class SessionCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SessionCache.name);
  private readonly periodMs: number;
  private readonly entries = new Map<string, CachedSession>();
  /** The feed's connection: connecting, or listening once `listening` is set. */
  private listener: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  /** Failed connections in a row, for the reconnection backoff. */
  private failures = 0;
  private readonly outage = new OutageLog('the session change feed', this.logger, { meanwhile: 'retrying; no session is cached until it is back' });
  /** Counts the changes heard; a read is cached only if none arrived while it ran. */
  private generation = 0;
  private readonly handlers: AuthChangeHandler[] = [];
  /** Whether the feed was ever lost: a feed that comes back may have missed changes. */
  private wasLost = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: ConfigService<AppConfig, true>,
  ) {
    this.periodMs = config.get('auth', { infer: true }).sessionCacheSeconds * 1000;
  }

  /** Listens even with caching off: open streams end on what the feed says. */
  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  /** Calls `handler` with every change (see AuthChangeHandler). */
  onChange(handler: AuthChangeHandler): void {
    this.handlers.push(handler);
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.heartbeatTimer);
    this.stopUsing();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  get(sessionId: string): CachedSession | undefined {
    const entry = this.listening ? this.entries.get(sessionId) : undefined;
    if (entry && entry.validUntil > Date.now()) return entry;
    if (entry) this.entries.delete(sessionId);
    return undefined;
  }

  /** Marks the start of a database read whose result may be cached with `set`. */
  begin(): number {
    return this.generation;
  }

  /** Keeps the entry, unless caching is off or a change was heard since `readStartedAt`; returns what it kept. */
  set(sessionId: string, entry: Omit<CachedSession, 'validUntil'>, expiresAt: Date | null, readStartedAt: number): CachedSession | undefined {
    if (!this.listening || this.periodMs === 0 || readStartedAt !== this.generation) return undefined;
    const kept = { ...entry, validUntil: Math.min(Date.now() + this.periodMs, expiresAt?.getTime() ?? Infinity) };
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(sessionId, kept);
    return kept;
  }

  /**
   * Drops the change here at once and tells every other instance; call after the change is
   * stored. Announced even with this instance's cache off: others (or a CLI's) may have theirs on.
   */
  async announce(change: AuthChange): Promise<void> {
    this.apply(change);
    await this.dataSource.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(change)]);
  }

  private apply(change: AuthChange): void {
    this.generation++;
    if ('session' in change) this.entries.delete(change.session);
    else if ('account' in change) {
      for (const [id, { context }] of this.entries) if (context.userId === change.account) this.entries.delete(id);
    } else if ('user' in change) {
      for (const [id, { context }] of this.entries) if (context.userId === change.user && (change.team === undefined || context.teamId === change.team)) this.entries.delete(id);
    } else for (const [id, entry] of this.entries) if (entry.context.teamId === change.team) this.entries.delete(id);
    this.tell(change);
  }

  private tell(change: AuthChange | { resync: true }): void {
    for (const handler of this.handlers) {
      try {
        handler(change);
      } catch (error) {
        this.logger.error(`A session change handler failed: ${String(error)}`);
      }
    }
  }

  private async listen(): Promise<void> {
    const { url, timeouts } = this.config.get('database', { infer: true });
    const client = new pg.Client({ connectionString: url, ...pgTimeoutOptions(timeouts) });
    this.listener = client;
    client.on('notification', (message) => {
      try {
        this.apply(JSON.parse(message.payload ?? '') as AuthChange);
      } catch {
        // Unreadable: it may have named anything, so drop everything (and open streams check theirs).
        this.generation++;
        this.entries.clear();
        this.tell({ resync: true });
      }
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.listener !== client) return; // lost meanwhile, or closed
    this.listening = true;
    this.failures = 0;
    this.outage.succeeded();
    this.heartbeat(client);
    // Changes made while the feed was down were not heard: open streams check theirs.
    if (this.wasLost) this.tell({ resync: true });
  }

  /**
   * Checks the connection now and then (an answer within the connect timeout), so that a dead one
   * is noticed and replaced. LISTEN again is the check: a no-op on a live connection.
   */
  private heartbeat(client: pg.Client): void {
    this.heartbeatTimer = setTimeout(() => {
      const { connectMs } = this.config.get('database', { infer: true }).timeouts;
      // pg reads a query's own query_timeout (its types do not declare it).
      client.query({ text: `LISTEN ${CHANNEL}`, query_timeout: connectMs } as pg.QueryConfig).then(
        () => this.listener === client && this.heartbeat(client),
        (error: Error) => this.lost(client, error),
      );
    }, HEARTBEAT_MS);
    this.heartbeatTimer.unref();
  }

  /** The connection failed or ended: nothing is cached until a new one listens, tried again with backoff. */
  private lost(client: pg.Client, error: Error): void {
    if (this.listener !== client) return;
    this.listener = undefined;
    clearTimeout(this.heartbeatTimer);
    this.stopUsing();
    // Its 'error' listener stays, so that what the dying connection still reports is heard (and ignored).
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.wasLost = true;
    if (!this.outage.failed(error)) this.logger.warn(`Session cache off until its change feed is back: ${error.message}`);
    this.failures += 1;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.listen(), backoffMs(this.failures, RECONNECT_FIRST_MS, RECONNECT_MAX_MS));
    this.reconnectTimer.unref();
  }

  private stopUsing(): void {
    this.listening = false;
    this.generation++;
    this.entries.clear();
  }
}
