import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** SPEC §2: the `workflowRun` object of a conversation. */
export interface WorkflowRunSummary {
  id: number;
  status: string;
  totalSteps: number;
  currentStepDescription: string;
  workflow: { id: string; title: string };
}

@Entity('conversations')
export class Conversation {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId: string;

  /** Who started it; null for workflow-run conversations and after the user is deleted. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  /**
   * The id a chat client made for it (useChat's `id`), unique in the team; null when the service
   * named it. Requests may name the conversation by either.
   */
  @Column({ name: 'chat_id', type: 'text', nullable: true })
  chatId: string | null;

  /** Cut from the first user message until the model writes one after the first reply, or its reader renames it; at most 100 characters. */
  @Column()
  title: string;

  /** Whether the title was written by the model or chosen by the reader: a generated title never replaces it. */
  @Column({ name: 'title_final', type: 'boolean', default: false })
  titleFinal: boolean;

  /** The niche of the agent that answered last. */
  @Column({ type: 'text', default: 'general' })
  niche: string;

  /** The agent that answered last; the router's tiebreak. */
  @Column({ name: 'last_agent_id', type: 'text', nullable: true })
  lastAgentId: string | null;

  /**
   * For a workflow run's conversation: a summary the runs module keeps current (status, steps,
   * workflow), so listing conversations needs no join into another module's tables.
   */
  @Column({ name: 'workflow_run', type: 'jsonb', nullable: true })
  workflowRun: WorkflowRunSummary | null;

  /** When its author shared it with the team, who may then read it but not continue it; null: private. */
  @Column({ name: 'shared_at', type: 'timestamptz', nullable: true })
  sharedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Last activity: the list is ordered by it. */
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
