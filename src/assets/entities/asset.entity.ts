import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AssetType } from '../asset-types.js';

@Entity('assets')
export class Asset {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId: string;

  /** Null when made outside a conversation, or after the conversation was deleted. */
  @Column({ name: 'conversation_id', type: 'uuid', nullable: true })
  conversationId: string | null;

  /**
   * The member whose private conversation made it: theirs alone, also once that conversation is
   * deleted. Null: the team's (a run's assets, assets made outside a conversation).
   */
  @Column({ name: 'private_to', type: 'uuid', nullable: true, select: false })
  privateTo: string | null;

  /** Set for assets made by a workflow run. */
  @Column({ name: 'run_id', type: 'integer', nullable: true })
  runId: number | null;

  @Column({ type: 'text' })
  type: AssetType;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  /** A public URL for images; Markdown for every other type. */
  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'jsonb', default: {} })
  metadata: Record<string, unknown>;

  /** The stored object behind an image, removed with the asset; never shown. */
  @Column({ name: 'storage_key', type: 'text', nullable: true, select: false })
  storageKey: string | null;

  /** When the step attempt that made it was rejected; null for an asset never rejected. */
  @Column({ name: 'rejected_at', type: 'timestamptz', nullable: true })
  rejectedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
