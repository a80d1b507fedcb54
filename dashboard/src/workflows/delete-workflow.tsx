import { useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import type { WorkflowsNoticeState } from './workflow-notice';

interface DeleteWorkflowProps {
  title: string;
  workflowPath: string;
}

/** Deletes the workflow after a confirmation; the server refuses (409) while one of its runs is active. */
export function DeleteWorkflow({ title, workflowPath }: DeleteWorkflowProps) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();

  async function remove() {
    if (!window.confirm(`Delete “${title}”? Its plan, schedule and run history go with it; the conversations and assets its runs made stay.`)) return;
    setBusy(true);
    setError(undefined);
    try {
      await api<{ success: true }>('DELETE', workflowPath);
      navigate('/workflows', { state: { notice: `“${title}” was deleted.` } satisfies WorkflowsNoticeState });
    } catch (failure) {
      setError(failure as Error);
      setBusy(false);
    }
  }

  return (
    <section className="stack workflow-delete" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete this workflow</h2>
      <p className="muted">A workflow can be deleted when none of its runs is in progress.</p>
      <ErrorMessage error={error} />
      <div className="row">
        <button type="button" className="danger" onClick={() => void remove()} disabled={busy}>
          Delete workflow
        </button>
      </div>
    </section>
  );
}
