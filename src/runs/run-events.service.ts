import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { LiveStreamStore } from '../live/live-stream.store.js';
import type { WorkflowStep } from '../workflows/entities/workflow-step.entity.js';
import { mapRun } from '../workflows/workflows.service.js';
import type { RunStatus, WorkflowRun } from './entities/workflow-run.entity.js';
import type { RunEvent } from './runs.response.js';

const FINISHED: readonly RunStatus[] = ['completed', 'failed'];
const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' };

/**
 * A run's progress as a live stream: RunStateService publishes each move of the run, the executor
 * its steps' progress, and a workflow page follows them (from any instance) without polling.
 */
@Injectable()
export class RunEventsService {
  private readonly logger = new Logger(RunEventsService.name);

  constructor(private readonly store: LiveStreamStore) {}

  async publish(runId: number, event: RunEvent): Promise<void> {
    try {
      await this.store.append(streamOf(runId), JSON.stringify(event));
      if (event.type === 'completed' || event.type === 'failed') await this.store.end(streamOf(runId));
    } catch (error) {
      // Progress events are a convenience; the run itself must not fail over them.
      this.logger.warn(`Could not publish an event of run ${runId}: ${String(error)}`);
    }
  }

  /** Sends the run's current state, then every event until the run ends. */
  async send(run: WorkflowRun, steps: WorkflowStep[], response: Response): Promise<void> {
    const gone = new AbortController();
    response.on('close', () => gone.abort());
    response.writeHead(200, SSE_HEADERS);
    const write = (data: string) => response.write(`data: ${data}\n\n`);
    write(
      JSON.stringify({
        type: 'state',
        run: mapRun(run),
        steps: steps.map((step) => ({ stepIndex: step.stepIndex, description: step.description, requiresApproval: step.requiresApproval })),
      } satisfies RunEvent),
    );
    if (!FINISHED.includes(run.status)) {
      // Everything published since the run started, then live: events are idempotent updates,
      // so those the state already reflects do no harm, and none falls between state and follow.
      for await (const event of this.store.follow(streamOf(run.id), { fromStart: true, signal: gone.signal })) write(event);
    }
    if (!response.destroyed) response.end();
  }
}

const streamOf = (runId: number) => `run:${runId}`;
