import type { AgentId } from '../../../src/assistant/agents/agents.js';
import { STEP_DESCRIPTION_MAX_LENGTH } from '../../../src/workflow-rules/workflow-limits.js';
import { AGENT_IDS, AGENT_LABELS } from '../api/agents';
import type { WorkflowStepResponse } from '../api/types';

/** A step being edited. */
export interface DraftStep {
  /** React's key: steps move and go, so their position cannot be it. */
  key: number;
  description: string;
  agentId: AgentId;
  requiresApproval: boolean;
}

interface StepFieldsProps {
  step: DraftStep;
  position: number;
  count: number;
  autoFocus: boolean;
  onChange: (change: Partial<DraftStep>) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}

/** One step's fields in the editor; the limits are the server's (UpdateStepsDto), so the form stops before it would fail. */
export function StepFields({ step, position, count, autoFocus, onChange, onRemove, onMove }: StepFieldsProps) {
  return (
    <fieldset className="stack workflow-step-fields">
      <legend>Step {position}</legend>
      <label>
        Description
        <textarea
          value={step.description}
          onChange={(event) => onChange({ description: event.target.value })}
          required
          maxLength={STEP_DESCRIPTION_MAX_LENGTH}
          rows={2}
          autoFocus={autoFocus}
        />
      </label>
      <div className="row workflow-step-options">
        <label>
          Agent
          <select value={step.agentId} onChange={(event) => onChange({ agentId: event.target.value as AgentId })}>
            {AGENT_IDS.map((id) => (
              <option key={id} value={id}>
                {AGENT_LABELS[id]}
              </option>
            ))}
          </select>
        </label>
        <label className="workflow-checkbox">
          <input type="checkbox" checked={step.requiresApproval} onChange={(event) => onChange({ requiresApproval: event.target.checked })} />
          Needs approval
        </label>
      </div>
      <div className="row workflow-step-buttons">
        <button type="button" className="link-button" aria-label={`Move step ${position} up`} onClick={() => onMove(-1)} disabled={position === 1}>
          Move up
        </button>
        <button type="button" className="link-button" aria-label={`Move step ${position} down`} onClick={() => onMove(1)} disabled={position === count}>
          Move down
        </button>
        <button type="button" className="link-button danger" aria-label={`Remove step ${position}`} onClick={onRemove} disabled={count === 1}>
          Remove
        </button>
      </div>
    </fieldset>
  );
}

export function inPlanOrder(steps: WorkflowStepResponse[]): WorkflowStepResponse[] {
  return [...steps].sort((a, b) => a.stepIndex - b.stepIndex);
}
