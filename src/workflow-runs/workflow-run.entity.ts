import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** `awaiting_budget`: paused before a step because the team's monthly token budget is used up. */
export const RUN_STATUSES = ['running', 'awaiting_approval', 'awaiting_budget', 'completed', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
/** At most one run per workflow may be in one of these (a partial unique index enforces it). */
export const ACTIVE_RUN_STATUSES: readonly RunStatus[] = ['running', 'awaiting_approval', 'awaiting_budget'];

/**
 * A run of a workflow (the workflow page lists them). RunStateService alone writes these rows.
 */
/** What started a run. */
export type RunTrigger = 'manual' | 'schedule' | 'trigger';

@Entity('workflow_runs')
export class WorkflowRun {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'workflow_id', type: 'uuid' })
  workflowId: string;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId: string;

  /** Counts per workflow from 1. */
  @Column({ name: 'run_number', type: 'integer' })
  runNumber: number;

  @Column({ type: 'text' })
  status: RunStatus;

  /** Why it failed (or was stopped), or why it waits for the budget. */
  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Column({ name: 'current_step_index', type: 'integer', default: 0 })
  currentStepIndex: number;

  @Column({ name: 'total_steps', type: 'integer' })
  totalSteps: number;

  @Column({ name: 'conversation_id', type: 'uuid', nullable: true })
  conversationId: string | null;

  /** `manual`, `schedule`, or `trigger` (a trigger token's POST /api/workflows/:id/trigger). */
  @Column({ type: 'text', default: 'manual' })
  trigger: RunTrigger;

  /** The JSON payload a triggered run was started with; null for other runs. */
  @Column({ type: 'jsonb', nullable: true })
  input: unknown;

  /** The cron tick this run belongs to (unique per workflow, so a tick makes one run). */
  @Column({ name: 'scheduled_for', type: 'timestamptz', nullable: true })
  scheduledFor: Date | null;

  /** The run this one retries: it took that run's outputs for the steps before `startStepIndex`. */
  @Column({ name: 'retry_of', type: 'integer', nullable: true })
  retryOf: number | null;

  /** The first step this run executes (0 unless it is a retry). */
  @Column({ name: 'start_step_index', type: 'integer', default: 0 })
  startStepIndex: number;

  /** A retry's replacement instruction for its first step (the workflow's plan is unchanged). */
  @Column({ name: 'instruction_override', type: 'text', nullable: true })
  instructionOverride: string | null;

  /** The plan version the run executes; null for runs from before it was recorded. */
  @Column({ name: 'plan_version', type: 'integer', nullable: true })
  planVersion: number | null;

  @Column({ name: 'started_by', type: 'uuid', nullable: true })
  startedBy: string | null;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt: Date;

  /** The user who stopped the run (its finish time says when); null for a run that was not stopped by someone. */
  @Column({ name: 'stopped_by', type: 'uuid', nullable: true })
  stoppedBy: string | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
