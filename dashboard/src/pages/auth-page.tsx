import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { useApi } from '../api/use-api';
import { ErrorMessage } from '../components/error-message';
import { usePageTitle } from '../hooks/use-page-title';
import { authOptions, oidcLoginUrl } from '../session/api';
import { useSession } from '../session/session';

type AuthMode = 'login' | 'register';

/** What the callback's `?sso_error=` codes mean to the person signing in. */
const SSO_ERRORS: Record<string, string> = {
  sso_email_unverified: 'Your identity provider has not verified your email address, so it cannot be used to sign in here.',
  sso_email_missing: 'Your identity provider did not share an email address.',
  sso_signup_closed: 'There is no account for you here yet: ask an administrator.',
  sso_deactivated: 'Your account here is deactivated: ask an administrator.',
  sso_signup_invite_only: 'Accounts here are by invitation: ask a team to invite your address.',
  sso_state_mismatch: 'The sign-in took too long or was started elsewhere: try again.',
  sso_provider_error: 'Your identity provider refused the sign-in.',
};
const SSO_FAILED = 'Single sign-on failed: try again, or ask an administrator.';

/** The path to come back to after single sign-on: this page, unless it is the sign-in page itself. */
function returnPath(): string {
  const { pathname } = window.location;
  return pathname.startsWith('/dashboard') && !pathname.startsWith('/dashboard/login') ? pathname : '/dashboard';
}

/** The sign-in and sign-up pages. */
export function AuthPage({ mode }: { mode: AuthMode }) {
  usePageTitle(mode === 'register' ? 'Create an account' : 'Sign in');
  return <AuthForm mode={mode} />;
}

/**
 * Sign in, or sign up (which also creates a personal team); also part of the invitation page, which
 * names the tab itself. `onSwitchMode` keeps the visitor on the page they are on.
 */
export function AuthForm({ mode, onSwitchMode }: { mode: AuthMode; onSwitchMode?: () => void }) {
  const { signIn } = useSession();
  const options = useApi(authOptions, []).data;
  const ssoError = new URLSearchParams(window.location.search).get('sso_error');
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<string>();
  const registering = mode === 'register';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setBusy(true);
    setError(undefined);
    try {
      setPending(await signIn(mode, fields));
      setBusy(false);
    } catch (failure) {
      setError(failure as Error);
      setBusy(false);
    }
  }

  if (pending) {
    return (
      <main className="auth">
        <h1>Check your mail</h1>
        <p role="status">{pending}</p>
      </main>
    );
  }
  const passwordLogin = options?.passwordLogin !== 'disabled';
  const sso = options?.sso;
  return (
    <main className="auth">
      <h1>{registering ? 'Create your account' : 'Sign in'}</h1>
      <p className="auth-product">
        <strong>Assistant</strong>: AI agents for your team that write posts, outlines and scripts, read receipts and contracts, and run your workflows on a
        schedule, with a person approving each step that needs it.
      </p>
      {ssoError && <p role="alert">{SSO_ERRORS[ssoError] ?? SSO_FAILED}</p>}
      {sso && (
        <a className="button" href={oidcLoginUrl(returnPath())}>
          Sign in with {sso.displayName}
        </a>
      )}
      {passwordLogin && (
        <form onSubmit={(event) => void submit(event)} className="stack">
          {registering && (
            <label>
              Name
              <input name="name" autoComplete="name" required maxLength={100} />
            </label>
          )}
          <label>
            Email
            <input name="email" type="email" autoComplete="email" required />
          </label>
          <label>
            Password
            <input
              name="password"
              type="password"
              autoComplete={registering ? 'new-password' : 'current-password'}
              required
              minLength={registering ? 8 : 1}
              aria-describedby={registering ? 'password-rules' : undefined}
            />
          </label>
          {registering && (
            <p id="password-rules" className="muted">
              At least 8 characters and hard to guess: a few uncommon words make a good one; not your name or email, nor a common password.
            </p>
          )}
          <ErrorMessage error={error} />
          <button type="submit" disabled={busy}>
            {registering ? 'Sign up' : 'Sign in'}
          </button>
          {!registering && <Link href="/reset-password">Forgot your password?</Link>}
        </form>
      )}
      {passwordLogin && (
        <p>
          {registering ? 'Have an account? ' : 'New here? '}
          {onSwitchMode ? (
            <button type="button" className="link-button" onClick={onSwitchMode}>
              {registering ? 'Sign in' : 'Create an account'}
            </button>
          ) : (
            <Link href={registering ? '/' : '/sign-up'}>{registering ? 'Sign in' : 'Create an account'}</Link>
          )}
        </p>
      )}
    </main>
  );
}
