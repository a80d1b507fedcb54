import { useState } from 'react';
import { usePageTitle } from '../hooks/use-page-title';
import { useMe } from '../session/session';
import { AuditSection } from './audit-section';
import { BudgetSection } from './budget-section';
import { GroupMappingsSection } from './group-mappings-section';
import { InvitationsSection } from './invitations-section';
import { LeaveTeamSection } from './leave-team-section';
import { McpServersSection } from './mcp-servers-section';
import { MembersSection } from './members-section';
import { PlanSection } from './plan-section';
import { isManager } from './roles';
import { TokensSection } from './tokens-section';
import { ToolApprovalsSection } from './tool-approvals-section';
import { UsageSection } from './usage-section';
import './team.css';

/** The active team: its people, the user's API tokens, and what the plan allows and the team uses. */
export function TeamPage() {
  usePageTitle('Team settings');
  const me = useMe();
  const team = me.activeTeam;
  const canManage = isManager(team.role);
  // Outlives the team it was about: after leaving, the page shows the session's next team.
  const [left, setLeft] = useState<string>();
  // Another team is another page: every section loads afresh.
  return (
    <div className="stack team-page" key={team.id}>
      <header className="page-header">
        <h1>Team settings</h1>
        <p className="muted">
          {team.name} · you are {team.role === 'member' ? 'a' : 'an'} {team.role}
        </p>
      </header>
      {left && (
        <p role="status" className="ok">
          You left {left}.
        </p>
      )}
      <MembersSection team={team} userId={me.user.id} />
      {canManage && <InvitationsSection team={team} />}
      <TokensSection />
      <PlanSection team={team} />
      <BudgetSection team={team} />
      <UsageSection team={team} />
      {canManage && <GroupMappingsSection team={team} />}
      <ToolApprovalsSection team={team} />
      {canManage && <McpServersSection team={team} />}
      {canManage && <AuditSection team={team} />}
      <LeaveTeamSection team={team} onLeft={setLeft} />
    </div>
  );
}
