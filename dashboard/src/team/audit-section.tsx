import { type FormEvent, useEffect, useState } from 'react';
import type { AuditEventResponse, TeamResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { useAction } from '../hooks/use-action';
import { auditExportUrl, auditPage } from './api';
import { formatDateTime } from './format';

const PAGE = 25;

/** The team's audit trail, newest first, filtered by action and by acting user; owners and admins only. */
export function AuditSection({ team }: { team: TeamResponse }) {
  const [filters, setFilters] = useState({ action: '', actor: '' });
  const [draft, setDraft] = useState(filters);
  const [events, setEvents] = useState<AuditEventResponse[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const load = useAction();

  async function loadPage(from: string | null, replace: boolean) {
    await load.run(async () => {
      const page = await auditPage(team.id, filters, PAGE, from ?? undefined);
      setEvents((shown) => (replace ? page.items : [...shown, ...page.items]));
      setCursor(page.nextCursor);
    });
  }

  // The first page again whenever the applied filters change.
  useEffect(() => {
    void loadPage(null, true);
  }, [filters]);

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters({ action: draft.action.trim(), actor: draft.actor.trim() });
  }

  return (
    <section className="card stack" aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit trail</h2>
      <form className="row" onSubmit={apply} aria-label="Filter the audit trail">
        <label className="grow">
          Action
          <input value={draft.action} onChange={(event) => setDraft({ ...draft, action: event.target.value })} placeholder="member. or member.role_changed" maxLength={100} />
        </label>
        <label className="grow">
          User id
          <input value={draft.actor} onChange={(event) => setDraft({ ...draft, actor: event.target.value })} maxLength={100} />
        </label>
        <button type="submit">Filter</button>
      </form>
      <p className="muted">
        Export everything: <a href={auditExportUrl(team.id, 'jsonl')}>JSON Lines</a> · <a href={auditExportUrl(team.id, 'csv')}>CSV</a>
      </p>
      <ErrorMessage error={load.error} />
      {!load.busy && events.length === 0 && !load.error && <p className="muted">No events.</p>}
      {events.length > 0 && (
        <ul className="team-list" aria-label="Audit events">
          {events.map((event) => (
            <li key={event.id} className="team-item">
              <div className="team-item-main">
                <span className="team-item-name">
                  <code>{event.action}</code>
                  {event.targetType && ` · ${event.targetType} ${event.targetId ?? ''}`}
                </span>
                <span className="muted team-item-detail">
                  {formatDateTime(event.occurredAt)} · {describeActor(event)}
                  {event.ip && ` · ${event.ip}`}
                  {Object.keys(event.changes).length > 0 && ` · ${JSON.stringify(event.changes)}`}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {cursor && (
        <button type="button" className="link-button" disabled={load.busy} onClick={() => void loadPage(cursor, false)}>
          Older events
        </button>
      )}
    </section>
  );
}

function describeActor(event: AuditEventResponse): string {
  if (event.actorType === 'api_token') return `user ${event.actorId} (API token)`;
  if (event.actorType === 'user') return `user ${event.actorId}`;
  return event.actorType;
}
