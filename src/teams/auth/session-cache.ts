import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import pg from 'pg';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/configuration.js';
import type { TeamContext } from './team-context.js';

/** The PostgreSQL channel on which every instance hears about changes to sessions and teams. */
const CHANNEL = 'auth_changes';
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 2_000;

export interface CachedSession {
  context: TeamContext;
  /** API tokens only: the stored hash the presented token must match. */
  tokenHash: string | null;
  /** When this entry stops being used: the cache period, or the session's own expiry if sooner. */
  validUntil: number;
  /** When `last_used_at` was last written for this session, as far as this instance knows. */
  touchedAt: number;
}

/** What changed: one session (logout, revoked token, team switch), or a team (its plan). */
export type AuthChange = { session: string } | { team: string };

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
  private listener: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  /** Counts the changes heard; a read is cached only if none arrived while it ran. */
  private generation = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: ConfigService<AppConfig, true>,
  ) {
    this.periodMs = config.get('auth', { infer: true }).sessionCacheSeconds * 1000;
  }

  async onModuleInit(): Promise<void> {
    if (this.periodMs > 0) await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.stopUsing();
    await this.listener?.end().catch(() => undefined);
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
    if (!this.listening || readStartedAt !== this.generation) return undefined;
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
    if ('session' in change) {
      this.entries.delete(change.session);
      return;
    }
    for (const [id, entry] of this.entries) if (entry.context.teamId === change.team) this.entries.delete(id);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.config.get('database', { infer: true }).url });
    client.on('notification', (message) => {
      try {
        this.apply(JSON.parse(message.payload ?? '') as AuthChange);
      } catch {
        // Unreadable: it may have named anything, so drop everything.
        this.generation++;
        this.entries.clear();
      }
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = client;
      this.listening = true;
    } catch (error) {
      this.lost(client, error as Error);
    }
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.listener !== undefined && this.listener !== client) return;
    this.listener = undefined;
    this.stopUsing();
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.logger.warn(`Session cache off until its change feed is back: ${error.message}`);
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.listen(), RECONNECT_MS);
    this.reconnectTimer.unref();
  }

  private stopUsing(): void {
    this.listening = false;
    this.generation++;
    this.entries.clear();
  }
}
