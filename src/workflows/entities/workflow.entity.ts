import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const WORKFLOW_STATUSES = ['draft', 'active'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** What a slot does when the previous run is still in progress. */
export const OVERLAP_POLICIES = ['skip', 'queue_one', 'cancel_running'] as const;
export type OverlapPolicy = (typeof OVERLAP_POLICIES)[number];

/** What becomes of slots that fell while no instance was up. */
export const MISSED_RUN_POLICIES = ['skip', 'run_once'] as const;
export type MissedRunPolicy = (typeof MISSED_RUN_POLICIES)[number];

@Entity('workflows')
export class Workflow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId: string;

  /** The user who created it; plan approval mails go to them. */
  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @Column()
  title: string;

  @Column({ type: 'text' })
  goal: string;

  @Column({ type: 'text', default: 'draft' })
  status: WorkflowStatus;

  /** A cron expression (5 or 6 fields), or null for manual runs only. */
  @Column({ type: 'text', nullable: true })
  schedule: string | null;

  /** IANA time zone the schedule is read in. */
  @Column({ type: 'text', default: 'UTC' })
  timezone: string;

  /** Set while the schedule is paused: no slot fires, none counts as missed. */
  @Column({ name: 'schedule_paused_at', type: 'timestamptz', nullable: true })
  schedulePausedAt: Date | null;

  /** When the schedule as it stands began to count (set, changed, resumed): earlier slots are not missed ones. */
  @Column({ name: 'schedule_since', type: 'timestamptz', nullable: true })
  scheduleSince: Date | null;

  @Column({ name: 'overlap_policy', type: 'text', default: 'skip' })
  overlapPolicy: OverlapPolicy;

  @Column({ name: 'missed_run_policy', type: 'text', default: 'skip' })
  missedRunPolicy: MissedRunPolicy;

  /** How old a missed slot may be and still be run by `run_once`. */
  @Column({ name: 'catch_up_window_minutes', type: 'integer', default: 60 })
  catchUpWindowMinutes: number;

  /**
   * Bumped by every edit of the steps. An approval link carries the version it was mailed for,
   * so it can only ever approve that plan.
   */
  @Column({ name: 'plan_version', type: 'integer', default: 1 })
  planVersion: number;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt: Date | null;

  /** The address the approving link was mailed to. */
  @Column({ name: 'approved_by', type: 'text', nullable: true })
  approvedBy: string | null;

  /** When a fresh approval link was last asked for: one request a minute per workflow. */
  @Column({ name: 'approval_mail_requested_at', type: 'timestamptz', nullable: true })
  approvalMailRequestedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
