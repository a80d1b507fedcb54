import { type FormEvent, useState } from 'react';
import type { McpConnectionTestResponse, McpServerResponse, TeamResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { ErrorMessage } from '../components/error-message';
import { useAction } from '../hooks/use-action';
import { addMcpServer, listMcpServers, removeMcpServer, testMcpServer } from './api';

/** The team's MCP servers (owners and admins): their tools join the agents' tools. */
export function McpServersSection({ team }: { team: TeamResponse }) {
  const servers = useApi(() => listMcpServers(team.id), [team.id]);
  return (
    <section className="card stack" aria-labelledby="mcp-heading">
      <div>
        <h2 id="mcp-heading">MCP servers</h2>
        <p className="muted">Remote MCP servers whose tools the agents may use. Secrets are stored encrypted and never shown again.</p>
      </div>
      <AddServerForm teamId={team.id} onAdded={servers.reload} />
      <ErrorMessage error={servers.error} />
      {servers.data?.length === 0 && <p className="muted">No MCP servers.</p>}
      {servers.data && servers.data.length > 0 && (
        <ul className="team-list" aria-label="MCP servers">
          {servers.data.map((server) => (
            <ServerRow key={server.id} teamId={team.id} server={server} onRemoved={servers.reload} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AddServerForm({ teamId, onAdded }: { teamId: string; onAdded: () => Promise<void> }) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [bearerToken, setBearerToken] = useState('');
  const add = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = await add.run(() => addMcpServer(teamId, { name, url, ...(bearerToken ? { bearerToken } : {}) }));
    if (!ok) return;
    setName('');
    setUrl('');
    setBearerToken('');
    await onAdded();
  }

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} aria-label="Add an MCP server">
      <div className="row">
        <label>
          Name
          <input value={name} onChange={(event) => setName(event.target.value)} required pattern="[a-z0-9_]{1,24}" placeholder="cms" />
        </label>
        <label className="grow">
          URL
          <input type="url" value={url} onChange={(event) => setUrl(event.target.value)} required placeholder="https://mcp.example.com/mcp" />
        </label>
        <label>
          Bearer token (optional)
          <input type="password" value={bearerToken} onChange={(event) => setBearerToken(event.target.value)} autoComplete="off" />
        </label>
        <button type="submit" disabled={add.busy}>
          Add server
        </button>
      </div>
      <ErrorMessage error={add.error} />
    </form>
  );
}

function ServerRow({ teamId, server, onRemoved }: { teamId: string; server: McpServerResponse; onRemoved: () => Promise<void> }) {
  const [result, setResult] = useState<McpConnectionTestResponse>();
  const action = useAction();

  return (
    <li className="stack">
      <div className="row">
        <span className="grow">
          <strong>{server.name}</strong> <code>{server.url}</code>
        </span>
        <button type="button" disabled={action.busy} onClick={() => void action.run(async () => setResult(await testMcpServer(teamId, server.id)))}>
          Test connection
        </button>
        <button
          type="button"
          className="danger"
          disabled={action.busy}
          onClick={() => void action.run(() => removeMcpServer(teamId, server.id)).then((ok) => (ok ? onRemoved() : undefined))}
        >
          Remove
        </button>
      </div>
      <ErrorMessage error={action.error} />
      {result && !result.ok && <p role="alert">Could not connect: {result.error}</p>}
      {result?.ok && (
        <ul aria-label={`Tools of ${server.name}`}>
          {result.tools.map((tool) => (
            <li key={tool.name}>
              <code>{tool.name}</code> {tool.status === 'available' ? '' : `(${tool.note ?? tool.status})`}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
