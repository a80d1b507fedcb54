import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import type { PasswordResetResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { tokenFromLink } from '../hooks/link-token';
import { useAction } from '../hooks/use-action';
import { usePageTitle } from '../hooks/use-page-title';
import { confirmPasswordReset, requestPasswordReset } from '../session/api';

/**
 * Both steps of a password reset, signed out: without a token, ask for a link by email; from the
 * mailed link (its token after #token=), choose the new password. Opening the link changes nothing:
 * the form's button does, so a mail scanner that follows it cannot.
 */
export function ResetPasswordPage() {
  const [token] = useState(tokenFromLink);
  usePageTitle(token ? 'Choose a new password' : 'Reset your password');
  return token ? <NewPasswordForm token={token} /> : <RequestLinkForm />;
}

function RequestLinkForm() {
  const [requested, setRequested] = useState<string>();
  const action = useAction();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get('email') as string;
    void action.run(async () => setRequested((await requestPasswordReset(email)).message));
  };
  return (
    <main className="auth">
      <h1>Reset your password</h1>
      {requested ? (
        <p role="status">{requested}</p>
      ) : (
        <form onSubmit={submit} className="stack">
          <p>We will mail you a link to choose a new one.</p>
          <label>
            Email
            <input name="email" type="email" autoComplete="email" required />
          </label>
          <ErrorMessage error={action.error} />
          <button type="submit" disabled={action.busy}>
            Mail me a link
          </button>
        </form>
      )}
      <p>
        <Link href="/">Back to sign in</Link>
      </p>
    </main>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState<PasswordResetResponse>();
  const action = useAction();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get('password') as string;
    void action.run(async () => setDone(await confirmPasswordReset(token, password)));
  };
  return (
    <main className="auth">
      <h1>Choose a new password</h1>
      {done ? (
        <p role="status" className="ok">
          The password of {done.email} is changed, and every browser signed in to it is signed out (API tokens still work; review them in team
          settings). <Link href="/">Sign in</Link>
        </p>
      ) : (
        <form onSubmit={submit} className="stack">
          <label>
            New password
            <input name="password" type="password" autoComplete="new-password" required minLength={8} maxLength={200} />
          </label>
          <ErrorMessage error={action.error} />
          <button type="submit" disabled={action.busy}>
            Set the new password
          </button>
        </form>
      )}
    </main>
  );
}
