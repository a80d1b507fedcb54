import type { Role } from '../entities/membership.entity.js';
import type { InvitationStatus } from '../entities/team-invitation.entity.js';

/** An invitation as owners and admins see it; its link is only ever mailed, never returned. */
export interface InvitationResponse {
  id: string;
  teamId: string;
  email: string;
  role: Role;
  status: InvitationStatus;
  /** The user who sent it (null once that account is deleted). */
  invitedBy: string | null;
  createdAt: string;
  /** When its link was mailed: a re-invite within INVITATION_MAIL_INTERVAL_SECONDS of it mails nothing. */
  mailedAt: string;
  expiresAt: string;
}

/**
 * The answer to an invitation: `mailed` false when the address was mailed this invitation's
 * link less than the interval ago, so the pending invitation was changed in place (its role) and
 * that link stays the one to use.
 */
export interface SentInvitationResponse extends InvitationResponse {
  mailed: boolean;
}
