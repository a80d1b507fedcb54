import { usePageTitle } from '../hooks/use-page-title';
import { useMe } from '../session/session';
import { BudgetSection } from './budget-section';
import { InvitationsSection } from './invitations-section';
import { LeaveTeamSection } from './leave-team-section';
import { MembersSection } from './members-section';
import { PlanSection } from './plan-section';
import { isManager } from './roles';
import { TokensSection } from './tokens-section';
import { UsageSection } from './usage-section';
import './team.css';

/** The active team: its people, the user's API tokens, and what the plan allows and the team uses. */
export function TeamPage() {
  usePageTitle('Team settings');
  const me = useMe();
  const team = me.activeTeam;
  const canManage = isManager(team.role);
  // Another team is another page: every section loads afresh.
  return (
    <div className="stack team-page" key={team.id}>
      <header className="page-header">
        <h1>Team settings</h1>
        <p className="muted">
          {team.name} · you are {team.role === 'member' ? 'a' : 'an'} {team.role}
        </p>
      </header>
      <MembersSection team={team} userId={me.user.id} />
      {canManage && <InvitationsSection team={team} />}
      <TokensSection />
      <PlanSection team={team} />
      <BudgetSection team={team} />
      <UsageSection />
      <LeaveTeamSection team={team} />
    </div>
  );
}
