import { useLocation } from 'wouter';
import { deleteWorkflow } from './api';
import { ErrorMessage } from '../components/error-message';
import { useAction } from '../hooks/use-action';
import type { WorkflowsNoticeState } from './workflow-notice';

interface DeleteWorkflowProps {
  title: string;
  workflowId: string;
}

/** Deletes the workflow after a confirmation; the server refuses (409) while one of its runs is active. */
export function DeleteWorkflow({ title, workflowId }: DeleteWorkflowProps) {
  const [, navigate] = useLocation();
  const deletion = useAction();

  async function remove() {
    if (!window.confirm(`Delete “${title}”? Its plan, schedule and run history go with it; the conversations and assets its runs made stay.`)) return;
    if (await deletion.run(() => deleteWorkflow(workflowId))) {
      navigate('/workflows', { state: { notice: `“${title}” was deleted.` } satisfies WorkflowsNoticeState });
    }
  }

  return (
    <section className="stack workflow-delete" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete this workflow</h2>
      <p className="muted">A workflow can be deleted when none of its runs is in progress.</p>
      <ErrorMessage error={deletion.error} />
      <div className="row">
        <button type="button" className="danger" onClick={() => void remove()} disabled={deletion.busy}>
          Delete workflow
        </button>
      </div>
    </section>
  );
}
