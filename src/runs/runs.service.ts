import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { AGENTS, isAgentId } from '../assistant/agents/agents.js';
import { ConversationsService } from '../conversations/conversations.service.js';
import type { WorkflowRunSummary } from '../conversations/entities/conversation.entity.js';
import { QueueService } from '../queue/queue.service.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { ACTIVE_RUN_STATUSES, RUN_STATUSES, type WorkflowRun } from '../workflows/entities/workflow-run.entity.js';
import type { WorkflowStep } from '../workflows/entities/workflow-step.entity.js';
import type { Workflow } from '../workflows/entities/workflow.entity.js';
import { WorkflowRunsService } from '../workflows/workflow-runs.service.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import { RunStep } from './entities/run-step.entity.js';
import { RunAbortRegistry } from './run-abort.registry.js';
import { RunEventsService } from './run-events.service.js';
import { RUN_EXECUTE, type RunExecuteJob } from './run-jobs.js';
import type { StartedRunResponse, StoppedRunResponse } from './runs.response.js';

export const STOPPED_BY_USER = 'Stopped by user';

/** A reviewer's decision on one attempt of a paused step. */
export interface StepDecision {
  runId: number;
  stepIndex: number;
  attempt: number;
  action: 'approve' | 'reject';
  note: string | null;
}

/** What a step decision did. */
export type StepDecisionOutcome = 'applied' | 'not_awaiting';

@Injectable()
export class RunsService {
  private readonly logger = new Logger(RunsService.name);

  constructor(
    @InjectRepository(RunStep) private readonly steps: Repository<RunStep>,
    private readonly workflows: WorkflowsService,
    private readonly runs: WorkflowRunsService,
    private readonly conversations: ConversationsService,
    private readonly queue: QueueService,
    private readonly aborts: RunAbortRegistry,
    private readonly events: RunEventsService,
  ) {}

  /** POST /api/workflows/:id/run. */
  async startManual(team: TeamContext, workflowId: string): Promise<StartedRunResponse> {
    const workflow = await this.workflows.getOrThrow(team.teamId, workflowId);
    const run = await this.start(workflow, { trigger: 'manual', startedBy: team.userId });
    if (!run?.conversationId) throw new ConflictException('A run of this workflow is already running or awaiting approval');
    return { runId: run.id, conversationId: run.conversationId, message: 'Workflow run started' };
  }

  /**
   * A cron tick: the same start as a manual run. Returns null when the tick already has its run
   * (another instance made it) or a run is in progress (the tick is skipped).
   */
  async startScheduled(workflowId: string, tick: Date): Promise<WorkflowRun | null> {
    const workflow = await this.workflows.getById(workflowId);
    if (workflow?.status !== 'active' || !workflow.schedule) return null;
    try {
      return await this.start(workflow, { trigger: 'schedule', startedBy: null, scheduledFor: tick });
    } catch (error) {
      if (error instanceof ConflictException) {
        this.logger.log(`Skipped the ${tick.toISOString()} tick of workflow ${workflowId}: a run is in progress`);
        return null;
      }
      throw error;
    }
  }

  /** POST /api/workflows/:id/runs/:runId/stop: fails the run and aborts a model call in flight. */
  async stop(team: TeamContext, workflowId: string, runId: number): Promise<StoppedRunResponse> {
    const run = await this.runs.getOrThrow(team.teamId, workflowId, runId);
    const stopped = await this.runs.transition(run.id, ACTIVE_RUN_STATUSES, { status: 'failed', reason: STOPPED_BY_USER });
    if (!stopped) throw new ConflictException(`The run has already finished (${run.status})`);
    this.aborts.abort(run.id, STOPPED_BY_USER);
    await this.syncSummary(run.id);
    await this.events.finished(run.id, 'failed', STOPPED_BY_USER);
    return { runId: run.id, status: 'failed', reason: STOPPED_BY_USER };
  }

  /**
   * Applies a step decision: approve goes on with the next step; reject does the step again with
   * the note as feedback. Only the attempt it was taken for, and only once. `record` writes the
   * decision in the same transaction, so whoever finds the step moved on finds what moved it.
   */
  async decideStep(decision: StepDecision, record: (manager: EntityManager) => Promise<unknown>): Promise<StepDecisionOutcome> {
    const { runId, stepIndex, attempt, action, note } = decision;
    const applied = await this.steps.manager.transaction(async (manager) => {
      const step =
        action === 'approve'
          ? { status: 'completed' as const, finishedAt: new Date() }
          : { status: 'running' as const, attempt: attempt + 1, feedback: note, startedAt: new Date(), finishedAt: null, outputText: null };
      const updated = await manager.update(RunStep, { runId, stepIndex, attempt, status: 'awaiting_approval' }, step);
      if (!updated.affected) return false;
      const resumed = await this.runs.transition(
        runId,
        ['awaiting_approval'],
        { status: 'running', currentStepIndex: action === 'approve' ? stepIndex + 1 : stepIndex },
        manager,
      );
      if (!resumed) throw new ConflictException('The run is no longer awaiting approval');
      await record(manager);
      await this.enqueue(runId, manager);
      return true;
    }).catch((error: unknown) => {
      if (error instanceof ConflictException) return false;
      throw error;
    });
    if (!applied) return 'not_awaiting';
    await this.syncSummary(runId);
    await this.events.publish(runId, { type: 'status', status: 'running' });
    return 'applied';
  }

  checkpointOf(runId: number, stepIndex: number): Promise<RunStep | null> {
    return this.steps.findOneBy({ runId, stepIndex });
  }

  /** Queues the run's execution; in `transaction` when given (see QueueService.send). */
  async enqueue(runId: number, transaction?: EntityManager): Promise<void> {
    const job: RunExecuteJob = { runId };
    await this.queue.send(RUN_EXECUTE, job, {}, transaction);
  }

  /**
   * Keeps the run conversation's `workflowRun` summary in step with the run, as stored now. A
   * caller that holds the workflow and its steps passes them, saving two reads.
   */
  async syncSummary(runId: number, known?: { workflow: Workflow; steps: WorkflowStep[] }): Promise<void> {
    const run = await this.runs.getById(runId);
    if (!run) return;
    const workflow = known?.workflow ?? (await this.workflows.getById(run.workflowId));
    if (!workflow) return;
    await this.writeSummary(run, workflow, known?.steps ?? (await this.workflows.stepsOf(workflow.id)));
  }

  /** Writes the summary of a run whose state the caller knows. */
  async writeSummary(run: WorkflowRun, workflow: Workflow, steps: WorkflowStep[]): Promise<void> {
    if (!run.conversationId) return;
    await this.conversations.setWorkflowRun(run.conversationId, summaryOf(run, workflow, steps));
  }

  private async start(
    workflow: Workflow,
    trigger: { trigger: 'manual' | 'schedule'; startedBy: string | null; scheduledFor?: Date },
  ): Promise<WorkflowRun | null> {
    const steps = await this.workflows.stepsOf(workflow.id);
    // The run, its conversation and its job are written together: a crash at any point leaves
    // either all three or none, never a run in progress that nothing will execute.
    const run = await this.steps.manager.transaction(async (manager) => {
      const created = await this.runs.create(workflow, { ...trigger, totalSteps: steps.length }, manager);
      if (!created) return null;
      const firstAgent = steps[0]?.agentId;
      const conversation = await this.conversations.create(
        workflow.teamId,
        {
          userId: null,
          title: `${workflow.title} — run #${created.runNumber}`,
          niche: firstAgent && isAgentId(firstAgent) ? AGENTS[firstAgent].niche : 'general',
          workflowRun: summaryOf(created, workflow, steps),
        },
        manager,
      );
      await this.runs.transition(created.id, RUN_STATUSES, { conversationId: conversation.id }, manager);
      await this.enqueue(created.id, manager);
      return { ...created, conversationId: conversation.id };
    });
    if (!run) return null;
    await this.events.publish(run.id, { type: 'status', status: 'running' });
    return run;
  }

}

/** The `workflowRun` summary shown with a run's conversation. */
function summaryOf(run: WorkflowRun, workflow: Workflow, steps: WorkflowStep[]): WorkflowRunSummary {
  return {
    id: run.id,
    status: run.status,
    totalSteps: run.totalSteps,
    currentStepDescription: steps[Math.min(run.currentStepIndex, steps.length - 1)]?.description ?? '',
    workflow: { id: workflow.id, title: workflow.title },
  };
}
