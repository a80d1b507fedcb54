import type { RunStatus } from '../workflow-runs/workflow-run.entity.js';
import type { StepDecisionAction } from './dto/step-decision.dto.js';

export interface StepDecisionResponse {
  runId: number;
  stepIndex: number;
  action: StepDecisionAction;
  /** The run's status once the decision is applied: it goes on (or redoes the step). */
  status: RunStatus;
}
