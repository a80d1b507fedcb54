import { useState } from 'react';
import { useLocation } from 'wouter';
import { ErrorMessage } from '../components/error-message';
import { tokenFromLink } from '../hooks/link-token';
import { usePageTitle } from '../hooks/use-page-title';
import { useSession } from '../session/session';
import { acceptInvitation, declineInvitation } from '../team/api';
import { AuthForm } from './auth-page';

/**
 * Where an invitation mail leads. Signed out, the invitee signs in or up on this page (the link
 * stays in the address bar) or declines; signed in, they accept or decline.
 */
export function InvitationPage() {
  const { me, switchTeam } = useSession();
  const [, navigate] = useLocation();
  const [token] = useState(tokenFromLink);
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [declined, setDeclined] = useState(false);
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);
  usePageTitle('Team invitation');

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
  return (
    <section className={me ? 'stack' : 'invitation auth stack'}>
      <h1>Team invitation</h1>
      {me ? (
        <p>
          You are signed in as <strong>{me.user.email}</strong>. Accept to join the team, or decline.
        </p>
      ) : (
        <p>Sign in with the address the invitation was sent to, or create an account with it, then accept. Or decline without an account.</p>
      )}
      <ErrorMessage error={error} />
      <div className="row">
        {me && (
          <button type="button" disabled={busy} onClick={() => void accept()}>
            Accept
          </button>
        )}
        <button type="button" className="link-button" disabled={busy} onClick={() => void decline()}>
          Decline
        </button>
      </div>
      {!me && <AuthForm mode={mode} onSwitchMode={() => setMode(mode === 'login' ? 'register' : 'login')} />}
    </section>
  );
}
