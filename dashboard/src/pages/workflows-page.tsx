import { usePageTitle } from '../hooks/use-page-title';
import { useCan } from '../session/session';
import { CreateWorkflowForm } from '../workflows/create-workflow-form';
import { WorkflowList } from '../workflows/workflow-list';
import { useNoticeFromHistory } from '../workflows/workflow-notice';
import '../workflows/workflows.css';

/** `/workflows`: plan a new workflow from a goal, and the team's workflows. */
export function WorkflowsPage() {
  usePageTitle('Workflows');
  const notice = useNoticeFromHistory();
  const can = useCan();
  return (
    <div className="stack workflows-page">
      <header className="page-header">
        <h1>Workflows</h1>
      </header>
      <p role="status" className="workflow-notice">
        {notice}
      </p>
      {can('workflow.create') ? <CreateWorkflowForm /> : <p className="muted">Your role in this team reads its workflows; it does not create or run them.</p>}
      <WorkflowList />
    </div>
  );
}
