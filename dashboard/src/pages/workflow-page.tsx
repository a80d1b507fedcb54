import { useParams } from 'wouter';
import { WorkflowView } from '../workflows/workflow-view';

/** `/workflows/:workflowId`: the plan, its schedule and editor, and the runs, followed live. */
export function WorkflowPage() {
  const { workflowId } = useParams<{ workflowId: string }>();
  // A fresh view per workflow: edit mode, notices and the followed run belong to one workflow.
  return <WorkflowView key={workflowId} workflowId={workflowId} />;
}
