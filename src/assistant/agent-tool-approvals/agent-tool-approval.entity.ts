import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Which of an agent's built-in tools need a person's approval in a team; AgentToolApprovalsService alone reads and writes it. */
@Entity('agent_tool_approvals')
export class AgentToolApproval {
  @PrimaryColumn({ name: 'team_id', type: 'uuid' })
  teamId: string;

  @PrimaryColumn({ name: 'agent_id', type: 'text' })
  agentId: string;

  /** Names of the agent's built-in tools; never empty (no row: none needs approval). */
  @Column({ type: 'text', array: true })
  tools: string[];

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
