import type { RunStatus } from './entities/workflow-run.entity.js';

export interface StartedRunResponse {
  runId: number;
  conversationId: string;
  message: 'Workflow run started';
}

export interface StoppedRunResponse {
  runId: number;
  status: RunStatus;
  reason: string;
}
