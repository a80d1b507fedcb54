import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One UIMessage of a conversation, stored whole (parts and metadata as JSON) so the history
 * endpoint returns exactly what the chat client produced and streamed.
 */
@Entity('messages')
export class Message {
  /** Insertion order. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  seq: string;

  @Column({ name: 'conversation_id', type: 'uuid' })
  conversationId: string;

  /** The UIMessage id (chosen by the client for user messages, by the server for replies); unique per conversation. */
  @Column({ name: 'message_id', type: 'text' })
  messageId: string;

  @Column({ type: 'text' })
  role: 'system' | 'user' | 'assistant';

  @Column({ type: 'jsonb' })
  parts: object[];

  @Column({ type: 'jsonb', nullable: true })
  metadata: object | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
