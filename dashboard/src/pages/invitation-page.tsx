import { useState } from 'react';
import { useLocation } from 'wouter';
import type { InvitationLinkResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { ErrorMessage } from '../components/error-message';
import { tokenFromLink } from '../hooks/link-token';
import { usePageTitle } from '../hooks/use-page-title';
import { useSession } from '../session/session';
import { acceptInvitation, declineInvitation, lookUpInvitation } from '../team/api';
import { ROLE_NAMES } from '../team/roles';
import { AuthForm } from './auth-page';

/**
 * Where an invitation mail leads: it names the team, who invited and the invited address, as the
 * mail did. Signed out, the invitee signs in or up on this page (the link stays in the address bar)
 * or declines; signed in, they accept or decline, or learn first that this account has another address.
 */
export function InvitationPage() {
  const { me, switchTeam, signOut } = useSession();
  const [, navigate] = useLocation();
  const [token] = useState(tokenFromLink);
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [declined, setDeclined] = useState(false);
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);
  usePageTitle('Team invitation');
  const invitation = useApi(token ? () => lookUpInvitation(token) : null, [token]);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(failure as Error);
    } finally {
      setBusy(false);
    }
  }

  const accept = () =>
    run(async () => {
      const team = await acceptInvitation(token);
      await switchTeam(team.id);
      navigate('/chat', { replace: true });
    });
  const decline = () =>
    run(async () => {
      await declineInvitation(token);
      setDeclined(true);
    });

  if (!token) return <p className="centered">This invitation link is incomplete: open it from the mail again.</p>;
  if (declined) return <p className="centered">You declined the invitation. Nothing was changed.</p>;
  const invited = invitation.data;
  // The invited address when the signed-in account has another (compared as the API does on accept).
  const otherAddress = me && invited && me.user.email.toLowerCase() !== invited.email ? invited.email : undefined;
  return (
    <section className={me ? 'stack' : 'invitation auth stack'}>
      <h1>Team invitation</h1>
      {invitation.loading && <p className="muted">Loading…</p>}
      {invited && <InvitationSummary invitation={invited} />}
      {me ? (
        otherAddress ? (
          <p role="note">
            You are signed in as <strong>{me.user.email}</strong>, but this invitation was sent to <strong>{otherAddress}</strong>: sign out and sign in
            with that address to accept it.
          </p>
        ) : (
          <p>
            You are signed in as <strong>{me.user.email}</strong>. Accept to join the team, or decline.
          </p>
        )
      ) : (
        <p>Sign in with the address the invitation was sent to, or create an account with it, then accept. Or decline without an account.</p>
      )}
      <ErrorMessage error={invitation.error ?? error} />
      {!invitation.error && (
        <div className="row">
          {me && !otherAddress && (
            <button type="button" disabled={busy || !invited} onClick={() => void accept()}>
              Accept
            </button>
          )}
          {otherAddress && (
            <button type="button" disabled={busy} onClick={() => void signOut()}>
              Sign out
            </button>
          )}
          <button type="button" className="link-button" disabled={busy} onClick={() => void decline()}>
            Decline
          </button>
        </div>
      )}
      {!me && !invitation.error && <AuthForm mode={mode} onSwitchMode={() => setMode(mode === 'login' ? 'register' : 'login')} />}
    </section>
  );
}

/** What the mail said: who invited the address to which team, as which role. */
function InvitationSummary({ invitation }: { invitation: InvitationLinkResponse }) {
  const inviter = invitation.inviter ? (
    <>
      <strong>{invitation.inviter.name}</strong> ({invitation.inviter.email})
    </>
  ) : (
    'A team owner'
  );
  return (
    <p className="invitation-summary">
      {inviter} invited <strong>{invitation.email}</strong> to join the team <strong>“{invitation.teamName}”</strong> with the role {ROLE_NAMES[invitation.role]}.
    </p>
  );
}
