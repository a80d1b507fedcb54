import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from './membership.entity.js';

/**
 * `pending` until the invitee accepts or declines, an owner or admin revokes it, or a new
 * invitation to the same address replaces it. Expiry is not a status: a pending invitation past
 * `expiresAt` is expired.
 */
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked', 'replaced'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An offer of membership, mailed as a signed link: nobody joins a team without accepting. */
@Entity('team_invitations')
export class TeamInvitation {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId: string;

  /** Lower-cased; only the account with this address may accept. */
  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  role: Role;

  @Column({ name: 'invited_by', type: 'uuid', nullable: true })
  invitedBy: string | null;

  /** The id the mailed link carries; a link is good for this invitation only. */
  @Column({ type: 'uuid' })
  jti: string;

  @Column({ type: 'text', default: 'pending' })
  status: InvitationStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** When it stopped being pending; null while pending. */
  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  /** Who accepted, revoked or replaced it (null for a decline, which needs no account). */
  @Column({ name: 'closed_by', type: 'uuid', nullable: true })
  closedBy: string | null;
}
