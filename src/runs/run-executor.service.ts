import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { UIMessage } from 'ai';
import type { AssetResponse } from '../assets/asset.response.js';
import { AssetsService } from '../assets/assets.service.js';
import { isAgentId } from '../assistant/agents/agents.js';
import { outputOf } from '../assistant/chat-messages.js';
import { answerToolCalls, askedToolCalls } from '../assistant/tool-approvals.js';
import { ReplyGenerator } from '../assistant/reply-generator.service.js';
import type { AppConfig } from '../config/configuration.js';
import { ConversationsService } from '../conversations/conversations.service.js';
import { DatabaseClock } from '../database/database-clock.js';
import { contextPart } from '../llm/context-parts.js';
import { Metrics } from '../metrics/metrics.service.js';
import { type Job, QueueService } from '../queue/queue.service.js';
import { ShutdownService } from '../shutdown/shutdown.service.js';
import type { Plan } from '../config/plans.js';
import type { WorkflowStep } from '../workflows/entities/workflow-step.entity.js';
import type { Workflow } from '../workflows/entities/workflow.entity.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import type { RunStep, StepToolApproval } from './entities/run-step.entity.js';
import type { WorkflowRun } from '../workflow-runs/workflow-run.entity.js';
import { BudgetExhaustedException, BudgetService, type TokenReservation } from '../usage/budget.service.js';
import { UsageLedger } from '../usage/usage-ledger.service.js';
import type { UsageAttribution } from '../llm/usage-attribution.js';
import { RunAbortRegistry } from './run-abort.registry.js';
import { RunEventsService } from './run-events.service.js';
import type { RunEvent } from './runs.response.js';
import { queueApprovalTimers, queueRunExecution, RUN_EXECUTE, type RunExecuteJob, STEP_APPROVAL_REQUESTED, type StepApprovalRequest } from './run-jobs.js';
import { policyOf } from '../workflows/approval-policy.js';
import { RunStateService, type RunStateTransaction } from './run-state.service.js';
import { RunStepStateService } from './run-step-state.service.js';
import { RunTranscript } from './run-transcript.js';
import { retryDelayMs, transientFailure } from '../http/transient-errors.js';
import { inSpan } from '../tracing/tracing.js';

/** How much of each earlier step's output a step sees as context. */
const CONTEXT_PER_STEP = 2000;
/** How often a running step checks that its run was not stopped from another instance. */
const STOP_CHECK_MS = 1000;
/** Runs this instance executes at once. */
const WORKERS = 16;
/** The abort reason of steps cut short because this instance stops: their runs go on elsewhere. */
const HANDED_BACK = 'The instance is shutting down';

type StepOutcome = 'done' | 'paused' | 'stopped';

/** A step's end that no retry changes: its model calls ran out, or it took longer than its timeout. */
class FinalStepError extends Error {}

/** Whom a step's model calls are charged to, which also says where its reply is generated: the run's team, conversation and run. */
type StepCharge = UsageAttribution & { conversationId: string; runId: number };

/**
 * Executes runs from the durable queue, step by step. Each step is checkpointed in `run_steps`;
 * its instruction and reply go into the run's conversation under ids derived from run, step and
 * attempt, so a run picked up again after a crash repeats nothing that finished and stores
 * nothing twice.
 */
@Injectable()
export class RunExecutorService implements OnApplicationBootstrap {
  private readonly logger = new Logger(RunExecutorService.name);
  private readonly stepTimeoutMs: number;
  /** Model calls a step may make when they fail transiently (RUN_STEP_ATTEMPTS). */
  private readonly stepAttempts: number;
  /** The first pause before a failed call is made again, doubling (RUN_STEP_RETRY_BASE_MS). */
  private readonly retryBaseMs: number;
  /** Runs of one team executing at once, by its plan (RUN_CONCURRENCY_*). */
  private readonly runConcurrency: Record<Plan, number>;
  /** Set while the instance drains: steps that end now were cut short and are handed back. */
  private handingBack = false;

  constructor(
    private readonly stepState: RunStepStateService,
    private readonly workflows: WorkflowsService,
    private readonly runState: RunStateService,
    private readonly conversations: ConversationsService,
    private readonly assets: AssetsService,
    private readonly replies: ReplyGenerator,
    private readonly queue: QueueService,
    private readonly aborts: RunAbortRegistry,
    private readonly events: RunEventsService,
    private readonly shutdown: ShutdownService,
    private readonly budgets: BudgetService,
    private readonly usage: UsageLedger,
    private readonly databaseClock: DatabaseClock,
    private readonly metrics: Metrics,
    config: ConfigService<AppConfig, true>,
  ) {
    const runs = config.get('runs', { infer: true });
    this.stepTimeoutMs = runs.stepTimeoutSeconds * 1000;
    this.stepAttempts = runs.stepAttempts;
    this.retryBaseMs = runs.stepRetryBaseMs;
    this.runConcurrency = config.get('plans', { infer: true }).runConcurrency;
  }

  async onApplicationBootstrap(): Promise<void> {
    // Workers send heartbeats while a job runs; a worker that dies stops them, and after ~10 s
    // the job is handed to another instance, which goes on from the last finished step.
    await this.queue.declare(RUN_EXECUTE, { heartbeatSeconds: 10, expireInSeconds: 3600, retryLimit: 5, retryDelay: 1 });
    // A team's runs take at most its plan's concurrency of the workers (all instances together);
    // its further runs wait in the queue, passed over by the fetch, so another team's run takes a
    // free worker at once. Jobs queued before groups existed run unlimited.
    await this.queue.work<RunExecuteJob>(
      RUN_EXECUTE,
      { concurrency: WORKERS, pollingIntervalSeconds: 0.5, groupLimits: { default: this.runConcurrency.free, tiers: this.runConcurrency } },
      (job) => inSpan('run', { 'run.id': job.data.runId }, () => this.execute(job)),
    );
    this.shutdown.onDrain('workflow runs', () => this.handBack());
  }

  /**
   * On shutdown: take no more jobs, cut the steps in flight and give their runs back to the
   * queue at once, so another instance goes on from the last finished step without waiting for
   * this one's heartbeat to lapse.
   */
  private async handBack(): Promise<void> {
    this.handingBack = true;
    const idle = this.queue.stopWorking(RUN_EXECUTE);
    this.aborts.abortAll(HANDED_BACK);
    await idle;
  }

  async execute({ data }: Job<RunExecuteJob>): Promise<void> {
    const run = await this.runState.getById(data.runId);
    if (run?.status !== 'running' || !run.conversationId) return;
    const workflow = await this.workflows.getById(run.workflowId);
    if (!workflow) return;
    const steps = await this.workflows.stepsOf(workflow.id);
    const known = { workflow, steps };
    const transcript = new RunTranscript(this.conversations, run.conversationId);
    try {
      for (let index = run.currentStepIndex; index < steps.length; index++) {
        if (this.handingBack) return await this.requeue(run.id);
        const attributes = { 'run.id': run.id, 'run.step': index, 'agent.id': steps[index].agentId };
        const outcome = await inSpan('run step', attributes, () => this.executeStepWithRetries(run, workflow, steps, index, transcript));
        if (outcome === 'stopped' && this.handingBack) return await this.requeue(run.id);
        if (outcome !== 'done') return;
      }
      await this.runState.move(run.id, ['running'], { status: 'completed', currentStepIndex: steps.length }, { known });
    } catch (error) {
      if (this.handingBack) return await this.requeue(run.id);
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      // A run stopped meanwhile keeps the reason it was stopped for.
      if (await this.runState.move(run.id, ['running'], { status: 'failed', reason }, { known })) this.logger.warn(`Run ${run.id} failed: ${reason}`);
    }
  }

  /** Gives a run cut short by the shutdown back to the queue, unless it was stopped meanwhile. */
  private async requeue(runId: number): Promise<void> {
    if ((await this.runState.statusOf(runId)) !== 'running') return;
    await this.runState.transaction(({ manager }) => queueRunExecution(this.queue, runId, manager));
    this.logger.log(`Run ${runId} handed back to the queue`);
  }

  /**
   * A step that fails transiently outside its model calls (the database unavailable or its disk
   * full while the step reads or writes its checkpoint, transcript or budget) is done again from
   * its checkpoint after a growing pause, up to RUN_STEP_ATTEMPTS times: its messages keep their
   * ids and what an earlier try's tools made is deleted first, so nothing is stored twice. Model
   * calls are tried again inside (replyWithRetries), and count against the same number.
   */
  /** A step with its retries, timed by agent and how it ended (done, paused, stopped, failed). */
  private async executeStepWithRetries(run: WorkflowRun, workflow: Workflow, steps: WorkflowStep[], index: number, transcript: RunTranscript): Promise<StepOutcome> {
    const agentId = steps[index].agentId;
    const end = this.metrics.stepDuration.startTimer({ agent: isAgentId(agentId) ? agentId : 'other' });
    try {
      const outcome = await this.tryStep(run, workflow, steps, index, transcript);
      end({ outcome });
      return outcome;
    } catch (error) {
      end({ outcome: 'failed' });
      throw error;
    }
  }

  private async tryStep(run: WorkflowRun, workflow: Workflow, steps: WorkflowStep[], index: number, transcript: RunTranscript): Promise<StepOutcome> {
    for (let tries = 1; ; tries++) {
      try {
        return await this.executeStep(run, workflow, steps, index, transcript);
      } catch (error) {
        const transient = this.handingBack || error instanceof FinalStepError ? undefined : transientFailure(error);
        if (!transient) throw error;
        if (tries >= this.stepAttempts) throw new FinalStepError(`The step failed after ${tries} attempt${tries === 1 ? '' : 's'}: ${transient}`, { cause: error });
        this.logger.warn(`Run ${run.id} step ${index + 1}: try ${tries} failed (${transient}); trying again`);
        await sleep(retryDelayMs(tries, error, this.retryBaseMs));
      }
    }
  }

  private async executeStep(run: WorkflowRun, workflow: Workflow, steps: WorkflowStep[], index: number, transcript: RunTranscript): Promise<StepOutcome> {
    const step = steps[index];
    const { checkpoint, fresh } = await this.stepState.checkpoint(run.id, index);
    if (checkpoint.status === 'completed') return 'done';
    if (checkpoint.status === 'awaiting_approval') {
      // The step was paused but the run not (a crash between the two, before they were one
      // transaction): pause the run now and send the mail it never got.
      const paused = await this.runState.transaction((transaction) => this.pause(transaction, run.id, index, checkpoint.attempt, { workflow, steps }));
      return paused ? 'paused' : 'stopped';
    }
    if (checkpoint.status !== 'running') return 'stopped';
    // A step whose agent's tool calls were decided continues the reply that asked, with the
    // decision as its answer; any other attempt starts from its instruction. The instruction is read
    // before the budget is asked: the step reserves its prompt plus the output cap. The team's tokens
    // are used up: the run waits before the step, which starts as it is when the sweeper resumes the
    // run (see RunSweeperService).
    const prefix = `run-${run.id}-step-${index}-attempt-${checkpoint.attempt}`;
    const decided = checkpoint.toolApproval?.approved === undefined ? undefined : checkpoint.toolApproval;
    let instruction: UIMessage | undefined;
    let prompt: UIMessage[];
    if (decided) prompt = await this.continuedHistory(transcript, decided);
    else {
      instruction = { id: `${prefix}-instruction`, role: 'user', parts: await this.instructionFor(run, workflow, steps, index, checkpoint) };
      prompt = [...(await transcript.all()), instruction];
    }
    let reservation: TokenReservation;
    try {
      reservation = await this.budgets.reserve(run.teamId, this.replies.reservationFor(prompt));
    } catch (error) {
      if (!(error instanceof BudgetExhaustedException)) throw error;
      const waiting = await this.runState.move(run.id, ['running'], { status: 'awaiting_budget', currentStepIndex: index, reason: error.message }, { known: { workflow, steps } });
      return waiting ? 'paused' : 'stopped';
    }
    let reply: UIMessage | undefined;
    try {
      const started: RunEvent = { type: 'step-started', stepIndex: index, description: step.description, attempt: checkpoint.attempt };
      if (!(await this.runState.move(run.id, ['running'], { currentStepIndex: index }, { known: { workflow, steps }, events: [started] }))) return 'stopped';

      // A crash during an attempt begun earlier may have left assets behind; they are made again below.
      if (!fresh) await this.assets.deleteRunAssetsSince(run.id, checkpoint.startedAt);
      if (instruction) await transcript.save(instruction);

      const charge: StepCharge = { teamId: run.teamId, userId: run.startedBy, conversationId: transcript.conversationId, workflowId: workflow.id, runId: run.id, stepIndex: index, kind: 'run-step' };
      reply = await this.withStopSwitch(run.id, (abortSignal) => this.replyWithRetries(checkpoint, step.agentId, prompt, charge, abortSignal));
    } finally {
      // Finished, failed or stopped: the step's calls are all recorded; the ledger settles the reservation with them.
      reservation.release();
    }
    if (!reply) return 'stopped';
    // The ledger writes in batches about a second apart: the step's calls are written before the
    // step is reported finished, so the run's record read at that event counts them.
    await this.usage.flush();
    // A continued reply replaces the one that asked (the same message, grown).
    const stored: UIMessage = { ...reply, id: decided?.messageId ?? `${prefix}-reply` };
    await transcript.save(stored);

    // The agent called tools that need approval: the step pauses on those calls as on a step
    // approval; the decision continues this reply (RunsService.decideStep).
    const asked = askedToolCalls(stored);
    const toolApproval: StepToolApproval | null = asked.length > 0 ? { messageId: stored.id, calls: asked } : null;
    const paused = toolApproval !== null || step.requiresApproval;
    const finished: RunEvent = { type: 'step-finished', stepIndex: index, description: step.description, awaitingApproval: paused };
    const outcome = await this.runState.transaction(async (transaction): Promise<StepOutcome> => {
      const updated = await this.stepState.move(
        checkpoint,
        ['running'],
        { status: paused ? 'awaiting_approval' : 'completed', outputText: outputOf(stored), outputMessageId: stored.id, toolApproval },
        transaction.manager,
      );
      if (!updated) return 'stopped';
      if (!paused) return 'done';
      return (await this.pause(transaction, run.id, index, checkpoint.attempt, { workflow, steps }, toolApproval ? [] : [finished])) ? 'paused' : 'stopped';
    });
    if (outcome === 'done') await this.events.publish(run.id, finished);
    return outcome;
  }

  /**
   * The run's conversation up to the reply whose tool calls were decided, that reply answered with
   * the decision: what the step's next attempt continues.
   */
  private async continuedHistory(transcript: RunTranscript, decided: StepToolApproval): Promise<UIMessage[]> {
    const history = await transcript.all();
    const at = history.findIndex((message) => message.id === decided.messageId);
    if (at === -1) throw new Error('The reply that asked for the tool approval is missing from the run');
    return [...history.slice(0, at), answerToolCalls(history[at], decided.approved === true, decided.reason ?? null)];
  }

  /**
   * Pauses the run on a step awaiting approval and queues the approval mail, in the caller's
   * transaction: the run is never paused without its mail, nor the mail sent for a run going on.
   * `events` (the step's end) go out before the pause's own.
   */
  private async pause(
    transaction: RunStateTransaction,
    runId: number,
    stepIndex: number,
    attempt: number,
    known: { workflow: Workflow; steps: WorkflowStep[] },
    events: RunEvent[] = [],
  ): Promise<boolean> {
    if (!(await transaction.move(runId, ['running'], { status: 'awaiting_approval' }, { known, events }))) return false;
    const request: StepApprovalRequest = { runId, stepIndex, attempt };
    await this.queue.send(STEP_APPROVAL_REQUESTED, request, {}, transaction.manager);
    await queueApprovalTimers(this.queue, request, policyOf(known.steps[stepIndex].approvalPolicy), transaction.manager);
    return true;
  }

  /**
   * The step's instruction as message parts: its own description first, then the context (the
   * workflow, a reviewer's note, earlier steps' output) in parts marked as context, which a model
   * reads as background and the offline model never takes for the request.
   */
  private async instructionFor(run: WorkflowRun, workflow: Workflow, steps: WorkflowStep[], index: number, checkpoint: RunStep): Promise<UIMessage['parts']> {
    const [earlier, edited] = index === 0 ? [[], []] as const : await Promise.all([this.stepState.ofRun(run.id), this.assets.editedInRun(run.id)]);
    const context = [
      ...earlier
        .filter((row) => row.stepIndex < index && row.outputText)
        .map((row) =>
          contextPart('earlier-step', `Step ${row.stepIndex + 1} (${steps[row.stepIndex]?.description ?? ''}) produced:\n${(row.outputText ?? '').slice(0, CONTEXT_PER_STEP)}`),
        ),
      // An approver's edit stands over what the step's reply said: later steps work from the edited text.
      ...edited.map((asset) => contextPart('earlier-step', `An approver edited "${asset.title}"; its text now reads:\n${asset.content.slice(0, CONTEXT_PER_STEP)}`)),
    ];
    // A retry's replacement instruction stands for its first step, in this run only.
    const description = index === run.startStepIndex && run.instructionOverride ? run.instructionOverride : steps[index].description;
    return [
      { type: 'text', text: description },
      contextPart('workflow', `\n\n(Step ${index + 1} of ${steps.length} of the workflow "${workflow.title}". Goal: ${workflow.goal})`),
      ...(run.input === null || run.input === undefined ? [] : [contextPart('workflow', `\nThe run was triggered with this JSON payload:\n${JSON.stringify(run.input)}`)]),
      ...(checkpoint.feedback ? [contextPart('feedback', `\nA reviewer rejected the previous attempt of this step with this feedback: ${checkpoint.feedback}`)] : []),
      ...(context.length > 0 ? [contextPart('workflow', '\nEarlier steps:'), ...context] : []),
    ];
  }

  /**
   * The step's reply; a model call that fails transiently (a rate limit, a 5xx, a dropped
   * connection) is made again after a growing pause, up to RUN_STEP_ATTEMPTS calls, each counted
   * on the checkpoint. What the failed call's tools made is removed first. The step's timeout and a
   * stop abort the signal: those are never tried again.
   */
  private async replyWithRetries(checkpoint: RunStep, agentId: string, history: UIMessage[], charge: StepCharge, abortSignal: AbortSignal): Promise<UIMessage> {
    for (;;) {
      // The database's time, as the assets' creation times are.
      const since = await this.databaseClock.now();
      const calls = await this.stepState.countModelCall(checkpoint);
      if (calls === null) throw new Error('The step moved on while it ran');
      try {
        return await this.reply(agentId, history, charge, abortSignal);
      } catch (error) {
        const transient = abortSignal.aborted ? undefined : transientFailure(error);
        if (!transient) throw error;
        if (calls >= this.stepAttempts) throw new FinalStepError(`The agent failed while answering after ${calls} attempt${calls === 1 ? '' : 's'}: ${transient}`, { cause: error });
        this.logger.warn(`Run ${charge.runId} step ${checkpoint.stepIndex + 1}: model call ${calls} failed (${transient}); trying again`);
        await this.assets.deleteRunAssetsSince(charge.runId, since);
        await sleep(retryDelayMs(calls, error, this.retryBaseMs), undefined, { signal: abortSignal });
      }
    }
  }

  private async reply(agentId: string, history: UIMessage[], charge: StepCharge, abortSignal: AbortSignal): Promise<UIMessage> {
    let message: UIMessage | undefined;
    let failure: unknown;
    const stream = this.replies.stream({
      agentId: isAgentId(agentId) ? agentId : 'general',
      charge,
      history,
      scope: { teamId: charge.teamId, conversationId: charge.conversationId, runId: charge.runId },
      // A call of a tool that needs approval ends the reply with its request: the step pauses on it.
      toolApprovals: 'ask',
      abortSignal,
      // Failed calls are tried again in one place, replyWithRetries, which counts them.
      maxRetries: 0,
      // The first error told is the model's; a later one only carries the message made from it.
      onFailure: (error) => {
        failure ??= error;
      },
      // The stream assembles the whole message once for this; reading it again chunk by chunk
      // (readUIMessageStream) would copy the growing message at every chunk.
      onEnd: (final) => {
        message = final;
        return Promise.resolve();
      },
    });
    for await (const chunk of stream) {
      if (chunk.type === 'data-asset') await this.events.publish(charge.runId, { type: 'asset', asset: chunk.data as AssetResponse });
      else if (chunk.type === 'error') throw new Error(chunk.errorText, { cause: failure });
    }
    if (!message) throw new Error('The agent gave no reply');
    return message;
  }

  /**
   * Runs a step's model work with a timeout and a stop switch: the local registry (a stop on this
   * instance) and a status check (a stop on another). Resolves undefined when the run was stopped.
   */
  private async withStopSwitch<T>(runId: number, work: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
    const controller = this.aborts.begin(runId);
    const timeout = AbortSignal.timeout(this.stepTimeoutMs);
    const watcher = setInterval(() => {
      this.runState.statusOf(runId).then(
        (status) => {
          if (status !== 'running' && status !== undefined) controller.abort(new Error('The run was stopped'));
        },
        // The database is unreachable: the step's own next write fails and decides; check again later.
        () => undefined,
      );
    }, STOP_CHECK_MS);
    try {
      const result = await work(AbortSignal.any([controller.signal, timeout]));
      // An aborted stream may end quietly with what it had; a stopped run keeps none of it.
      if (controller.signal.aborted) return undefined;
      if (timeout.aborted) throw new FinalStepError(`The step took longer than ${this.stepTimeoutMs / 1000} s`);
      return result;
    } catch (error) {
      if (controller.signal.aborted) return undefined;
      if (timeout.aborted) throw new FinalStepError(`The step took longer than ${this.stepTimeoutMs / 1000} s`, { cause: error });
      throw error;
    } finally {
      clearInterval(watcher);
      this.aborts.end(runId, controller);
    }
  }
}
