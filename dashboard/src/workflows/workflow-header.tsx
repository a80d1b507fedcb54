import type { WorkflowDetailResponse } from '../api/types';
import { useCan } from '../session/session';
import { ResendApprovalMail } from './approval-mail';
import { DateTime, StatusBadge } from './workflow-format';

/** The workflow's title, status, goal and approval; a draft says how it gets approved. */
export function WorkflowHeader({ workflow, workflowId }: { workflow: WorkflowDetailResponse; workflowId: string }) {
  const can = useCan();
  return (
    <header className="stack workflow-header">
      <div className="row workflow-title-row">
        <h1>{workflow.title}</h1>
        <StatusBadge status={workflow.status} />
      </div>
      <dl className="workflow-facts">
        <div className="workflow-fact-wide">
          <dt>Goal</dt>
          <dd className="workflow-goal">{workflow.goal}</dd>
        </div>
        {workflow.approvedAt && (
          <div>
            <dt>Plan approved</dt>
            <dd>
              <DateTime iso={workflow.approvedAt} />
              {workflow.approvedBy && <span className="muted"> by {workflow.approvedBy}</span>}
            </dd>
          </div>
        )}
      </dl>
      {workflow.status === 'draft' && (
        <div className="workflow-callout stack">
          <p>
            This plan is a draft. An approval email was sent with a link to approve it; the plan becomes active, and can run, once that
            link is opened.
          </p>
          {can('workflow.approve', workflow) && <ResendApprovalMail workflowId={workflowId} />}
        </div>
      )}
    </header>
  );
}
