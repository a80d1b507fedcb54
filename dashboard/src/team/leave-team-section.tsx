import type { TeamResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { useSession } from '../session/session';
import { useAction } from '../hooks/use-action';
import { leaveTeam } from './api';

/** Leaving: the API refuses the last owner and anyone's only team, and says so here. */
export function LeaveTeamSection({ team, onLeft }: { team: TeamResponse; onLeft: (teamName: string) => void }) {
  const { refresh } = useSession();
  const leave = useAction();

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
      <div className="row">
        <button type="button" className="danger" disabled={leave.busy} onClick={() => void confirmAndLeave()}>
          Leave {team.name}
        </button>
      </div>
      <ErrorMessage error={leave.error} />
    </section>
  );
}
