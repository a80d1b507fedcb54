import { type FormEvent, useState } from 'react';
import type { ApiTokenResponse, CreatedApiTokenResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { useMe } from '../session/session';
import { formatDate, formatDateTime } from './format';
import { useAction } from '../hooks/use-action';
import { createApiToken, revokeApiToken } from './api';
import { useApiTokens } from './hooks';

/** Personal API tokens for scripts: each works in the team it was made in. */
export function TokensSection() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<CreatedApiTokenResponse>();
  return (
    <section className="card stack" aria-labelledby="tokens-heading">
      <div>
        <h2 id="tokens-heading">API tokens</h2>
        <p className="muted">Your personal tokens for scripts, sent as <code>Authorization: Bearer …</code>. A new token works in the active team.</p>
      </div>
      {created ? (
        <CreatedToken token={created} onDone={() => setCreated(undefined)} />
      ) : (
        <CreateTokenForm
          onCreated={async (token) => {
            setCreated(token);
            await tokens.reload();
          }}
        />
      )}
      <ErrorMessage error={tokens.error} />
      {tokens.data?.length === 0 && <p className="muted">No API tokens.</p>}
      {tokens.data && tokens.data.length > 0 && (
        <ul className="team-list" aria-label="API tokens">
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} onRevoked={tokens.reload} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiTokenResponse) => Promise<void> }) {
  const [name, setName] = useState('');
  const [days, setDays] = useState('90');
  const create = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    let token: CreatedApiTokenResponse | undefined;
    const ok = await create.run(async () => {
      token = await createApiToken(name, Number(days));
    });
    if (!ok || !token) return;
    setName('');
    await onCreated(token);
  }

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} aria-label="Create an API token">
      <div className="row">
        <label className="grow">
          Token name
          <input value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} placeholder="CI pipeline" />
        </label>
        <label>
          Expires in (days)
          <input type="number" className="days" value={days} onChange={(event) => setDays(event.target.value)} required min={1} max={3650} step={1} />
        </label>
        <button type="submit" disabled={create.busy}>
          Create token
        </button>
      </div>
      <ErrorMessage error={create.error} />
    </form>
  );
}

/** The secret, shown this once: the API keeps only its hash. */
function CreatedToken({ token, onDone }: { token: CreatedApiTokenResponse; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = useAction();

  async function copyToClipboard() {
    if (await copy.run(() => navigator.clipboard.writeText(token.token))) setCopied(true);
  }

  return (
    <div className="secret stack" role="region" aria-label="New API token">
      <p>
        <strong>Copy the token “{token.name}” now: you will not see it again.</strong> It expires {formatDate(token.expiresAt)}.
      </p>
      <label className="secret-value">
        Token secret
        <input readOnly value={token.token} onFocus={(event) => event.target.select()} spellCheck={false} />
      </label>
      <div className="row">
        <button type="button" onClick={() => void copyToClipboard()}>
          Copy token
        </button>
        <button type="button" className="link-button" onClick={onDone}>
          I have copied it
        </button>
        {copied && (
          <span role="status" className="ok">
            Copied
          </span>
        )}
      </div>
      <ErrorMessage error={copy.error} />
    </div>
  );
}

function TokenRow({ token, onRevoked }: { token: ApiTokenResponse; onRevoked: () => Promise<void> }) {
  const me = useMe();
  const revoke = useAction();
  const teamName = me.teams.find((team) => team.id === token.teamId)?.name;

  async function confirmAndRevoke() {
    if (!window.confirm(`Revoke the token “${token.name}”? Scripts using it stop working at once.`)) return;
    if (await revoke.run(() => revokeApiToken(token.id))) await onRevoked();
  }

  return (
    <li className="team-item">
      <div className="team-item-main">
        <span className="team-item-name">{token.name}</span>
        <span className="muted team-item-detail">
          {teamName ? `${teamName} · ` : ''}
          {token.lastUsedAt ? `last used ${formatDateTime(token.lastUsedAt)}` : 'never used'} · expires {formatDate(token.expiresAt)}
        </span>
      </div>
      <div className="team-item-actions">
        <button type="button" className="link-button danger" disabled={revoke.busy} onClick={() => void confirmAndRevoke()} aria-label={`Revoke the token ${token.name}`}>
          Revoke
        </button>
      </div>
      <ErrorMessage error={revoke.error} />
    </li>
  );
}
