import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** One mail on its way out; see MailOutboxWorker for how a row moves from `pending` on. */
@Entity('mail_outbox')
export class MailOutboxMessage {
  @PrimaryGeneratedColumn()
  id: number;

  /** The team the mail was sent for, when there is one; kept (as null) if the team is deleted. */
  @Column({ name: 'team_id', type: 'uuid', nullable: true })
  teamId: string | null;

  @Column({ name: 'to_address', type: 'text' })
  toAddress: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  html: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'text', default: 'pending' })
  status: MailStatus;

  /** Delivery attempts begun so far (counted when a worker claims the row). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** When the row is next due; while a worker sends it, the end of that worker's lease. */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** The Message-ID header the mail went out with (the same on every attempt). */
  @Column({ name: 'message_id', type: 'text', nullable: true })
  messageId: string | null;

  /** The one-click unsubscribe URL the mail goes out with (List-Unsubscribe), if any. */
  @Column({ name: 'list_unsubscribe', type: 'text', nullable: true })
  listUnsubscribe: string | null;
}
