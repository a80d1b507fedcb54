import { useId, useState } from 'react';
import type { WorkflowRunResponse } from '../api/types';

interface RetryRunProps {
  run: WorkflowRunResponse;
  busy: boolean;
  onRetry: (fromStep: number) => void;
}

/**
 * Starts a new run from a step of this finished one; the steps before it keep this run's outputs
 * (no model call). A failed or stopped run can start from the step it stopped at or an earlier
 * one, and does so by default; a completed run from any step.
 */
export function RetryRun({ run, busy, onRetry }: RetryRunProps) {
  const selectId = useId();
  const lastStep = run.status === 'completed' ? run.totalSteps - 1 : Math.min(run.currentStepIndex, run.totalSteps - 1);
  const [fromStep, setFromStep] = useState(run.status === 'completed' ? 0 : lastStep);
  const confirmAndRetry = () => {
    if (window.confirm(`Start a new run from step ${fromStep + 1}? Steps before it keep this run's outputs.`)) onRetry(fromStep);
  };
  return (
    <div className="row workflow-inline">
      <label htmlFor={selectId}>Retry from step</label>
      <select id={selectId} value={fromStep} onChange={(event) => setFromStep(Number(event.target.value))} disabled={busy}>
        {Array.from({ length: lastStep + 1 }, (_, index) => (
          <option key={index} value={index}>
            {index + 1}
          </option>
        ))}
      </select>
      <button type="button" onClick={confirmAndRetry} disabled={busy}>
        Retry from this step
      </button>
    </div>
  );
}
