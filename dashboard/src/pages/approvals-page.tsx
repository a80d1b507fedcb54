import { useId, useState } from 'react';
import { Link } from 'wouter';
import { NOTE_MAX_LENGTH } from '../../../src/approvals/approval-limits.js';
import type { Schema } from '../api/client';
import type { InboxItem } from '../api/types';
import { useApi } from '../api/use-api';
import { decideInbox, listInbox } from '../approvals/api';
import { EditAndApproveButton, EditAndApproveForm, type StepDecision as Decision, useAssetEditing } from '../approvals/edit-and-approve';
import { APPROVALS_CHANGED } from '../approvals/use-approval-count';
import { ErrorMessage } from '../components/error-message';
import { usePageTitle } from '../hooks/use-page-title';
import { useCan } from '../session/session';
import { formatDateTime } from '../team/format';
import { runLabel } from '../workflows/workflow-format';
import '../workflows/workflows.css';

/** The decision the API takes for an item, as the inbox listed it (its attempt, its plan version). */
function decisionFor(item: InboxItem, decision: Decision): Schema<'InboxDecisionDto'> {
  return item.kind === 'plan'
    ? { kind: 'plan', workflowId: item.workflowId, planVersion: item.planVersion, action: 'approve' }
    : { kind: 'step', workflowId: item.workflowId, runId: item.runId, stepIndex: item.stepIndex, attempt: item.attempt, ...decision };
}

function keyOf(item: InboxItem): string {
  return item.kind === 'plan' ? `plan-${item.workflowId}` : `step-${item.runId}-${item.stepIndex}`;
}

function waited(seconds: number): string {
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
}

/** `/approvals`: what waits for the signed-in user's decision in the active team, decided one by one or several at once. */
export function ApprovalsPage() {
  usePageTitle('Approvals');
  const can = useCan();
  const inbox = useApi(can('workflow.approve') ? listInbox : null, []);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [results, setResults] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();

  async function decide(decisions: { item: InboxItem; decision: Decision }[]) {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await decideInbox(decisions.map(({ item, decision }) => decisionFor(item, decision)));
      setResults((previous) => ({ ...previous, ...Object.fromEntries(answer.results.map((result, index) => [keyOf(decisions[index].item), result.message])) }));
      setSelected(new Set());
      await inbox.reload();
      window.dispatchEvent(new Event(APPROVALS_CHANGED));
    } catch (failure) {
      setError(failure as Error);
    } finally {
      setBusy(false);
    }
  }

  const items = inbox.data ?? [];
  const chosen = items.filter((item) => selected.has(keyOf(item)));
  return (
    <div className="stack approvals-page">
      <header className="page-header">
        <h1>Approvals</h1>
      </header>
      {!can('workflow.approve') && <p className="muted">Your role in this team does not decide approvals.</p>}
      <ErrorMessage error={inbox.error ?? error} />
      {Object.keys(results).length > 0 && (
        <ul role="status" className="approval-results">
          {Object.entries(results).map(([key, message]) => (
            <li key={key}>{message}</li>
          ))}
        </ul>
      )}
      {inbox.data && items.length === 0 && <p className="muted">Nothing waits for your decision.</p>}
      {items.length > 0 && (
        <div className="row">
          <button type="button" disabled={busy || chosen.length === 0} onClick={() => void decide(chosen.map((item) => ({ item, decision: { action: 'approve' } })))}>
            Approve selected ({chosen.length})
          </button>
        </div>
      )}
      <ul className="stack approval-list">
        {items.map((item) => (
          <ApprovalCard
            key={keyOf(item)}
            item={item}
            busy={busy}
            selected={selected.has(keyOf(item))}
            onSelect={(on) =>
              setSelected((previous) => {
                const next = new Set(previous);
                if (on) next.add(keyOf(item));
                else next.delete(keyOf(item));
                return next;
              })
            }
            onDecide={(decision) => decide([{ item, decision }])}
          />
        ))}
      </ul>
    </div>
  );
}

interface ApprovalCardProps {
  item: InboxItem;
  busy: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDecide: (decision: Decision) => Promise<void>;
}

function ApprovalCard({ item, busy, selected, onSelect, onDecide }: ApprovalCardProps) {
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const editing = useAssetEditing(item.kind === 'step' ? item.made : [], () => setRejecting(false));
  const ids = useId();

  const heading = item.kind === 'plan' ? `Plan of ${item.workflowTitle} (version ${item.planVersion})` : `Step ${item.stepIndex + 1}: ${item.stepDescription}`;
  return (
    <li className="card stack approval-card" aria-labelledby={`${ids}-title`}>
      <label className="row">
        <input type="checkbox" checked={selected} onChange={(event) => onSelect(event.target.checked)} disabled={busy} />
        <strong id={`${ids}-title`}>{heading}</strong>
      </label>
      <p className="muted">
        <Link href={`/workflows/${item.workflowId}`}>{item.workflowTitle}</Link>
        {item.kind === 'step' && (
          <>
            {' '}
            · {runLabel(item.runId)} · attempt {item.attempt}
          </>
        )}
        {item.kind === 'plan' && <> · {item.stepCount} steps</>} · waiting {waited(item.ageSeconds)} · link due {formatDateTime(item.dueAt)}
      </p>
      {item.kind === 'step' && item.made.length > 0 && (
        <p>
          Made:{' '}
          {item.made.map((asset, index) => (
            <span key={asset.id}>
              {index > 0 && ', '}
              {asset.type.replace(/_/g, ' ')} “{asset.title}”
            </span>
          ))}
        </p>
      )}
      {item.kind === 'step' && item.toolCalls && (
        <div className="stack" role="group" aria-label="Tool calls waiting for approval">
          <p>
            {item.toolCalls.length === 1
              ? 'The agent asks to run a tool that needs approval. Approve runs it; Reject refuses it and the step goes on without it.'
              : 'The agent asks to run tools that need approval. Approve runs them; Reject refuses them and the step goes on without them.'}
          </p>
          {item.toolCalls.map((call, index) => (
            <div key={index}>
              <code>{call.toolName}</code>
              <pre className="approval-output">{JSON.stringify(call.input, null, 2)}</pre>
            </div>
          ))}
        </div>
      )}
      {item.kind === 'step' && !item.toolCalls && item.output && <pre className="approval-output">{item.output}</pre>}
      <div className="row">
        <button type="button" onClick={() => void onDecide({ action: 'approve' })} disabled={busy}>
          Approve
        </button>
        <EditAndApproveButton editing={editing} busy={busy} />
        {item.kind === 'step' && (
          <button type="button" className="danger" aria-expanded={rejecting} onClick={() => {
              setRejecting((open) => !open);
              editing.setDraft(undefined);
            }}
            disabled={busy}
          >
            Reject
          </button>
        )}
      </div>
      <EditAndApproveForm editing={editing} busy={busy} onApprove={(decision) => void onDecide(decision)} />
      {rejecting && (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void onDecide({ action: 'reject', note: note.trim() || undefined });
          }}
        >
          <label>
            Note for the agent (optional)
            <textarea value={note} onChange={(event) => setNote(event.target.value)} maxLength={NOTE_MAX_LENGTH} rows={3} autoFocus />
          </label>
          <div className="row">
            <button type="submit" disabled={busy}>
              Send rejection
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
