import { quoted, renderEmail, type RenderedEmail } from '../../mail/templates.js';
import type { Role } from '../entities/membership.entity.js';

export interface InvitationMailContent {
  teamName: string;
  inviter: { name: string; email: string } | null;
  email: string;
  role: Role;
  /** The dashboard page that accepts or declines; the token travels in its fragment, never to a server log. */
  link: string;
  expiresAt: Date;
}

const ROLE_PHRASES: Record<Role, string> = { owner: 'an owner', admin: 'an admin', member: 'a member', viewer: 'a viewer (read-only)' };

export function renderInvitationMail(content: InvitationMailContent): RenderedEmail & { subject: string } {
  // The team's and the inviter's names are the inviter's words, sent from our address: quoted, on one line.
  const who = content.inviter ? `${quoted(content.inviter.name)} (${content.inviter.email})` : 'A team owner';
  const team = quoted(content.teamName);
  const subject = `Invitation to join the team ${team}`;
  return {
    subject,
    ...renderEmail({
      title: subject,
      intro:
        `${who} invited you to join the team ${team} as ${ROLE_PHRASES[content.role]}.\n\n` +
        `Open the invitation and sign in with ${content.email} (or sign up with that address if you have no account yet), ` +
        'then accept or decline it. Nothing changes until you do.',
      actions: [{ label: 'Open the invitation', url: content.link }],
      footer:
        `This invitation was sent to ${content.email} and works until ${content.expiresAt.toUTCString()}. ` +
        'If you did not expect it, you can ignore this mail. ' +
        'Names in quotes were chosen by the person who invited you; we did not write them.',
    }),
  };
}
