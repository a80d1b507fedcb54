import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** `browser`: a login (cookie or Bearer). `api_token`: a personal token for scripts, with its own expiry. */
export type SessionKind = 'browser' | 'api_token';

/** What an API token may do: `read` only GET routes; logins are always `read-write`. */
export const TOKEN_SCOPES = ['read', 'read-write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/**
 * Every accepted JWT names one of these rows in its `sid` claim, so revoking the row makes the
 * token useless at once. The active team belongs to the session, so two browsers of one user
 * may work in two teams.
 */
@Entity('sessions')
export class Session {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'active_team_id', type: 'uuid' })
  activeTeamId: string;

  @Column({ type: 'text' })
  kind: SessionKind;

  /** The label an API token was given; null for logins. */
  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'text', default: 'read-write' })
  scope: TokenScope;

  /** SHA-256 of an API token, checked on every use; null for logins. */
  @Column({ name: 'token_hash', type: 'text', nullable: true, select: false })
  tokenHash: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent: string | null;

  @Column({ type: 'text', nullable: true })
  ip: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Logins last SESSION_TTL_HOURS; API tokens the days they were made for (API_TOKEN_*_DAYS). */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  /** The ID token of a login made by single sign-on: the id_token_hint of its logout at the provider. */
  @Column({ name: 'oidc_id_token', type: 'text', nullable: true, select: false })
  oidcIdToken: string | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
