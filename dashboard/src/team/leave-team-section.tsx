import type { TeamResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { useMe, useSession } from '../session/session';
import { useAction } from '../hooks/use-action';
import { leaveTeam } from './api';
import { useMembers } from './hooks';

/** Leaving: offered only where the API allows it (not to the team's only owner, not from one's only team); otherwise what to do first. */
export function LeaveTeamSection({ team, onLeft }: { team: TeamResponse; onLeft: (teamName: string) => void }) {
  const { refresh } = useSession();
  const me = useMe();
  const members = useMembers(team.id);
  const leave = useAction();
  const soleOwner = team.role === 'owner' && members.data?.filter((member) => member.role === 'owner').length === 1;
  const onlyTeam = me.teams.length === 1;

  async function confirmAndLeave() {
    if (!window.confirm(`Leave ${team.name}? You lose access to its chats, assets and workflows until someone invites you again.`)) return;
    // The session moves to another of your teams; reloading it shows that team here.
    if (!(await leave.run(() => leaveTeam(team.id)))) return;
    onLeft(team.name);
    await refresh();
  }

  return (
    <section className="card stack" aria-labelledby="leave-heading">
      <h2 id="leave-heading">Leave the team</h2>
      {onlyTeam ? (
        <p className="muted">This is your only team: you can leave it once you belong to another.</p>
      ) : soleOwner ? (
        <p className="muted">You are the team’s only owner: make another member an owner before you leave.</p>
      ) : (
        members.data && (
          <div className="row">
            <button type="button" className="danger" disabled={leave.busy} onClick={() => void confirmAndLeave()}>
              Leave {team.name}
            </button>
          </div>
        )
      )}
      <ErrorMessage error={leave.error} />
    </section>
  );
}
