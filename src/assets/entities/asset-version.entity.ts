import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One text of an asset: version 1 the original (written at the first edit), later ones an approver's edits. */
@Entity('asset_versions')
export class AssetVersion {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'asset_id', type: 'integer' })
  assetId: number;

  @Column({ type: 'integer' })
  version: number;

  @Column({ type: 'text' })
  content: string;

  /** The approver's email; null for the original. */
  @Column({ name: 'edited_by', type: 'text', nullable: true })
  editedBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
