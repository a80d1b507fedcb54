import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { ErrorMessage } from '../components/error-message';
import { usePageTitle } from '../hooks/use-page-title';
import { useSession } from '../session/session';

type AuthMode = 'login' | 'register';

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
  return (
    <main className="auth">
      <h1>{registering ? 'Create your account' : 'Sign in'}</h1>
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
          <input name="password" type="password" autoComplete={registering ? 'new-password' : 'current-password'} required minLength={registering ? 8 : 1} />
        </label>
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          {registering ? 'Sign up' : 'Sign in'}
        </button>
      </form>
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
    </main>
  );
}
