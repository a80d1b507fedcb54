import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, IsNull, Repository } from 'typeorm';
import type { AppConfig } from '../../config/configuration.js';
import { DatabaseClock } from '../../database/database-clock.js';
import { Session, type TokenScope } from '../entities/session.entity.js';
import type { Role } from '../entities/membership.entity.js';
import type { Plan } from '../../config/plans.js';
import { OpenStreamsService } from './open-streams.service.js';
import { type CachedSession, SessionCache } from './session-cache.js';
import type { SessionTokenClaims } from './session-token.js';
import type { TeamContext } from './team-context.js';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** Work done in the same transaction as a session's write (its audit entry), given the session's id. */
export type Alongside = (manager: EntityManager, sessionId: string) => Promise<void>;

const nothingAlongside: Alongside = () => Promise.resolve();

export interface IssuedSession {
  session: Session;
  token: string;
}

interface ResolvedSessionRow {
  kind: Session['kind'];
  scope: TokenScope;
  token_hash: string | null;
  team_id: string;
  role: Role;
  plan: Plan;
  expires_at: Date;
  last_used_at: Date | null;
  email_verified: boolean;
}

/** `last_used_at` is written at most this often per session, so reads stay cheap on the hot path. */
const TOUCH_INTERVAL_MS = 60_000;

@Injectable()
export class SessionsService {
  private readonly ttlSeconds: number;

  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    private readonly jwt: JwtService,
    private readonly cache: SessionCache,
    private readonly streams: OpenStreamsService,
    private readonly databaseClock: DatabaseClock,
    config: ConfigService<AppConfig, true>,
  ) {
    this.ttlSeconds = config.get('auth', { infer: true }).sessionTtlSeconds;
  }

  async startLogin(userId: string, teamId: string, client: ClientInfo, alongside = nothingAlongside): Promise<IssuedSession> {
    const session = await this.sessions.manager.transaction(async (manager) => {
      // The row's end is checked against the database's clock (`expires_at > now()`), so it is counted from it.
      const now = await this.databaseClock.now(manager);
      const started = await manager.save(
        manager.create(Session, {
          userId,
          activeTeamId: teamId,
          kind: 'browser',
          ip: client.ip,
          userAgent: client.userAgent?.slice(0, 500) ?? null,
          expiresAt: new Date(now.getTime() + this.ttlSeconds * 1000),
        }),
      );
      await alongside(manager, started.id);
      return started;
    });
    const token = await this.sign(session, { expiresIn: this.ttlSeconds });
    return { session, token };
  }

  /** A personal API token: a session that lasts `days` unless revoked, bound to the caller's active team for good. */
  async createApiToken(context: TeamContext, name: string, days: number, scope: TokenScope, alongside = nothingAlongside): Promise<IssuedSession> {
    // Whole seconds, so that the row and the token's `exp` claim name the same instant; from the
    // database's clock, which the row's end is checked against.
    const now = await this.databaseClock.now();
    const expiresAt = new Date((Math.floor(now.getTime() / 1000) + days * 24 * 3600) * 1000);
    const session = this.sessions.create({
      id: randomUUID(),
      userId: context.userId,
      activeTeamId: context.teamId,
      kind: 'api_token',
      name,
      scope,
      expiresAt,
    });
    const token = await this.sign(session, { exp: expiresAt.getTime() / 1000 });
    session.tokenHash = hashToken(token);
    await this.sessions.manager.transaction(async (manager) => {
      await manager.save(session);
      await alongside(manager, session.id);
    });
    return { session, token };
  }

  listApiTokens(userId: string): Promise<Session[]> {
    return this.sessions.find({
      where: { userId, kind: 'api_token', revokedAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
  }

  async revokeApiToken(userId: string, id: string, alongside = nothingAlongside): Promise<void> {
    await this.sessions.manager.transaction(async (manager) => {
      const result = await manager.update(Session, { id, userId, kind: 'api_token', revokedAt: IsNull() }, { revokedAt: new Date() });
      if (!result.affected) throw new NotFoundException('API token not found');
      await alongside(manager, id);
    });
    await this.streams.end({ session: id });
  }

  /** Ends the user's other sign-ins (after a password change); API tokens are credentials of their own and stay. */
  async revokeOtherLogins(userId: string, keepSessionId: string): Promise<void> {
    await this.endSessionStreams(await this.revokeLogins(this.sessions.manager, userId, keepSessionId));
  }

  /**
   * Ends the user's sign-ins (all but `keepSessionId`) in `manager`'s transaction; API tokens stay.
   * Call `endSessionStreams` with the ids once it commits.
   */
  async revokeLogins(manager: EntityManager, userId: string, keepSessionId: string | null = null): Promise<string[]> {
    const [rows] = await manager.query<[{ id: string }[], number]>(
      `UPDATE sessions SET revoked_at = now()
        WHERE user_id = $1 AND kind = 'browser' AND id IS DISTINCT FROM $2::uuid AND revoked_at IS NULL RETURNING id`,
      [userId, keepSessionId],
    );
    return rows.map((row) => row.id);
  }

  /** After the sessions' revocation committed: every instance drops them and cuts their open streams. */
  async endSessionStreams(sessionIds: readonly string[]): Promise<void> {
    for (const id of sessionIds) await this.streams.end({ session: id });
  }

  async revoke(sessionId: string, alongside = nothingAlongside): Promise<void> {
    await this.sessions.manager.transaction(async (manager) => {
      await manager.update(Session, { id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date() });
      await alongside(manager, sessionId);
    });
    await this.streams.end({ session: sessionId });
  }

  /**
   * Ends every sign-in and API token of the user in `manager`'s transaction (an account
   * deactivated): call `endStreamsOf` once it commits.
   */
  async revokeEverySession(manager: EntityManager, userId: string): Promise<string[]> {
    const [rows] = await manager.query<[{ id: string }[], number]>(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
      [userId],
    );
    return rows.map((row) => row.id);
  }

  /** After revokeEverySession committed: every instance drops the sessions and cuts the user's streams in every team. */
  async endStreamsOf(userId: string, sessionIds: readonly string[]): Promise<void> {
    await this.endSessionStreams(sessionIds);
    await this.streams.end({ user: userId });
  }

  /**
   * Ends the user's sessions and API tokens that work in a team they no longer belong to, and
   * every stream they hold open in it (also one a session opened there before switching teams).
   */
  async revokeInTeam(userId: string, teamId: string): Promise<void> {
    const [rows] = await this.sessions.query<[{ id: string }[], number]>(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND active_team_id = $2 AND revoked_at IS NULL RETURNING id',
      [userId, teamId],
    );
    for (const { id } of rows) await this.streams.end({ session: id });
    await this.streams.end({ user: userId, team: teamId });
  }

  async setActiveTeam(sessionId: string, teamId: string): Promise<void> {
    await this.sessions.update({ id: sessionId }, { activeTeamId: teamId });
    await this.cache.announce({ session: sessionId });
  }

  /**
   * The team context a session token (a Bearer header's or the session cookie's) stands for, or
   * null: its signature or expiry fails, it names no session and user, or `resolve` finds none.
   */
  async authenticate(token: string | null): Promise<TeamContext | null> {
    const claims = token === null ? null : this.verifiedClaims(token);
    return claims && token ? this.resolve(claims.sid, claims.sub, token) : null;
  }

  /** The token's claims when its signature (HS256) and expiry hold and it names a session and a user. */
  private verifiedClaims(token: string): SessionTokenClaims | null {
    let claims: unknown;
    try {
      claims = this.jwt.verify<object>(token);
    } catch {
      return null;
    }
    const { sid, sub } = claims as Partial<SessionTokenClaims>;
    return typeof sid === 'string' && typeof sub === 'string' ? { sid, sub } : null;
  }

  /**
   * The team context of a live session, or null when it is unknown, revoked, expired, or the
   * user is no longer a member of its active team. API tokens must also match their stored hash.
   */
  private async resolve(sessionId: string, userId: string, rawToken: string): Promise<TeamContext | null> {
    const cached = this.cache.get(sessionId);
    if (cached) return cached.context.userId === userId && this.accepts(cached, rawToken) ? this.touch(cached) : null;

    const readStartedAt = this.cache.begin();
    const rows: ResolvedSessionRow[] = await this.sessions.query(
      `SELECT s.kind, s.scope, s.token_hash, m.team_id, m.role, t.plan, s.expires_at, s.last_used_at,
              u.email_verified_at IS NOT NULL AS email_verified
         FROM sessions s
         JOIN memberships m ON m.team_id = s.active_team_id AND m.user_id = s.user_id
         JOIN teams t ON t.id = m.team_id
         JOIN users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND u.deactivated_at IS NULL
          AND (s.expires_at IS NULL OR s.expires_at > now())`,
      [sessionId, userId],
    );
    const row = rows[0];
    if (!row) return null;
    const entry: Omit<CachedSession, 'validUntil'> = {
      context: {
        userId,
        sessionId,
        sessionKind: row.kind,
        scope: row.scope,
        teamId: row.team_id,
        role: row.role,
        plan: row.plan,
        emailVerified: row.email_verified,
      },
      tokenHash: row.token_hash,
      touchedAt: row.last_used_at?.getTime() ?? 0,
    };
    if (!this.accepts(entry, rawToken)) return null;
    // Touch what the cache kept, so that its record of the last write is the one updated.
    return this.touch(this.cache.set(sessionId, entry, row.expires_at, readStartedAt) ?? entry);
  }

  /** API tokens must also match their stored hash; session JWTs are enough by their signature. */
  private accepts(entry: Pick<CachedSession, 'context' | 'tokenHash'>, rawToken: string): boolean {
    return entry.context.sessionKind !== 'api_token' || (entry.tokenHash !== null && sameHash(entry.tokenHash, hashToken(rawToken)));
  }

  /** Records use of the session, at most once a minute. */
  private touch(entry: Pick<CachedSession, 'context' | 'touchedAt'>): TeamContext {
    const now = Date.now();
    if (now - entry.touchedAt >= TOUCH_INTERVAL_MS) {
      entry.touchedAt = now;
      void this.sessions.update({ id: entry.context.sessionId }, { lastUsedAt: new Date(now) }).catch(() => undefined);
    }
    return entry.context;
  }

  /** Either `expiresIn` (seconds from now) or `exp` (an instant, in seconds). */
  private sign(session: Session, expiry: { expiresIn: number } | { exp: number }): Promise<string> {
    const claims: SessionTokenClaims = { sub: session.userId, sid: session.id };
    return 'exp' in expiry ? this.jwt.signAsync({ ...claims, exp: expiry.exp }) : this.jwt.signAsync(claims, expiry);
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
