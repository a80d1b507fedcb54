import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { LiveStreamStore } from '../live/live-stream.store.js';
import { ShutdownService } from '../shutdown/shutdown.service.js';
import type { WorkflowStep } from '../workflows/entities/workflow-step.entity.js';
import { mapRun } from '../workflows/workflows.service.js';
import type { RunStatus, WorkflowRun } from '../workflow-runs/workflow-run.entity.js';
import type { RunEvent } from './runs.response.js';

const FINISHED: readonly RunStatus[] = ['completed', 'failed'];
const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' };
/** Why a follow was stopped by the instance rather than by its client. */
const SHUTTING_DOWN = Symbol('shutting down');

/**
 * A run's progress as a live stream: RunStateService publishes each move of the run, the executor
 * its steps' progress, and a workflow page follows them (from any instance) without polling.
 */
@Injectable()
export class RunEventsService {
  private readonly logger = new Logger(RunEventsService.name);
  /** The streams being followed live, each by the controller that stops its follow. */
  private readonly following = new Set<AbortController>();

  constructor(
    private readonly store: LiveStreamStore,
    shutdown: ShutdownService,
  ) {
    // A stream cut by the exit would leave its client unsure whether the run ended: each one gets an
    // `end` event first, while the connection is still open, and its client follows again elsewhere.
    shutdown.onDrain('run event streams', () => {
      for (const follow of this.following) follow.abort(SHUTTING_DOWN);
      return Promise.resolve();
    });
  }

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
      this.following.add(gone);
      try {
        // Everything published since the run started, then live: events are idempotent updates,
        // so those the state already reflects do no harm, and none falls between state and follow.
        for await (const event of this.store.follow(streamOf(run.id), { fromStart: true, signal: gone.signal })) write(event);
      } finally {
        this.following.delete(gone);
      }
      if (gone.signal.reason === SHUTTING_DOWN && !response.destroyed) write(JSON.stringify({ type: 'end', reason: 'shutdown' } satisfies RunEvent));
    }
    if (!response.destroyed) response.end();
  }
}

const streamOf = (runId: number) => `run:${runId}`;
