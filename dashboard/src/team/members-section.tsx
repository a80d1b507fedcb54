import type { MemberResponse, Role, TeamResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { useSession } from '../session/session';
import { useAction } from '../hooks/use-action';
import { changeRole as putRole, removeMember } from './api';
import { useMembers } from './hooks';
import { assignableRoles, isManager, ROLE_NAMES } from './roles';

export function MembersSection({ team, userId }: { team: TeamResponse; userId: string }) {
  const members = useMembers(team.id);
  const owners = members.data?.filter((member) => member.role === 'owner').length ?? 0;
  return (
    <section className="card stack" aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      <ErrorMessage error={members.error} />
      {members.loading && !members.data && <p className="muted">Loading…</p>}
      {members.data && (
        <ul className="team-list" aria-label="Members">
          {members.data.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              team={team}
              isSelf={member.userId === userId}
              soleOwner={member.role === 'owner' && owners === 1}
              onChanged={members.reload}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

interface MemberRowProps {
  member: MemberResponse;
  team: TeamResponse;
  isSelf: boolean;
  /** The team's only owner: the API refuses to change their role (a team keeps an owner). */
  soleOwner: boolean;
  onChanged: () => Promise<void>;
}

function MemberRow({ member, team, isSelf, soleOwner, onChanged }: MemberRowProps) {
  const { refresh } = useSession();
  const roleChange = useAction();
  const removal = useAction();
  const roles = assignableRoles(team.role);
  // Admins can neither change nor remove owners; removing yourself is leaving (below).
  const canChangeRole = roles.length > 0 && !soleOwner && (member.role !== 'owner' || team.role === 'owner');
  const canRemove = !isSelf && isManager(team.role) && (member.role !== 'owner' || team.role === 'owner');

  async function changeRole(role: Role) {
    if (isSelf && !window.confirm(`Make yourself ${ROLE_NAMES[role].toLowerCase()} of ${team.name}? You may not be able to undo it.`)) return;
    const changed = await roleChange.run(() => putRole(team.id, member.userId, role));
    // Your own role decides what this page lets you do.
    if (changed && isSelf) await refresh();
    await onChanged();
  }

  async function remove() {
    if (!window.confirm(`Remove ${member.name} (${member.email}) from ${team.name}? They lose access at once.`)) return;
    if (await removal.run(() => removeMember(team.id, member.userId))) await onChanged();
  }

  return (
    <li className="team-item">
      <div className="team-item-main">
        <span className="team-item-name">
          {member.name}
          {isSelf && <span className="muted"> (you)</span>}
        </span>
        <span className="muted team-item-detail">{member.email}</span>
      </div>
      <div className="team-item-actions">
        {canChangeRole ? (
          <label>
            <span className="visually-hidden">Role of {member.email}</span>
            <select value={member.role} disabled={roleChange.busy} onChange={(event) => void changeRole(event.target.value as Role)}>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {ROLE_NAMES[role]}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span className="badge">
            <span className="visually-hidden">Role: </span>
            {ROLE_NAMES[member.role]}
          </span>
        )}
        {canRemove && (
          <button type="button" className="link-button danger" disabled={removal.busy} onClick={() => void remove()} aria-label={`Remove ${member.email}`}>
            Remove
          </button>
        )}
      </div>
      <ErrorMessage error={roleChange.error ?? removal.error} />
    </li>
  );
}
