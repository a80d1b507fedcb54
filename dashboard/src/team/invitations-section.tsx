import { type FormEvent, useState } from 'react';
import type { InvitationResponse, Role, TeamResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { formatDate } from './format';
import { useAction } from '../hooks/use-action';
import { inviteMember, revokeInvitation } from './api';
import { useInvitations } from './hooks';
import { assignableRoles, ROLE_NAMES } from './roles';

/** Inviting and the invitations still pending; owners and admins only (the API refuses members). */
export function InvitationsSection({ team }: { team: TeamResponse }) {
  const invitations = useInvitations(team.id);
  return (
    <section className="card stack" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Invitations</h2>
      <InviteForm team={team} onInvited={invitations.reload} />
      <ErrorMessage error={invitations.error} />
      {invitations.data?.length === 0 && <p className="muted">No pending invitations.</p>}
      {invitations.data && invitations.data.length > 0 && (
        <ul className="team-list" aria-label="Pending invitations">
          {invitations.data.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} team={team} onChanged={invitations.reload} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InviteForm({ team, onInvited }: { team: TeamResponse; onInvited: () => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [sentTo, setSentTo] = useState<string>();
  const invite = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSentTo(undefined);
    const invited = await invite.run(() => inviteMember(team.id, email, role));
    if (!invited) return;
    setSentTo(email);
    setEmail('');
    await onInvited();
  }

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} aria-label="Invite a member">
      <div className="row">
        <label className="grow">
          Email
          <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} required maxLength={254} autoComplete="off" />
        </label>
        <label>
          Role
          <select value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {assignableRoles(team.role).map((choice) => (
              <option key={choice} value={choice}>
                {ROLE_NAMES[choice]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={invite.busy}>
          Send invitation
        </button>
      </div>
      <ErrorMessage error={invite.error} />
      {sentTo && (
        <p role="status" className="ok">
          Invitation mailed to {sentTo}. They join once they accept it.
        </p>
      )}
    </form>
  );
}

function InvitationRow({ invitation, team, onChanged }: { invitation: InvitationResponse; team: TeamResponse; onChanged: () => Promise<void> }) {
  const revoke = useAction();
  // Only owners revoke an invitation to become an owner.
  const canRevoke = invitation.role !== 'owner' || team.role === 'owner';

  async function confirmAndRevoke() {
    if (!window.confirm(`Revoke the invitation to ${invitation.email}? Its link stops working.`)) return;
    if (await revoke.run(() => revokeInvitation(team.id, invitation.id))) await onChanged();
  }

  return (
    <li className="team-item">
      <div className="team-item-main">
        <span className="team-item-name">{invitation.email}</span>
        <span className="muted team-item-detail">
          {ROLE_NAMES[invitation.role]} · expires {formatDate(invitation.expiresAt)}
        </span>
      </div>
      {canRevoke && (
        <div className="team-item-actions">
          <button type="button" className="link-button danger" disabled={revoke.busy} onClick={() => void confirmAndRevoke()} aria-label={`Revoke the invitation to ${invitation.email}`}>
            Revoke
          </button>
        </div>
      )}
      <ErrorMessage error={revoke.error} />
    </li>
  );
}
