import { integer, namespace } from './environment.js';

export const INVITATIONS_VARIABLES = namespace('Team invitations (mail from MAIL_FROM with a team and a person name the inviter chose)', {
  perTeamPerHour: integer({ name: 'INVITATIONS_PER_TEAM_PER_HOUR', default: 20, min: 1, doc: 'New invitations mailed per team per hour; over: 429 with Retry-After.' }),
  perTeamPerDay: integer({ name: 'INVITATIONS_PER_TEAM_PER_DAY', default: 100, min: 1, doc: 'New invitations mailed per team per day.' }),
  perInviterPerHour: integer({
    name: 'INVITATIONS_PER_INVITER_PER_HOUR',
    default: 20,
    min: 1,
    doc: 'New invitations mailed per inviter (across all their teams) per hour.',
  }),
  perInviterPerDay: integer({ name: 'INVITATIONS_PER_INVITER_PER_DAY', default: 100, min: 1, doc: 'New invitations mailed per inviter per day.' }),
  mailIntervalSeconds: integer({
    name: 'INVITATION_MAIL_INTERVAL_SECONDS',
    default: 3600,
    min: 0,
    max: 7 * 86_400,
    doc:
      'Seconds between two mails to one address from one team (0: none, every re-invite mails a new link). A re-invite within it updates ' +
      'the pending invitation (its role) without mailing; the link already mailed stays good.',
  }),
});

/**
 * Invitation mail, which goes from our sender to any address with names the inviter chose: new
 * invitations mailed per team and per inviter (across their teams), per hour and per day; and the
 * shortest time between two mails to one address from one team (re-invites within it mail nothing).
 */
export interface InvitationQuotas {
  perTeamPerHour: number;
  perTeamPerDay: number;
  perInviterPerHour: number;
  perInviterPerDay: number;
  mailIntervalSeconds: number;
}
