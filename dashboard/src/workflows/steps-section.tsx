import { useState } from 'react';
import { agentLabel } from '../api/agents';
import type { WorkflowDetailResponse, WorkflowStepResponse } from '../api/types';
import { useCan } from '../session/session';
import { inPlanOrder } from './step-fields';
import { StepsEditor } from './steps-editor';

interface StepsSectionProps {
  workflow: WorkflowDetailResponse;
  workflowId: string;
  onChanged: (message?: string) => void;
}

/** The plan's steps, and the editor that replaces them. */
export function StepsSection({ workflow, workflowId, onChanged }: StepsSectionProps) {
  const [editing, setEditing] = useState(false);
  const can = useCan();
  const editable = (workflow.status === 'draft' || workflow.status === 'active') && can('workflow.edit', workflow);
  return (
    <section className="stack" aria-labelledby="steps-heading">
      <div className="row workflow-section-header">
        <h2 id="steps-heading">Steps</h2>
        {editable && !editing && (
          <button type="button" onClick={() => setEditing(true)}>
            Edit steps
          </button>
        )}
      </div>
      {editing ? (
        <StepsEditor
          workflow={workflow}
          workflowId={workflowId}
          onCancel={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            onChanged(message);
          }}
        />
      ) : (
        <StepList steps={inPlanOrder(workflow.workflowSteps)} />
      )}
    </section>
  );
}

function StepList({ steps }: { steps: WorkflowStepResponse[] }) {
  if (steps.length === 0) return <p className="muted">This plan has no steps.</p>;
  return (
    <ol className="workflow-steps">
      {steps.map((step) => (
        <li key={step.stepIndex} className="card">
          <p className="workflow-step-description">{step.description}</p>
          <p className="row workflow-inline">
            <span className="badge">Agent: {agentLabel(step.agentId)}</span>
            {step.requiresApproval && <span className="badge workflow-needs-approval">Needs approval</span>}
          </p>
        </li>
      ))}
    </ol>
  );
}
