import { type FormEvent, useState } from 'react';
import type { GroupMappingResponse, Role, TeamResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { ErrorMessage } from '../components/error-message';
import { useAction } from '../hooks/use-action';
import { addGroupMapping, listGroupMappings, removeGroupMapping } from './api';
import { ROLE_NAMES } from './roles';

const ROLES: Role[] = ['owner', 'admin', 'member', 'viewer'];

/** The identity provider's groups that make members of this team; owners edit, admins read. */
export function GroupMappingsSection({ team }: { team: TeamResponse }) {
  const mappings = useApi(() => listGroupMappings(team.id), [team.id]);
  const [groupName, setGroupName] = useState('');
  const [role, setRole] = useState<Role>('member');
  const add = useAction();
  const remove = useAction();
  const canEdit = team.role === 'owner';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await add.run(() => addGroupMapping(team.id, groupName.trim(), role))) {
      setGroupName('');
      await mappings.reload();
    }
  }

  async function removeMapping(mapping: GroupMappingResponse) {
    if (!window.confirm(`Stop mapping the group "${mapping.groupName}"? Members it added leave at their next sign-in or provisioning.`)) return;
    if (await remove.run(() => removeGroupMapping(team.id, mapping.id))) await mappings.reload();
  }

  return (
    <section className="card stack" aria-labelledby="group-mappings-heading">
      <h2 id="group-mappings-heading">Group mappings</h2>
      <p className="muted">Members of these identity-provider groups join this team with the role given (the highest wins).</p>
      <ErrorMessage error={mappings.error} />
      {mappings.data?.length === 0 && <p className="muted">No groups mapped.</p>}
      {mappings.data && mappings.data.length > 0 && (
        <ul className="team-list" aria-label="Group mappings">
          {mappings.data.map((mapping) => (
            <li className="team-item" key={mapping.id}>
              <div className="team-item-main">
                <span className="team-item-name">{mapping.groupName}</span>
                <span className="muted team-item-detail">{ROLE_NAMES[mapping.role]}</span>
              </div>
              {canEdit && (
                <div className="team-item-actions">
                  <button type="button" className="link-button danger" disabled={remove.busy} onClick={() => void removeMapping(mapping)} aria-label={`Remove the mapping of ${mapping.groupName}`}>
                    Remove
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ErrorMessage error={remove.error} />
      {canEdit && (
        <form className="stack" onSubmit={(event) => void submit(event)} aria-label="Map a group">
          <div className="row">
            <label className="grow">
              Group name
              <input value={groupName} onChange={(event) => setGroupName(event.target.value)} required maxLength={256} autoComplete="off" />
            </label>
            <label>
              Role
              <select value={role} onChange={(event) => setRole(event.target.value as Role)}>
                {ROLES.map((choice) => (
                  <option key={choice} value={choice}>
                    {ROLE_NAMES[choice]}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={add.busy}>
              Map group
            </button>
          </div>
          <ErrorMessage error={add.error} />
        </form>
      )}
    </section>
  );
}
