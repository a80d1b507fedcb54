import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ApprovalTimer } from '../../workflows/approval-policy.js';

/**
 * Every approval decision, taken from a mailed link or on the dashboard: which link or user, what,
 * and from where.
 */
@Entity('approval_decisions')
export class ApprovalDecision {
  @PrimaryGeneratedColumn()
  id: number;

  /** The link's token id: a link decides once. Null for a decision taken on the dashboard. */
  @Column({ type: 'text', unique: true, nullable: true })
  jti: string | null;

  @Column({ type: 'text' })
  kind: 'plan_approval' | 'step_approval';

  @Column({ name: 'workflow_id', type: 'uuid' })
  workflowId: string;

  @Column({ name: 'plan_version', type: 'integer', nullable: true })
  planVersion: number | null;

  @Column({ name: 'run_id', type: 'integer', nullable: true })
  runId: number | null;

  @Column({ name: 'step_index', type: 'integer', nullable: true })
  stepIndex: number | null;

  @Column({ type: 'integer', nullable: true })
  attempt: number | null;

  /** A person's approve or reject; or a timer's (channel `system`): remind, escalate, expire (its note says what expiry did). */
  @Column({ type: 'text' })
  action: 'approve' | 'reject' | ApprovalTimer;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  /** The signed-in user who decided on the dashboard; null for a link. */
  @Column({ name: 'decided_by_user_id', type: 'uuid', nullable: true })
  decidedByUserId: string | null;

  /** Who decided (the link's recipient, the signed-in user's email): one decision per approver and attempt, a quorum counts them. Null for a timer. */
  @Column({ type: 'text', nullable: true })
  approver: string | null;

  /** The address the link was mailed to. */
  @Column({ type: 'text', nullable: true })
  recipient: string | null;

  @Column({ type: 'text', nullable: true })
  ip: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent: string | null;

  @CreateDateColumn({ name: 'decided_at', type: 'timestamptz' })
  decidedAt: Date;
}
