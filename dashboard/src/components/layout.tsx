import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { activateTeam, createTeam } from '../team/api';
import { UnverifiedBanner } from '../pages/verify-email-page';
import { useMe, useSession } from '../session/session';
import { ErrorMessage } from './error-message';
import { useApprovalCount } from '../approvals/use-approval-count';

const SECTIONS = [
  { href: '/chat', label: 'Chat' },
  { href: '/assets', label: 'Assets' },
  { href: '/workflows', label: 'Workflows' },
  { href: '/approvals', label: 'Approvals' },
  { href: '/team', label: 'Team' },
];

export function Layout({ children }: { children: ReactNode }) {
  const { signOut } = useSession();
  const me = useMe();
  const [location] = useLocation();
  const waiting = useApprovalCount();
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">Assistant</span>
        <nav aria-label="Sections">
          {SECTIONS.map((section) => (
            <Link key={section.href} href={section.href} aria-current={location.startsWith(section.href) ? 'page' : undefined}>
              {section.label}
              {section.href === '/approvals' && waiting ? (
                <>
                  <span className="nav-count" aria-hidden="true">
                    {waiting}
                  </span>
                  <span className="visually-hidden">, {waiting} waiting</span>
                </>
              ) : null}
            </Link>
          ))}
        </nav>
        <TeamSwitcher />
        <Link href="/account" className="user" title={`${me.user.email}: account and password`} aria-current={location.startsWith('/account') ? 'page' : undefined}>
          {me.user.name}
        </Link>
        <button type="button" className="link-button sign-out" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <main className="content">
        {!me.user.emailVerified && <UnverifiedBanner email={me.user.email} />}
        {children}
      </main>
    </div>
  );
}

/** Switches the session's active team; every page then shows that team's data. */
function TeamSwitcher() {
  const { switchTeam, refresh } = useSession();
  const me = useMe();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<Error>();

  async function create(event: FormEvent) {
    event.preventDefault();
    try {
      const team = await createTeam(name);
      await activateTeam(team.id);
      await refresh();
      setCreating(false);
      setName('');
    } catch (failure) {
      setError(failure as Error);
    }
  }

  if (creating) {
    return (
      <form className="team-form" onSubmit={(event) => void create(event)}>
        <label>
          <span className="visually-hidden">New team name</span>
          <input value={name} onChange={(event) => setName(event.target.value)} placeholder="Team name" required maxLength={100} autoFocus />
        </label>
        <button type="submit">Create</button>
        <button type="button" className="link-button" onClick={() => setCreating(false)}>
          Cancel
        </button>
        <ErrorMessage error={error} />
      </form>
    );
  }
  return (
    <div className="team-switcher">
      <label>
        <span className="visually-hidden">Active team</span>
        <select value={me.activeTeam.id} onChange={(event) => void switchTeam(event.target.value)}>
          {me.teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="link-button" onClick={() => setCreating(true)}>
        New team
      </button>
    </div>
  );
}
