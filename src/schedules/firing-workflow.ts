import type { Workflow } from '../workflows/entities/workflow.entity.js';

/** A workflow whose schedule fires: active (its plan approved), with a schedule, not paused. */
export type FiringWorkflow = Workflow & { schedule: string };

export function isFiring(workflow: Workflow): workflow is FiringWorkflow {
  return workflow.status === 'active' && workflow.schedule !== null && workflow.schedulePausedAt === null;
}
