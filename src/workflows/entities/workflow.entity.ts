import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const WORKFLOW_STATUSES = ['draft', 'active'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
