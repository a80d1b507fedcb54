import { ApiProperty } from '@nestjs/swagger';
import { ROLES, type Role } from '../entities/membership.entity.js';
import { INVITATION_STATUSES, type InvitationStatus } from '../entities/team-invitation.entity.js';

/** An invitation as owners and admins see it; its link is only ever mailed, never returned. */
export class InvitationResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  teamId: string;

  @ApiProperty({ example: 'ada@example.com' })
  email: string;

  @ApiProperty({ enum: ROLES })
  role: Role;

  @ApiProperty({ enum: INVITATION_STATUSES })
  status: InvitationStatus;

  /** The user who sent it (null once that account is deleted). */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The user who sent it (null once that account is deleted)' })
  invitedBy: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  /** When its link was mailed: a re-invite within INVITATION_MAIL_INTERVAL_SECONDS of it mails nothing. */
  @ApiProperty({ format: 'date-time', description: 'When its link was mailed' })
  mailedAt: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt: string;
}

/**
 * The answer to an invitation: `mailed` false when the address was mailed this invitation's
 * link less than the interval ago, so the pending invitation was changed in place (its role) and
 * that link stays the one to use.
 */
export class SentInvitationResponse extends InvitationResponse {
  @ApiProperty({ description: 'false: the address was mailed less than INVITATION_MAIL_INTERVAL_SECONDS ago; the link already mailed stays good' })
  mailed: boolean;
}

/** Who sent an invitation, as its mail names them. */
export class InviterResponse {
  @ApiProperty()
  name: string;

  @ApiProperty({ example: 'grace@example.com' })
  email: string;
}

/**
 * An invitation as the holder of its link sees it, before answering: what its mail said (the
 * team, who invited, the address, the role). No ids: the link is the only key to it.
 */
export class InvitationLinkResponse {
  @ApiProperty({ example: 'Launch crew' })
  teamName: string;

  @ApiProperty({ type: InviterResponse, nullable: true, description: 'null once the inviting account is deleted' })
  inviter: InviterResponse | null;

  @ApiProperty({ example: 'ada@example.com', description: 'The invited address: only an account with it may accept' })
  email: string;

  @ApiProperty({ enum: ROLES })
  role: Role;

  @ApiProperty({ format: 'date-time' })
  expiresAt: string;
}
