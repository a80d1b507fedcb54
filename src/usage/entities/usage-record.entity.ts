import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { UsageKind } from '../../llm/usage-attribution.js';

/**
 * One model call, as the provider reported it. Written in batches by UsageLedger (never through
 * this entity); kept when the user, conversation, workflow or run it names is deleted, so those
 * columns reference nothing. Deleting the team deletes its rows.
 */
@Entity('usage_records')
export class UsageRecord {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ name: 'conversation_id', type: 'uuid', nullable: true })
  conversationId: string | null;

  @Column({ name: 'workflow_id', type: 'uuid', nullable: true })
  workflowId: string | null;

  @Column({ name: 'run_id', type: 'integer', nullable: true })
  runId: number | null;

  @Column({ name: 'step_index', type: 'integer', nullable: true })
  stepIndex: number | null;

  @Column({ type: 'text' })
  kind: UsageKind;

  /** The registry's id: `offline`, `openai:<model>`. */
  @Column({ name: 'model_id', type: 'text' })
  modelId: string;

  @Column({ name: 'input_tokens', type: 'integer' })
  inputTokens: number;

  @Column({ name: 'output_tokens', type: 'integer' })
  outputTokens: number;

  @Column({ type: 'integer' })
  images: number;

  /** When the call finished. */
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
