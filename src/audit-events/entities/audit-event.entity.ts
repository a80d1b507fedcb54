import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ActorType } from '../actor-type.js';

/**
 * One entry of the audit trail. Written only by INSERT through AuditService.record: the database
 * numbers, stamps and chains it, and refuses to change it (migration AuditEvents1765200000000).
 */
@Entity('audit_events')
export class AuditEvent {
  /** bigserial: a string, as pg returns int8. */
  @PrimaryColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  /** Null: a deployment-wide event (a sign-in that failed, an operator's plan change of a team gone). */
  @Column({ name: 'team_id', type: 'uuid', nullable: true })
  teamId: string | null;

  @Column({ name: 'actor_type', type: 'text' })
  actorType: ActorType;

  @Column({ name: 'actor_id', type: 'text', nullable: true })
  actorId: string | null;

  @Column({ name: 'actor_token_id', type: 'uuid', nullable: true })
  actorTokenId: string | null;

  /** Dotted, subject first: `member.role_changed`. */
  @Column({ type: 'text' })
  action: string;

  @Column({ name: 'target_type', type: 'text', nullable: true })
  targetType: string | null;

  @Column({ name: 'target_id', type: 'text', nullable: true })
  targetId: string | null;

  @Column({ type: 'text', nullable: true })
  ip: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent: string | null;

  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId: string | null;

  /** `{ field: { before, after } }` of what changed, or facts of the event; never a secret. */
  @Column({ type: 'jsonb' })
  changes: Record<string, unknown>;

  @Column({ name: 'prev_hash', type: 'text', nullable: true })
  prevHash: string | null;

  @Column({ type: 'text' })
  hash: string;
}
