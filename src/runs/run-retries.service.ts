import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import type { UIMessage } from 'ai';
import type { EntityManager } from 'typeorm';
import type { AuditContext } from '../audit-events/audit-context.js';
import { AssetsService } from '../assets/assets.service.js';
import { ConversationsService } from '../conversations/conversations.service.js';
import { Metrics } from '../metrics/metrics.service.js';
import { QueueService } from '../queue/queue.service.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import type { RetryRunDto } from './dto/retry-run.dto.js';
import type { RunStep } from './entities/run-step.entity.js';
import { ACTIVE_RUN_STATUSES, type WorkflowRun } from '../workflow-runs/workflow-run.entity.js';
import { queueRunExecution } from './run-jobs.js';
import { type NewRun, RunStateService } from './run-state.service.js';
import { RunsService } from './runs.service.js';
import { RunStepStateService } from './run-step-state.service.js';
import type { RetriedRunResponse } from './runs.response.js';

/**
 * Retries a finished run: a new run, linked to it, that takes the original's stored outputs for
 * the steps before `fromStep` (their checkpoints, their messages in the run conversation, their
 * assets) instead of calling a model again, and executes from `fromStep` on.
 */
@Injectable()
export class RunRetriesService {
  constructor(
    private readonly stepState: RunStepStateService,
    private readonly workflows: WorkflowsService,
    private readonly runState: RunStateService,
    private readonly conversations: ConversationsService,
    private readonly assets: AssetsService,
    private readonly runs: RunsService,
    private readonly queue: QueueService,
    private readonly metrics: Metrics,
  ) {}

  /** POST /api/workflows/:id/runs/:runId/retry. */
  async retry(team: TeamContext, workflowId: string, runId: number, dto: RetryRunDto, audit: AuditContext): Promise<RetriedRunResponse> {
    const workflow = await this.workflows.getForAction(team, workflowId, 'workflow.run');
    const original = await this.runState.getOrThrow(team.teamId, workflowId, runId);
    if (ACTIVE_RUN_STATUSES.includes(original.status)) throw new UnprocessableEntityException('The run is still in progress: stop it before retrying it');
    const steps = await this.workflows.stepsOf(workflow.id);
    const checkpoints = await this.stepState.ofRun(original.id);
    const finished = leadingFinished(checkpoints);
    const fromStep = dto.fromStep ?? (finished.length < steps.length ? finished.length : 0);
    if (fromStep >= steps.length) throw new UnprocessableEntityException(`fromStep must be below ${steps.length}, the workflow's step count`);
    if (fromStep > finished.length) {
      throw new UnprocessableEntityException(
        `fromStep ${fromStep} is past the step this run reached: the steps before it have no stored outputs; retry from step ${finished.length} or an earlier one (fromStep is 0-based)`,
      );
    }
    if (fromStep > 0 && original.planVersion !== workflow.planVersion) {
      throw new UnprocessableEntityException('The plan changed since this run: its outputs cannot be reused; retry from the first step (fromStep 0)');
    }
    const reused = finished.slice(0, fromStep);
    const transcript = await this.transcriptThrough(original, reused.at(-1));

    // The run, what it reuses and its job are written together: all or nothing.
    const run = await this.runState.transaction(async ({ manager, create }) => {
      const trigger: NewRun = { trigger: 'manual', startedBy: team.userId, retry: { of: original.id, fromStep, instruction: dto.instruction ?? null } };
      const created = await create(workflow, steps, trigger);
      const conversationId = created?.conversationId;
      if (!created || !conversationId) throw new Error('A manual run is always created with its conversation');
      await this.runs.recordStarted(manager, audit, created, trigger);
      await this.reuse(original, reused, transcript, { runId: created.id, conversationId }, manager);
      await queueRunExecution(this.queue, created.id, manager);
      return { id: created.id, conversationId };
    });
    this.metrics.runRetries.inc();
    return { runId: run.id, conversationId: run.conversationId, message: 'Workflow run started', retryOf: original.id, startStepIndex: fromStep };
  }

  /** The original's conversation up to the last reused step's reply: what the next step saw there. */
  private async transcriptThrough(original: WorkflowRun, last: RunStep | undefined): Promise<UIMessage[]> {
    if (!last) return [];
    const messages = original.conversationId && last.outputMessageId ? await this.conversations.messagesOf(original.conversationId, last.outputMessageId) : [];
    if (messages.at(-1)?.id !== last.outputMessageId) {
      throw new UnprocessableEntityException("The run's conversation was deleted, so its outputs cannot be reused; retry from the first step (fromStep 0)");
    }
    return messages;
  }

  /** Copies the reused steps' checkpoints (no model call: 0 attempts here), messages and assets into the new run. */
  private async reuse(original: WorkflowRun, reused: RunStep[], transcript: UIMessage[], run: { runId: number; conversationId: string }, manager: EntityManager): Promise<void> {
    const last = reused.at(-1);
    if (!last) return;
    await this.stepState.reuse(run.runId, reused, manager);
    await this.conversations.saveMessages(run.conversationId, transcript, { manager });
    await this.assets.copyRunAssets({ runId: original.id, through: last.finishedAt ?? last.startedAt }, run, manager);
  }
}

/** The checkpoints of the run's first steps that completed, in order, up to the first that did not. */
function leadingFinished(checkpoints: RunStep[]): RunStep[] {
  const finished: RunStep[] = [];
  for (const checkpoint of checkpoints) {
    if (checkpoint.stepIndex !== finished.length || checkpoint.status !== 'completed') break;
    finished.push(checkpoint);
  }
  return finished;
}
