import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ApprovalPolicy } from '../approval-policy.js';

@Entity('workflow_steps')
export class WorkflowStep {
  @PrimaryColumn({ name: 'workflow_id', type: 'uuid' })
  workflowId: string;

  /** 0-based position in the plan. */
  @PrimaryColumn({ name: 'step_index', type: 'integer' })
  stepIndex: number;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'agent_id', type: 'text' })
  agentId: string;

  @Column({ name: 'requires_approval', type: 'boolean', default: false })
  requiresApproval: boolean;

  /** Who approves and the step's timers (approval-policy.ts); null: the defaults. Only a step that requires approval has one. */
  @Column({ name: 'approval_policy', type: 'jsonb', nullable: true })
  approvalPolicy: ApprovalPolicy | null;
}
