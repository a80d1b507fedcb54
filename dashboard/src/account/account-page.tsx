import { type FormEvent, useId, useState } from 'react';
import { ErrorMessage } from '../components/error-message';
import { useAction } from '../hooks/use-action';
import { usePageTitle } from '../hooks/use-page-title';
import { useMe, useSession } from '../session/session';
import { changePassword, setApprovalDigest } from './api';
import './account.css';

/** The signed-in person: who they are, and their password. */
export function AccountPage() {
  usePageTitle('Account');
  const me = useMe();
  return (
    <div className="stack account-page">
      <header className="page-header">
        <h1>Account</h1>
      </header>
      <section className="card" aria-labelledby="account-profile">
        <h2 id="account-profile">Profile</h2>
        <dl className="account-profile">
          <dt>Name</dt>
          <dd>{me.user.name}</dd>
          <dt>Email</dt>
          <dd>{me.user.email}</dd>
        </dl>
      </section>
      <DigestSection />
      <PasswordSection />
    </div>
  );
}

/** The daily mail of what waits in the approvals inbox (sent only on days something waits): on unless turned off here or by its link. */
function DigestSection() {
  const ids = useId();
  const me = useMe();
  const { refresh } = useSession();
  const save = useAction();
  // The box shows the choice at once while it is saved (a click must move it); a refused save puts it back.
  const [saving, setSaving] = useState<boolean>();
  const on = saving ?? me.user.approvalDigest;

  async function toggle(next: boolean) {
    setSaving(next);
    if (await save.run(() => setApprovalDigest(next))) await refresh();
    setSaving(undefined);
  }

  return (
    <section className="card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Mail</h2>
      <label className="account-toggle">
        <input type="checkbox" checked={on} disabled={save.busy} onChange={(event) => void toggle(event.target.checked)} />
        Daily mail of the approvals waiting for me (only on days something waits)
      </label>
      <ErrorMessage error={save.error} />
    </section>
  );
}

/** The server checks the current password and the new one's strength; other sign-ins end, this one stays. */
function PasswordSection() {
  const ids = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [changed, setChanged] = useState(false);
  const change = useAction();
  const mismatch = repeated !== '' && repeated !== newPassword;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (mismatch) return;
    setChanged(false);
    const done = await change.run(() => changePassword(currentPassword, newPassword));
    if (!done) return;
    setCurrentPassword('');
    setNewPassword('');
    setRepeated('');
    setChanged(true);
  }

  return (
    <section className="card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Password</h2>
      <form className="stack account-password" onSubmit={(event) => void submit(event)}>
        <label>
          Current password
          <input type="password" autoComplete="current-password" required value={currentPassword} onChange={(event) => setCurrentPassword(event.target.value)} />
        </label>
        <label>
          New password
          <input type="password" autoComplete="new-password" required minLength={8} maxLength={200} value={newPassword} onChange={(event) => setNewPassword(event.target.value)} />
        </label>
        <label>
          Repeat the new password
          <input
            type="password"
            autoComplete="new-password"
            required
            value={repeated}
            aria-invalid={mismatch}
            aria-describedby={mismatch ? `${ids}-mismatch` : undefined}
            onChange={(event) => setRepeated(event.target.value)}
          />
        </label>
        {mismatch && (
          <p id={`${ids}-mismatch`} className="error">
            The two new passwords differ.
          </p>
        )}
        <div>
          <button type="submit" disabled={change.busy || mismatch}>
            Change password
          </button>
        </div>
        <ErrorMessage error={change.error} />
        {changed && (
          <p role="status" className="ok">
            Password changed. Your other sign-ins and devices were signed out; API tokens keep working.
          </p>
        )}
      </form>
    </section>
  );
}
