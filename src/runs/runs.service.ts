import { ConflictException, Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { EntityManager } from 'typeorm';
import { QueueService } from '../queue/queue.service.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { UsageService } from '../usage/usage.service.js';
import type { WorkflowStep } from '../workflows/entities/workflow-step.entity.js';
import type { Workflow } from '../workflows/entities/workflow.entity.js';
import { mapRun, WorkflowsService } from '../workflows/workflows.service.js';
import type { RunStep } from './entities/run-step.entity.js';
import { ACTIVE_RUN_STATUSES, type WorkflowRun } from '../workflow-runs/workflow-run.entity.js';
import { RunAbortRegistry } from './run-abort.registry.js';
import { RunEventsService } from './run-events.service.js';
import { queueRunExecution } from './run-jobs.js';
import { type NewRun, RunStateService, type RunStateTransaction } from './run-state.service.js';
import { RunStepStateService } from './run-step-state.service.js';
import type { RunDecisionResponse, RunDetailResponse, RunStepResponse, StartedRunResponse, StoppedRunResponse } from './runs.response.js';

export const STOPPED_BY_USER = 'Stopped by user';

/** A reviewer's decision on one attempt of a paused step. */
export interface StepDecision {
  runId: number;
  stepIndex: number;
  attempt: number;
  action: 'approve' | 'reject';
  note: string | null;
}

interface DecisionRow {
  step_index: number;
  attempt: number;
  action: 'approve' | 'reject';
  note: string | null;
  on_dashboard: boolean;
  decided_by: string | null;
  decided_at: Date;
}

/** What a step decision did. */
export type StepDecisionOutcome = 'applied' | 'not_awaiting';

/** The run commands (start, stop, decide a step, follow), carried out through RunStateService. */
@Injectable()
export class RunsService {
  constructor(
    @InjectEntityManager() private readonly database: EntityManager,
    private readonly stepState: RunStepStateService,
    private readonly workflows: WorkflowsService,
    private readonly runState: RunStateService,
    private readonly queue: QueueService,
    private readonly aborts: RunAbortRegistry,
    private readonly events: RunEventsService,
    private readonly usage: UsageService,
  ) {}

  /** POST /api/workflows/:id/run. */
  async startManual(team: TeamContext, workflowId: string): Promise<StartedRunResponse> {
    const workflow = await this.workflows.getForAction(team, workflowId, 'workflow.run');
    const run = await this.start(workflow, { trigger: 'manual', startedBy: team.userId });
    if (!run?.conversationId) throw new ConflictException('A run of this workflow is already running or awaiting approval');
    return { runId: run.id, conversationId: run.conversationId, message: 'Workflow run started' };
  }

  /**
   * POST /api/workflows/:id/trigger: a run of `workflow` with `input` as its payload, under the same
   * preconditions as a manual one (422 unless active, 409 while another run is in progress).
   * `record` writes the audit entry in the run's transaction.
   */
  async startTriggered(workflow: Workflow, input: unknown, record: (manager: EntityManager, run: WorkflowRun) => Promise<unknown>): Promise<StartedRunResponse> {
    const steps = await this.workflows.stepsOf(workflow.id);
    const run = await this.runState.transaction(async (transaction) => {
      const created = await this.startIn(transaction, workflow, steps, { trigger: 'trigger', startedBy: null, input });
      if (created) await record(transaction.manager, created);
      return created;
    });
    if (!run?.conversationId) throw new ConflictException('A run of this workflow is already running or awaiting approval');
    return { runId: run.id, conversationId: run.conversationId, message: 'Workflow run started' };
  }

  /** POST /api/workflows/:id/runs/:runId/stop: fails the run and aborts a model call in flight. */
  async stop(team: TeamContext, workflowId: string, runId: number): Promise<StoppedRunResponse> {
    const run = await this.runState.getOrThrow(team.teamId, workflowId, runId);
    await this.workflows.getForAction(team, workflowId, 'workflow.run');
    const stopped = await this.runState.move(run.id, ACTIVE_RUN_STATUSES, { status: 'failed', reason: STOPPED_BY_USER });
    // Read again: `run` may predate a stop or an end that came in between.
    if (!stopped) throw new ConflictException(`The run has already finished (${(await this.runState.statusOf(run.id)) ?? run.status})`);
    this.aborts.abort(run.id, STOPPED_BY_USER);
    return { runId: run.id, status: 'failed', reason: STOPPED_BY_USER };
  }

  /** GET /api/workflows/:id/runs/:runId: the run, its steps' checkpoints, the runs that retry it and what its model calls used. */
  async detail(team: TeamContext, workflowId: string, runId: number): Promise<RunDetailResponse> {
    const run = await this.runState.getOrThrow(team.teamId, workflowId, runId);
    const [steps, retriedBy, usage, decisions] = await Promise.all([
      this.stepState.ofRun(runId),
      this.runState.retriesOf(runId),
      this.usage.ofRun(team.teamId, runId),
      this.decisionsOf(team.teamId, runId),
    ]);
    return { ...mapRun(run), instructionOverride: run.instructionOverride, input: run.input ?? null, steps: steps.map(mapRunStep), retriedBy, usage, decisions };
  }

  /**
   * The run's step decisions, oldest first. The approvals module (above this one) owns the table and
   * writes it in decideStep's transaction; it is read here with SQL rather than through its entity.
   * A decision with no link token was taken on the dashboard, by the user whose email is shown.
   */
  private async decisionsOf(teamId: string, runId: number): Promise<RunDecisionResponse[]> {
    const rows = await this.database.query<DecisionRow[]>(
      `SELECT d.step_index, d.attempt, d.action, d.note, d.jti IS NULL AS on_dashboard,
              CASE WHEN d.jti IS NULL THEN u.email ELSE d.recipient END AS decided_by, d.decided_at
         FROM approval_decisions d
         JOIN workflow_runs r ON r.id = d.run_id AND r.team_id = $1
         LEFT JOIN users u ON u.id = d.decided_by_user_id
        WHERE d.kind = 'step_approval' AND d.run_id = $2
        ORDER BY d.decided_at, d.id`,
      [teamId, runId],
    );
    return rows.map((row) => ({
      stepIndex: row.step_index,
      attempt: row.attempt,
      action: row.action,
      note: row.note,
      channel: row.on_dashboard ? 'dashboard' : 'email',
      decidedBy: row.decided_by,
      decidedAt: row.decided_at.toISOString(),
    }));
  }

  /** GET /api/workflows/:id/runs/:runId/events: the run's current state, then every event until it ends. */
  async follow(team: TeamContext, workflowId: string, runId: number, response: Response): Promise<void> {
    const run = await this.runState.getOrThrow(team.teamId, workflowId, runId);
    await this.events.send(run, await this.workflows.stepsOf(workflowId), response);
  }

  /**
   * Applies a step decision: approve goes on with the next step; reject does the step again with
   * the note as feedback. Only the attempt it was taken for, and only once. `record` writes the
   * decision in the same transaction, so whoever finds the step moved on finds what moved it.
   */
  async decideStep(decision: StepDecision, record: (manager: EntityManager) => Promise<unknown>): Promise<StepDecisionOutcome> {
    const { runId, stepIndex, attempt, action, note } = decision;
    const applied = await this.runState
      .transaction(async ({ manager, move }) => {
        const step =
          action === 'approve'
            ? { status: 'completed' as const }
            : { status: 'running' as const, attempt: attempt + 1, feedback: note, outputText: null, modelAttempts: 0 };
        if (!(await this.stepState.move({ runId, stepIndex, attempt }, ['awaiting_approval'], step, manager))) return false;
        const resumed = await move(runId, ['awaiting_approval'], { status: 'running', currentStepIndex: action === 'approve' ? stepIndex + 1 : stepIndex });
        if (!resumed) throw new ConflictException('The run is no longer awaiting approval');
        await record(manager);
        await queueRunExecution(this.queue, runId, manager);
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof ConflictException) return false;
        throw error;
      });
    return applied ? 'applied' : 'not_awaiting';
  }

  checkpointOf(runId: number, stepIndex: number): Promise<RunStep | null> {
    return this.stepState.get(runId, stepIndex);
  }

  private async start(workflow: Workflow, trigger: NewRun): Promise<WorkflowRun | null> {
    const steps = await this.workflows.stepsOf(workflow.id);
    return this.runState.transaction((transaction) => this.startIn(transaction, workflow, steps, trigger));
  }

  /**
   * Starts a run inside the caller's transaction (a schedule slot records what it did in the same
   * one). The run, its conversation and its job are written together: a crash at any point leaves
   * either all three or none, never a run in progress that nothing will execute.
   */
  async startIn(transaction: RunStateTransaction, workflow: Workflow, steps: WorkflowStep[], trigger: NewRun): Promise<WorkflowRun | null> {
    const run = await transaction.create(workflow, steps, trigger);
    if (run) await queueRunExecution(this.queue, run.id, transaction.manager);
    return run;
  }
}

function mapRunStep(step: RunStep): RunStepResponse {
  return {
    stepIndex: step.stepIndex,
    status: step.status,
    attempt: step.attempt,
    modelAttempts: step.modelAttempts,
    reusedFrom: step.reusedFrom,
    startedAt: step.startedAt.toISOString(),
    finishedAt: step.finishedAt?.toISOString() ?? null,
  };
}
