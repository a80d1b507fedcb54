import { useState } from 'react';
import { Link } from 'wouter';
import { ErrorMessage } from '../components/error-message';
import { usePageTitle } from '../hooks/use-page-title';
import { useCan } from '../session/session';
import { DeleteWorkflow } from './delete-workflow';
import { RunsSection } from './runs-section';
import { SchedulePanel } from './schedule-panel';
import { StepsSection } from './steps-section';
import { useWorkflow } from './use-workflow';
import { WorkflowHeader } from './workflow-header';
import { useNoticeFromHistory } from './workflow-notice';
import './workflows.css';

/** One workflow: its plan, schedule and runs, followed live. */
export function WorkflowView({ workflowId }: { workflowId: string }) {
  const { workflow, live } = useWorkflow(workflowId);
  const [notice, setNotice] = useState(useNoticeFromHistory() ?? '');
  const data = workflow.data;
  const can = useCan();
  usePageTitle(data?.title ?? 'Workflow');

  function changed(message?: string) {
    if (message) setNotice(message);
    void workflow.reload();
  }

  return (
    <div className="stack workflow-page">
      <p>
        <Link href="/workflows">← All workflows</Link>
      </p>
      {data ? (
        <WorkflowHeader workflow={data} workflowId={workflowId} />
      ) : (
        <header className="page-header">
          <h1>Workflow</h1>
          {!workflow.error && <p className="muted">Loading…</p>}
        </header>
      )}
      <p role="status" className="workflow-notice">
        {notice}
      </p>
      <ErrorMessage error={workflow.error} />
      {data && (
        <>
          <SchedulePanel workflow={data} workflowId={workflowId} onChanged={changed} />
          <StepsSection workflow={data} workflowId={workflowId} onChanged={changed} />
          <RunsSection workflow={data} workflowId={workflowId} live={live} onChanged={changed} />
          {can('workflow.delete', data) && <DeleteWorkflow title={data.title} workflowId={workflowId} />}
        </>
      )}
    </div>
  );
}
