import { Column, Entity, PrimaryColumn } from 'typeorm';

export const TICK_OUTCOMES = ['started', 'skipped', 'queued', 'missed'] as const;
export type TickOutcome = (typeof TICK_OUTCOMES)[number];

/**
 * One slot of a workflow's schedule and what became of it. Its primary key (workflow, slot) is
 * what makes a slot fire once, however many instances reach it.
 */
@Entity('schedule_ticks')
export class ScheduleTick {
  @PrimaryColumn({ name: 'workflow_id', type: 'uuid' })
  workflowId: string;

  @PrimaryColumn({ type: 'timestamptz' })
  slot: Date;

  @Column({ type: 'text' })
  outcome: TickOutcome;

  @Column({ name: 'run_id', type: 'integer', nullable: true })
  runId: number | null;

  /** Reached after an outage, by the missed-run policy, not by a timer. */
  @Column({ name: 'caught_up', type: 'boolean', default: false })
  caughtUp: boolean;

  /** Slots between the previous tick and this one that nobody reached. */
  @Column({ name: 'missed_before', type: 'integer', default: 0 })
  missedBefore: number;

  /** Why it was skipped, queued or missed, or what it replaced. */
  @Column({ type: 'text', nullable: true })
  detail: string | null;

  @Column({ name: 'decided_at', type: 'timestamptz', default: () => 'now()' })
  decidedAt: Date;
}
