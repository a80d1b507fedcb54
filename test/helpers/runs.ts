import type { INestApplication } from '@nestjs/common';
import type { WorkflowRunResponse } from '../../src/workflows/workflows.response.js';
import { api, type Caller } from './api.js';
import { waitFor } from './mail-catcher.js';

/** Polls the workflow page until the run reaches `status`. */
export function waitForRun(
  app: INestApplication,
  caller: Caller,
  workflowId: string,
  runId: number,
  status: WorkflowRunResponse['status'] | ((run: WorkflowRunResponse) => boolean),
  timeoutMs = 15_000,
): Promise<WorkflowRunResponse> {
  const matches = typeof status === 'function' ? status : (run: WorkflowRunResponse) => run.status === status;
  return waitFor(
    async () => {
      const workflow = (await api(app, caller).get(`/api/workflows/${workflowId}`).expect(200)).body as { workflowRuns: WorkflowRunResponse[] };
      const run = workflow.workflowRuns.find((candidate) => candidate.id === runId);
      return run && matches(run) ? run : undefined;
    },
    `run ${runId} to reach ${typeof status === 'string' ? status : 'the expected state'}`,
    timeoutMs,
  );
}
