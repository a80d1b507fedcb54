import { type FormEvent, useState } from 'react';
import { MAX_STEPS } from '../../../src/workflow-rules/workflow-limits.js';
import { isAgentId } from '../api/agents';
import { replaceSteps } from './api';
import type { WorkflowDetailResponse, WorkflowStepResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { useAction } from '../hooks/use-action';
import { type DraftStep, inPlanOrder, StepFields } from './step-fields';

let draftKeys = 0;
const draftStep = (step?: WorkflowStepResponse): DraftStep => ({
  key: ++draftKeys,
  description: step?.description ?? '',
  agentId: step && isAgentId(step.agentId) ? step.agentId : 'general',
  requiresApproval: step?.requiresApproval ?? false,
});

interface StepsEditorProps {
  workflow: WorkflowDetailResponse;
  workflowId: string;
  onCancel: () => void;
  onSaved: (message: string) => void;
}

/** Edits the whole plan locally; saving replaces it on the server in one request. */
export function StepsEditor({ workflow, workflowId, onCancel, onSaved }: StepsEditorProps) {
  const [steps, setSteps] = useState(() => inPlanOrder(workflow.workflowSteps).map(draftStep));
  const [addedKey, setAddedKey] = useState<number>();
  const saving = useAction();

  const update = (key: number, change: Partial<DraftStep>) => setSteps((all) => all.map((step) => (step.key === key ? { ...step, ...change } : step)));
  const remove = (key: number) => setSteps((all) => all.filter((step) => step.key !== key));
  const move = (index: number, by: -1 | 1) =>
    setSteps((all) => {
      const next = [...all];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });
  function add() {
    const step = draftStep();
    setSteps((all) => [...all, step]);
    setAddedKey(step.key);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = { steps: steps.map(({ description, agentId, requiresApproval }) => ({ description: description.trim(), agentId, requiresApproval })) };
    const saved = await saving.run(() => replaceSteps(workflowId, body));
    if (saved) onSaved('Steps saved. The workflow is a draft again, and a new plan approval email has been sent.');
  }

  return (
    <form className="stack workflow-steps-editor" aria-label="Edit steps" onSubmit={(event) => void save(event)}>
      <ol className="workflow-steps">
        {steps.map((step, index) => (
          <li key={step.key} className="card">
            <StepFields
              step={step}
              position={index + 1}
              count={steps.length}
              autoFocus={step.key === addedKey}
              onChange={(change) => update(step.key, change)}
              onRemove={() => remove(step.key)}
              onMove={(by) => move(index, by)}
            />
          </li>
        ))}
      </ol>
      <div className="row">
        <button type="button" onClick={add} disabled={steps.length >= MAX_STEPS}>
          Add step
        </button>
        <span className="muted">
          {steps.length} of at most {MAX_STEPS} steps
        </span>
      </div>
      <p className="workflow-callout">
        {workflow.status === 'active'
          ? 'Saving replaces the plan and puts this active workflow back to draft: it will not run, by hand or on its schedule, until the new plan is approved. A new approval email is sent, and earlier approval links stop working.'
          : 'Saving replaces the plan and sends a new approval email; earlier approval links stop working.'}
      </p>
      <ErrorMessage error={saving.error} />
      <div className="row">
        <button type="submit" disabled={saving.busy}>
          Save steps
        </button>
        <button type="button" className="link-button" onClick={onCancel} disabled={saving.busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
