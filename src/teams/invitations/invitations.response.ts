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
  expiresAt: string;
}
