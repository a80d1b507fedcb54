import { ConflictException, Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { EntityManager } from 'typeorm';
import type { AuditContext } from '../audit-events/audit-context.js';
import { AuditService } from '../audit-events/audit.service.js';
import { AssetsService, type MadeAsset } from '../assets/assets.service.js';
import { QueueService } from '../queue/queue.service.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { UsageService } from '../usage/usage.service.js';
import type { WorkflowStep } from '../workflows/entities/workflow-step.entity.js';
import type { Workflow } from '../workflows/entities/workflow.entity.js';
import { mapRun, WorkflowsService } from '../workflows/workflows.service.js';
import type { AskedToolCall, RunStep, StepToolApproval } from './entities/run-step.entity.js';
import { ACTIVE_RUN_STATUSES, type WorkflowRun } from '../workflow-runs/workflow-run.entity.js';
import { RunAbortRegistry } from './run-abort.registry.js';
import { RunEventsService } from './run-events.service.js';
import { queueRunExecution, STEP_APPROVAL_REQUESTED, type StepApprovalRequest } from './run-jobs.js';
import { TooManyRequestsException } from '../http/too-many-requests.exception.js';
import { APPROVAL_MAIL_INTERVAL_SECONDS } from '../workflow-rules/workflow-limits.js';
import { WebhookOutboxService } from '../webhook-events/webhook-outbox.service.js';
import { type NewRun, RunStateService, type RunStateTransaction, STOPPED_BY_USER } from './run-state.service.js';
import { RunStepStateService, type StepAttempt, type StepStatus } from './run-step-state.service.js';
import type { ExpiryAction } from '../workflows/approval-policy.js';
import type { RunDecisionResponse, RunDetailResponse, RunStepResponse, StartedRunResponse, StoppedRunResponse } from './runs.response.js';

/** A reviewer's decision on one attempt of a paused step. */
export interface StepDecision {
  runId: number;
  stepIndex: number;
  attempt: number;
  action: 'approve' | 'reject';
  note: string | null;
  /** Distinct approvals the step needs (its policy's quorum): below it, an approval is counted and the step waits on. */
  quorum: number;
  /** Who decided, as the `step.decided` webhook event reports it. */
  source: DecisionSource;
}

/**
 * Who decided a step: a person, on the dashboard or by a mailed link, or the policy's expiry (a
 * `skip` moves the step as an approval would and a `reject` as a rejection, yet neither is a person's).
 */
export type DecisionSource = { channel: 'dashboard' | 'email' } | { channel: 'system'; onExpiry: ExpiryAction };

/** What a timer does to the attempt it fell due on (docs/decisions/approval-timers.md). */
export type TimerEffect = 'mail' | ExpiryAction;

/** Writes a decision in the transaction that applies it; false: it stands already (a timer that acted), and nothing is applied. */
/**
 * Records a decision in its transaction (false: it stands already, nothing is applied). `stepAfter`:
 * the step's status once the decision is applied, for its audit entry.
 */
export type DecisionRecorder = (manager: EntityManager, teamId: string, stepAfter: StepStatus) => Promise<unknown>;

interface DecisionRow {
  step_index: number;
  attempt: number;
  action: RunDecisionResponse['action'];
  note: string | null;
  channel: RunDecisionResponse['channel'];
  decided_by: string | null;
  decided_at: Date;
}

/** A step awaiting approval, as the approvals inbox lists it. */
export interface WaitingStep {
  runId: number;
  runNumber: number;
  workflowId: string;
  workflowTitle: string;
  stepIndex: number;
  description: string;
  attempt: number;
  /** When the attempt started: what it made is what its run made since. */
  startedAt: Date;
  waitingSince: Date;
  /** When its latest approval mail was asked for: the link lives 2 h from then. */
  mailedAt: Date;
  outputText: string | null;
  /** The agent's tool calls it waits on; null when the step's reply does. */
  toolCalls: AskedToolCall[] | null;
  /** How long it has waited, by the database's clock. */
  ageSeconds: number;
}

interface WaitingStepRow {
  run_id: number;
  run_number: number;
  workflow_id: string;
  workflow_title: string;
  step_index: number;
  description: string | null;
  attempt: number;
  started_at: Date;
  waiting_since: Date;
  mailed_at: Date;
  output_text: string | null;
  tool_approval: StepToolApproval | null;
  age_seconds: number;
}

/**
 * Who stopped a run and when: a member (their email; null once the account is gone), or the
 * approval policy of the step it waited on, when that step's approval expired (`onExpiry: stop`).
 */
export type RunStop = { by: 'member'; email: string | null; at: Date } | { by: 'expiry'; at: Date };

/** Thrown inside a stop's transaction to undo a step it cancelled when the run had already ended. */
class RunAlreadyFinished extends Error {}

/** What a step decision did: moved the step, counted an approval towards its quorum, or found it no longer waiting. */
export type StepDecisionOutcome = 'applied' | 'counted' | 'not_awaiting';

/** Thrown inside a decision's transaction to undo it: the attempt moved on, or its decision stands already. */
class NotApplied extends Error {}

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
    private readonly audit: AuditService,
    private readonly webhooks: WebhookOutboxService,
    private readonly assets: AssetsService,
  ) {}

  /** POST /api/workflows/:id/run. */
  async startManual(team: TeamContext, workflowId: string, audit: AuditContext): Promise<StartedRunResponse> {
    const workflow = await this.workflows.getForAction(team, workflowId, 'workflow.run');
    const run = await this.start(workflow, { trigger: 'manual', startedBy: team.userId }, audit);
    if (!run?.conversationId) throw new ConflictException('A run of this workflow is already running or awaiting approval');
    return { runId: run.id, conversationId: run.conversationId, message: 'Workflow run started' };
  }

  /**
   * POST /api/workflows/:id/trigger: a run of `workflow` with `input` as its payload, under the same
   * preconditions as a manual one (422 unless active, 409 while another run is in progress).
   * The run's `run.started` audit entry names `audit`'s actor (the trigger token); `onStarted` runs in
   * the run's transaction.
   */
  async startTriggered(workflow: Workflow, input: unknown, audit: AuditContext, onStarted: (manager: EntityManager, run: WorkflowRun) => Promise<unknown>): Promise<StartedRunResponse> {
    const steps = await this.workflows.stepsOf(workflow.id);
    const run = await this.runState.transaction(async (transaction) => {
      const created = await this.startIn(transaction, workflow, steps, { trigger: 'trigger', startedBy: null, input }, audit);
      if (created) await onStarted(transaction.manager, created);
      return created;
    });
    if (!run?.conversationId) throw new ConflictException('A run of this workflow is already running or awaiting approval');
    return { runId: run.id, conversationId: run.conversationId, message: 'Workflow run started' };
  }

  /**
   * POST /api/workflows/:id/runs/:runId/stop: fails the run, closes a step waiting for approval as
   * `cancelled` (its links then say who stopped the run) and aborts a model call in flight.
   */
  async stop(team: TeamContext, workflowId: string, runId: number, audit: AuditContext): Promise<StoppedRunResponse> {
    const run = await this.runState.getOrThrow(team.teamId, workflowId, runId);
    await this.workflows.getForAction(team, workflowId, 'workflow.run');
    const stopped = await this.runState
      .transaction(async ({ manager, move }) => {
        // The waiting step before the run, in the order a decision moves them: a stop and a click lock
        // the two rows in one order, and whichever comes second finds the other's result.
        const waiting = await this.stepState.awaitingApproval(run.id, manager);
        if (waiting) await this.stepState.move(waiting, ['awaiting_approval'], { status: 'cancelled' }, manager);
        if (!(await move(run.id, ACTIVE_RUN_STATUSES, { status: 'failed', reason: STOPPED_BY_USER, stoppedBy: team.userId }))) {
          throw new RunAlreadyFinished();
        }
        // `before`: the status the request found; the move itself takes the row lock (concurrent stops queue on it).
        await this.audit.record(manager, audit, {
          teamId: team.teamId,
          action: 'run.stopped',
          target: { type: 'run', id: String(run.id) },
          changes: { workflowId, status: { before: run.status, after: 'failed' } },
        });
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof RunAlreadyFinished) return false;
        throw error;
      });
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
   * A decision with no link token was taken on the dashboard, by the user whose email is shown; a
   * timer's (remind, escalate, expire) by the system.
   */
  private async decisionsOf(teamId: string, runId: number): Promise<RunDecisionResponse[]> {
    const rows = await this.database.query<DecisionRow[]>(
      `SELECT d.step_index, d.attempt, d.action, d.note,
              CASE WHEN d.action IN ('remind', 'escalate', 'expire') THEN 'system' WHEN d.jti IS NULL THEN 'dashboard' ELSE 'email' END AS channel,
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
      channel: row.channel,
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
   * Applies a step decision: approve goes on with the next step; reject marks what the attempt made
   * as rejected and does the step again with the note as feedback. A step paused on its agent's tool
   * calls goes on with them run (approve) or refused, the note as the reason (reject): as a chat's
   * answer to them would; a timer never lets them run. Only the attempt it was taken for, and only once. `record` writes the
   * decision in the same transaction, so whoever finds the step moved on finds what moved it. With
   * a quorum above one, an approval is recorded under the step's row lock and counted; the one that
   * completes the quorum moves the step, so concurrent approvals yield one outcome.
   */
  async decideStep(decision: StepDecision, record: DecisionRecorder): Promise<StepDecisionOutcome> {
    const { runId, stepIndex, attempt, action, note } = decision;
    return this.inDecision(async ({ manager, move }, run) => {
      // The step's row first, as a stop locks it: a decision and a stop find each other's result.
      const waiting = await this.stepState.lockAwaiting(decision, manager);
      if (!waiting) throw new NotApplied();
      const again = { status: 'running' as const, attempt: attempt + 1, outputText: null, modelAttempts: 0 };
      // Paused on its agent's tool calls: either way the next attempt continues the reply that asked,
      // the tools run (approved) or refused with the note as the reason (denied).
      const approvedTools = action === 'approve' && decision.source.channel !== 'system';
      const step = waiting.toolApproval
        ? { ...again, feedback: null, toolApproval: { ...waiting.toolApproval, approved: approvedTools, reason: note } }
        : action === 'approve'
          ? { status: 'completed' as const }
          : { ...again, feedback: note, toolApproval: null };
      let recorded = false;
      if (action === 'approve' && decision.quorum > 1) {
        // The approvals before this one (read under the step's row lock), and this one, which the recorder adds.
        const reached = (await this.approvalsOf(decision, manager)) + 1 >= decision.quorum;
        await this.recordOrUndo(record, manager, run.team_id, reached ? step.status : 'awaiting_approval');
        if (!reached) return 'counted';
        recorded = true;
      }
      // Under the step's row lock, before the move restarts the attempt: what a rejected attempt made
      // is marked so (a refused tool call rejects nothing the step made).
      if (action === 'reject' && !waiting.toolApproval) await this.assets.markRejected(manager, runId, waiting.startedAt);
      const next = action === 'approve' && !waiting.toolApproval ? stepIndex + 1 : stepIndex;
      if (!(await this.stepState.move(decision, ['awaiting_approval'], step, manager))) throw new NotApplied();
      if (!(await move(runId, ['awaiting_approval'], { status: 'running', currentStepIndex: next }))) throw new NotApplied();
      if (!recorded) await this.recordOrUndo(record, manager, run.team_id, step.status);
      await this.emitStepDecided(manager, run, decision, action, note, decision.source);
      await queueRunExecution(this.queue, runId, manager);
      return 'applied';
    }, runId);
  }

  /**
   * Applies a waiting step's timer through the same guarded moves as a person's decision, once:
   * `record` writes its decision (unique per timer of the attempt) or finds it stands. `mail`
   * (a reminder, an escalation) queues a fresh approval mail; `wait` only records; `reject` and
   * `skip` move the step as a rejection with `note` and an approval would; `stop` cancels the step
   * and fails the run with `note` as its reason.
   */
  async applyTimer(step: StepAttempt, effect: TimerEffect, mail: StepApprovalRequest, note: string, record: DecisionRecorder): Promise<StepDecisionOutcome> {
    if (effect === 'reject' || effect === 'skip') {
      const source = { channel: 'system' as const, onExpiry: effect };
      return this.decideStep({ ...step, action: effect === 'reject' ? 'reject' : 'approve', note, quorum: 1, source }, record);
    }
    return this.inDecision(async ({ manager, move }, run) => {
      if (effect === 'stop') {
        if (!(await this.stepState.move(step, ['awaiting_approval'], { status: 'cancelled' }, manager))) throw new NotApplied();
        if (!(await move(step.runId, ['awaiting_approval'], { status: 'failed', reason: note }))) throw new NotApplied();
        await this.recordOrUndo(record, manager, run.team_id, 'cancelled');
        await this.emitStepDecided(manager, run, step, 'expire', note, { channel: 'system', onExpiry: 'stop' });
        return 'applied';
      }
      // The row lock orders the timer with a person's click: whichever comes second finds the other's result.
      if (!(await this.stepState.lockAwaiting(step, manager))) throw new NotApplied();
      await this.recordOrUndo(record, manager, run.team_id, 'awaiting_approval');
      if (effect === 'mail') {
        await this.stepState.requestApprovalMail(step, 0, manager);
        await this.queue.send(STEP_APPROVAL_REQUESTED, mail, {}, manager);
      }
      return 'applied';
    }, step.runId);
  }

  /** A decision's transaction, with its run's team and workflow; undone (and `not_awaiting`) when the attempt moved on or its decision stands. */
  private async inDecision(
    work: (transaction: RunStateTransaction, run: { team_id: string; workflow_id: string }) => Promise<StepDecisionOutcome>,
    runId: number,
  ): Promise<StepDecisionOutcome> {
    return this.runState
      .transaction(async (transaction) => {
        const [run] = await transaction.manager.query<{ team_id: string; workflow_id: string }[]>('SELECT team_id, workflow_id FROM workflow_runs WHERE id = $1', [runId]);
        if (!run) throw new NotApplied();
        return work(transaction, run);
      })
      .catch((error: unknown) => {
        if (error instanceof NotApplied) return 'not_awaiting' as const;
        throw error;
      });
  }

  /**
   * The `step.decided` webhook event, in the deciding transaction: `action` is the decision as the
   * run's decisions list it (an expiry is `expire`, with the policy's `onExpiry`, never a person's approve or reject).
   */
  private async emitStepDecided(
    manager: EntityManager,
    run: { team_id: string; workflow_id: string },
    { runId, stepIndex, attempt }: StepAttempt,
    action: RunDecisionResponse['action'],
    note: string | null,
    source: DecisionSource,
  ): Promise<void> {
    const reported = source.channel === 'system' ? { action: 'expire', ...source } : { action, ...source };
    await this.webhooks.emit(manager, run.team_id, 'step.decided', { runId, workflowId: run.workflow_id, stepIndex, attempt, ...reported, note });
  }

  private async recordOrUndo(record: DecisionRecorder, manager: EntityManager, teamId: string, stepAfter: StepStatus): Promise<void> {
    if ((await record(manager, teamId, stepAfter)) === false) throw new NotApplied();
  }

  /** Distinct approvers who approved the attempt so far (read under its row lock, in the deciding transaction). */
  private async approvalsOf(step: StepAttempt, manager: EntityManager): Promise<number> {
    const [{ count }] = await manager.query<{ count: number }[]>(
      `SELECT count(DISTINCT approver)::int AS count FROM approval_decisions
        WHERE kind = 'step_approval' AND action = 'approve' AND run_id = $1 AND step_index = $2 AND attempt = $3`,
      [step.runId, step.stepIndex, step.attempt],
    );
    return count;
  }

  /**
   * Who stopped the run and when, if this attempt of the step was awaiting approval when it was
   * stopped (`cancelled`); null otherwise. Only a member's stop has the reason STOPPED_BY_USER (its
   * stopper gone, the reason stays); the other stop that cancels a waiting step is its policy's expiry.
   */
  async stopThatCancelled(step: StepAttempt): Promise<RunStop | null> {
    const checkpoint = await this.stepState.get(step.runId, step.stepIndex);
    if (checkpoint?.status !== 'cancelled' || checkpoint.attempt !== step.attempt) return null;
    const run = await this.runState.getById(step.runId);
    if (!run?.finishedAt) return null;
    if (run.reason !== STOPPED_BY_USER) return { by: 'expiry', at: run.finishedAt };
    const [user] = run.stoppedBy ? await this.database.query<{ email: string }[]>('SELECT email FROM users WHERE id = $1', [run.stoppedBy]) : [];
    return { by: 'member', email: user?.email ?? null, at: run.finishedAt };
  }

  /** What the checkpoint's current attempt made: the assets of its run created since the attempt started. */
  madeBy(checkpoint: Pick<RunStep, 'runId' | 'startedAt'>): Promise<MadeAsset[]> {
    return this.assets.madeByRunSince(checkpoint.runId, checkpoint.startedAt);
  }

  /** `madeBy` for several step checkpoints (one per run) in one query, by run id. */
  madeByEach(checkpoints: Pick<RunStep, 'runId' | 'startedAt'>[]): Promise<Map<number, MadeAsset[]>> {
    return this.assets.madeByRunsSince(checkpoints.map(({ runId, startedAt }) => ({ runId, since: startedAt })));
  }

  /**
   * The team's steps awaiting approval, longest waiting first; only those of workflows `createdBy`
   * created when given (a member decides only on their own). Read with SQL across the run, its
   * step checkpoint and its workflow (the workflows module owns the last; nothing here writes it).
   */
  async waitingSteps(teamId: string, createdBy: string | null, limit: number): Promise<WaitingStep[]> {
    const rows = await this.database.query<WaitingStepRow[]>(
      `SELECT r.id AS run_id, r.run_number, r.workflow_id, w.title AS workflow_title, s.step_index, ws.description, s.attempt,
              s.started_at, coalesce(s.approval_requested_at, s.started_at) AS waiting_since,
              coalesce(s.approval_mail_requested_at, s.approval_requested_at, s.started_at) AS mailed_at, s.output_text, s.tool_approval,
              floor(extract(epoch FROM clock_timestamp() - coalesce(s.approval_requested_at, s.started_at)))::int AS age_seconds
         FROM workflow_runs r
         JOIN run_steps s ON s.run_id = r.id AND s.status = 'awaiting_approval'
         JOIN workflows w ON w.id = r.workflow_id
         LEFT JOIN workflow_steps ws ON ws.workflow_id = r.workflow_id AND ws.step_index = s.step_index
        WHERE r.team_id = $1 AND r.status = 'awaiting_approval' AND ($2::uuid IS NULL OR w.created_by = $2::uuid)
        ORDER BY waiting_since, r.id
        LIMIT $3`,
      [teamId, createdBy, limit],
    );
    return rows.map((row) => ({
      runId: row.run_id,
      runNumber: row.run_number,
      workflowId: row.workflow_id,
      workflowTitle: row.workflow_title,
      stepIndex: row.step_index,
      description: row.description ?? '',
      attempt: row.attempt,
      startedAt: row.started_at,
      waitingSince: row.waiting_since,
      mailedAt: row.mailed_at,
      outputText: row.output_text,
      toolCalls: row.tool_approval?.calls ?? null,
      ageSeconds: Math.max(0, row.age_seconds),
    }));
  }

  /**
   * POST /api/workflows/:id/runs/:runId/approval-mail: queues a fresh approval mail (a new link) for
   * the step the run waits on; 409 when it waits on none, 429 within a minute of the last one asked
   * for (the step's row keeps the time, read and set under its lock, as a draft's plan mail does).
   */
  async requestStepApprovalMail(run: WorkflowRun): Promise<RunStep> {
    return this.database.transaction(async (manager) => {
      const waiting = run.status === 'awaiting_approval' ? await this.stepState.awaitingApproval(run.id, manager) : null;
      const asked = waiting ? await this.stepState.requestApprovalMail(waiting, APPROVAL_MAIL_INTERVAL_SECONDS, manager) : null;
      if (!waiting || !asked) throw new ConflictException('The run is not waiting for a step approval');
      if (asked.waitSeconds > 0) {
        throw new TooManyRequestsException(`A fresh approval link was asked for less than a minute ago; retry in ${asked.waitSeconds} s`, asked.waitSeconds);
      }
      const request: StepApprovalRequest = { runId: run.id, stepIndex: waiting.stepIndex, attempt: waiting.attempt };
      await this.queue.send(STEP_APPROVAL_REQUESTED, request, {}, manager);
      return waiting;
    });
  }

  /** The run's step awaiting approval, if any. */
  awaitingApproval(runId: number): Promise<RunStep | null> {
    return this.stepState.awaitingApproval(runId);
  }

  checkpointOf(runId: number, stepIndex: number): Promise<RunStep | null> {
    return this.stepState.get(runId, stepIndex);
  }

  private async start(workflow: Workflow, trigger: NewRun, audit: AuditContext): Promise<WorkflowRun | null> {
    const steps = await this.workflows.stepsOf(workflow.id);
    return this.runState.transaction((transaction) => this.startIn(transaction, workflow, steps, trigger, audit));
  }

  /**
   * Starts a run inside the caller's transaction (a schedule slot records what it did in the same
   * one). The run, its conversation and its job are written together: a crash at any point leaves
   * either all three or none, never a run in progress that nothing will execute.
   */
  async startIn(transaction: RunStateTransaction, workflow: Workflow, steps: WorkflowStep[], trigger: NewRun, audit: AuditContext): Promise<WorkflowRun | null> {
    const run = await transaction.create(workflow, steps, trigger);
    if (!run) return null;
    await queueRunExecution(this.queue, run.id, transaction.manager);
    await this.recordStarted(transaction.manager, audit, run, trigger);
    return run;
  }

  /** `run.started` (or `run.retried`, naming the run retried and the step it goes on from), in the run's transaction. */
  async recordStarted(manager: EntityManager, audit: AuditContext, run: WorkflowRun, trigger: NewRun): Promise<void> {
    await this.audit.record(manager, audit, {
      teamId: run.teamId,
      action: trigger.retry ? 'run.retried' : 'run.started',
      target: { type: 'run', id: String(run.id) },
      changes: {
        workflowId: run.workflowId,
        trigger: trigger.trigger,
        planVersion: run.planVersion,
        status: { before: null, after: run.status },
        ...(trigger.scheduledFor ? { scheduledFor: trigger.scheduledFor.toISOString() } : {}),
        ...(trigger.retry ? { retryOf: trigger.retry.of, fromStep: trigger.retry.fromStep } : {}),
      },
    });
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
