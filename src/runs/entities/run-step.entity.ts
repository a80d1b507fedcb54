import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ToolInput } from '../../assistant/reply-metadata.js';
import type { StepStatus } from '../run-step-state.service.js';

/** A call of a tool that needs approval, as the step's reply asked for it. */
export interface AskedToolCall {
  toolCallId: string;
  toolName: string;
  input: ToolInput;
}

/**
 * The tool calls a step paused on (its reply's approval requests), and, once decided, the answer
 * its next attempt continues that reply with: the tools run (approved) or are refused.
 */
export interface StepToolApproval {
  /** The reply in the run's conversation that asked. */
  messageId: string;
  calls: AskedToolCall[];
  approved?: boolean;
  reason?: string | null;
}

/**
 * The checkpoint of one step of a run: a finished step is never run again, so a run picked up
 * after a crash goes on from the first step that is not finished.
 */
@Entity('run_steps')
export class RunStep {
  @PrimaryColumn({ name: 'run_id', type: 'integer' })
  runId: number;

  @PrimaryColumn({ name: 'step_index', type: 'integer' })
  stepIndex: number;

  /** Moved only by RunStepStateService, by its state table. */
  @Column({ type: 'text' })
  status: StepStatus;

  /** 1 for the first try; each rejection adds one. */
  @Column({ type: 'integer', default: 1 })
  attempt: number;

  /** The reviewer's note on the previous attempt, given to the agent. */
  @Column({ type: 'text', nullable: true })
  feedback: string | null;

  /** Model calls made for the current attempt: transient errors are tried again (RUN_STEP_ATTEMPTS). */
  @Column({ name: 'model_attempts', type: 'integer', default: 0 })
  modelAttempts: number;

  /** The run whose stored output this step took, instead of calling a model (a retry). */
  @Column({ name: 'reused_from', type: 'integer', nullable: true })
  reusedFrom: number | null;

  /** Set while the step awaits a decision on its agent's tool calls, and for the attempt that continues after it; null otherwise. */
  @Column({ name: 'tool_approval', type: 'jsonb', nullable: true })
  toolApproval: StepToolApproval | null;

  @Column({ name: 'output_text', type: 'text', nullable: true })
  outputText: string | null;

  @Column({ name: 'output_message_id', type: 'text', nullable: true })
  outputMessageId: string | null;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  /** When the current attempt began to wait for a decision; null until it does. */
  @Column({ name: 'approval_requested_at', type: 'timestamptz', nullable: true })
  approvalRequestedAt: Date | null;

  /** When a fresh approval mail of the current attempt was last asked for (null: only the first, at `approvalRequestedAt`); the newest link lives 2 h from then. */
  @Column({ name: 'approval_mail_requested_at', type: 'timestamptz', nullable: true })
  approvalMailRequestedAt: Date | null;
}
