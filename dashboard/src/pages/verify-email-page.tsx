import { useState } from 'react';
import { Link } from 'wouter';
import { ErrorMessage } from '../components/error-message';
import { useAction } from '../hooks/use-action';
import { tokenFromLink } from '../hooks/link-token';
import { usePageTitle } from '../hooks/use-page-title';
import { resendVerificationMail, verifyEmail } from '../session/api';
import { useSession } from '../session/session';

/**
 * Where a verification mail leads, signed in or not. Opening it confirms nothing: the button
 * does (a POST), so a mail scanner that follows the link cannot.
 */
export function VerifyEmailPage() {
  const { me, refresh } = useSession();
  const [token] = useState(tokenFromLink);
  const [confirmed, setConfirmed] = useState<string>();
  const action = useAction();
  usePageTitle('Confirm your email address');

  const confirm = () =>
    action.run(async () => {
      const { email } = await verifyEmail(token);
      // The banner goes before the page says so.
      if (me) await refresh();
      setConfirmed(email);
    });

  if (!token) return <p className="centered">This verification link is incomplete: open it from the mail again.</p>;
  return (
    <section className={me ? 'stack' : 'auth stack'}>
      <h1>Confirm your email address</h1>
      {confirmed ? (
        <p role="status" className="ok">
          {confirmed} is confirmed. <Link href="/">Continue</Link>
        </p>
      ) : (
        <>
          <p>Press the button to confirm that this address is yours.</p>
          <ErrorMessage error={action.error} />
          <button type="button" disabled={action.busy} onClick={() => void confirm()}>
            Confirm my address
          </button>
        </>
      )}
    </section>
  );
}

/** Shown above every page while the signed-in account's address is not confirmed. */
export function UnverifiedBanner({ email }: { email: string }) {
  const [sentAt, setSentAt] = useState<string>();
  const action = useAction();
  const resend = () => action.run(async () => setSentAt((await resendVerificationMail()).sentAt));
  return (
    <div className="banner" role="region" aria-label="Email verification">
      <p>
        Confirm your email address: we mailed a link to <strong>{email}</strong>. Until then you cannot invite anyone or join a team.
      </p>
      {sentAt ? (
        <p role="status" className="ok">
          A new link is on its way.
        </p>
      ) : (
        <button type="button" className="link-button" disabled={action.busy} onClick={() => void resend()}>
          Send a new link
        </button>
      )}
      <ErrorMessage error={action.error} />
    </div>
  );
}
