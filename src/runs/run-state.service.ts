import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, LessThan, QueryFailedError, Repository } from 'typeorm';
import { AGENTS, isAgentId } from '../assistant/agents/agents.js';
import { ConversationsService } from '../conversations/conversations.service.js';
import type { WorkflowRunSummary } from '../conversations/entities/conversation.entity.js';
import type { WorkflowStep } from '../workflows/entities/workflow-step.entity.js';
import type { Workflow } from '../workflows/entities/workflow.entity.js';
import { Metrics } from '../metrics/metrics.service.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import { ACTIVE_RUN_STATUSES, type RunStatus, type RunTrigger, WorkflowRun } from '../workflow-runs/workflow-run.entity.js';
import { WebhookOutboxService } from '../webhook-events/webhook-outbox.service.js';
import type { WebhookEventType } from '../webhook-events/webhook-event-types.js';
import { RunEventsService } from './run-events.service.js';
import type { RunEvent } from './runs.response.js';

export const STOPPED_BY_USER = 'Stopped by user';

const UNIQUE_VIOLATION = '23505';
const ONE_ACTIVE_INDEX = 'workflow_runs_one_active_idx';
const SCHEDULED_TICK_INDEX = 'workflow_runs_scheduled_tick_idx';

export interface NewRun {
  trigger: RunTrigger;
  /** A triggered run's JSON payload, shown to its steps. */
  input?: unknown;
  startedBy: string | null;
  /** The cron tick, for scheduled runs: one run per workflow and tick. */
  scheduledFor?: Date;
  /** For a retry: the run it repairs, the step it starts at and that step's replacement instruction. */
  retry?: RunRetry;
}

export interface RunRetry {
  of: number;
  fromStep: number;
  instruction: string | null;
}

/** What a move may change besides the status; `finishedAt` follows a finishing status. */
export type RunChange = Partial<Pick<WorkflowRun, 'status' | 'reason' | 'currentStepIndex' | 'stoppedBy'>>;

/** How a move is announced. */
export interface RunAnnouncement {
  /** The run's workflow and steps, when the caller holds them: the summary then needs no reads. */
  known?: { workflow: Workflow; steps: WorkflowStep[] };
  /** Step events that go out with the move, before the one its new status implies. */
  events?: RunEvent[];
}

/** The run writes of one database transaction; their summaries and events go out once it commits. */
export interface RunStateTransaction {
  /** For the transaction's other writes (steps, jobs, decisions). */
  readonly manager: EntityManager;
  /**
   * Creates the next run of an active workflow with its conversation. 422 when the workflow is
   * not active, 409 when a run is in progress; null when another instance already made the run
   * for this cron tick.
   */
  create: (workflow: Workflow, steps: WorkflowStep[], run: NewRun) => Promise<WorkflowRun | null>;
  /** Moves a run from one of `from`; false (and nothing announced) when it was in none of them. */
  move: (runId: number, from: readonly RunStatus[], change: RunChange, announcement?: RunAnnouncement) => Promise<boolean>;
}

/** What a move's UPDATE returns: what the summary needs. */
type MovedRun = Pick<WorkflowRun, 'id' | 'workflowId' | 'status' | 'totalSteps' | 'currentStepIndex' | 'conversationId'>;

interface MovedRow {
  id: number;
  workflow_id: string;
  team_id: string;
  reason: string | null;
  status: RunStatus;
  total_steps: number;
  current_step_index: number;
  conversation_id: string | null;
}

/**
 * The one owner of a run's state: nothing else writes `workflow_runs`. A run is created here and
 * moves from state to state here, each move one UPDATE that checks the state it moves from. A move
 * that happened writes the run conversation's `workflowRun` summary in its own transaction (a
 * reader, or a restart after a crash, never finds the run moved and its summary behind), and
 * publishes the run's live event once that transaction has committed.
 */
@Injectable()
export class RunStateService {
  constructor(
    @InjectRepository(WorkflowRun) private readonly rows: Repository<WorkflowRun>,
    private readonly workflows: WorkflowsService,
    private readonly conversations: ConversationsService,
    private readonly events: RunEventsService,
    private readonly metrics: Metrics,
    private readonly webhooks: WebhookOutboxService,
  ) {
    metrics.sampleOnScrape('runs', () => this.sampleActive());
  }

  /** Runs `work` in one transaction, then announces the moves it made, in order. Nothing is announced if it throws. */
  async transaction<T>(work: (transaction: RunStateTransaction) => Promise<T>): Promise<T> {
    const announcements: (() => Promise<void>)[] = [];
    const result = await this.rows.manager.transaction((manager) =>
      work({
        manager,
        create: async (workflow, steps, run) => {
          const created = await this.insert(workflow, steps, run, manager);
          if (created) {
            announcements.push(async () => {
              this.metrics.runTransitions.inc({ to: created.status });
              await this.events.publish(created.id, { type: 'status', status: created.status });
            });
          }
          return created;
        },
        move: async (runId, from, change, announcement = {}) => {
          const moved = await this.update(runId, from, change, manager, announcement.known);
          if (moved) announcements.push(() => this.announce(moved, change, announcement));
          return Boolean(moved);
        },
      }),
    );
    for (const announce of announcements) await announce();
    return result;
  }

  /** Moves a run from one of `from` in a statement of its own; false (and nothing announced) when it was in none of them. */
  async move(runId: number, from: readonly RunStatus[], change: RunChange, announcement: RunAnnouncement = {}): Promise<boolean> {
    // A transaction of its own: the webhook event is written with the move or not at all.
    const moved = await this.rows.manager.transaction((manager) => this.update(runId, from, change, manager, announcement.known));
    if (moved) await this.announce(moved, change, announcement);
    return Boolean(moved);
  }

  async getOrThrow(teamId: string, workflowId: string, runId: number): Promise<WorkflowRun> {
    const run = await this.rows.findOneBy({ id: runId, workflowId, teamId });
    if (!run) throw new NotFoundException('Run not found');
    return run;
  }

  getById(runId: number): Promise<WorkflowRun | null> {
    return this.rows.findOneBy({ id: runId });
  }

  /** Ids of the runs that retry this one, oldest first. */
  async retriesOf(runId: number): Promise<number[]> {
    const retries = await this.rows.find({ where: { retryOf: runId }, select: { id: true }, order: { id: 'ASC' } });
    return retries.map((retry) => retry.id);
  }

  async statusOf(runId: number): Promise<RunStatus | undefined> {
    const run = await this.rows.findOne({ where: { id: runId }, select: { id: true, status: true } });
    return run?.status;
  }

  /** Runs `running` since before `cutoff`: the sweeper's candidates. */
  runningSince(cutoff: Date, manager: EntityManager = this.rows.manager): Promise<Pick<WorkflowRun, 'id' | 'startedAt'>[]> {
    return manager.find(WorkflowRun, { where: { status: 'running', startedAt: LessThan(cutoff) }, select: { id: true, startedAt: true } });
  }

  /** Runs waiting for their team's token budget, oldest first: the sweeper resumes them when it allows. */
  awaitingBudget(manager: EntityManager = this.rows.manager): Promise<Pick<WorkflowRun, 'id' | 'teamId'>[]> {
    return manager.find(WorkflowRun, { where: { status: 'awaiting_budget' }, select: { id: true, teamId: true }, order: { id: 'ASC' } });
  }

  /**
   * Runs in each active status (finished ones only grow: their rate is the transitions counter),
   * and the step approvals waiting with the oldest one's wait, since its step finished. Both read
   * the few active rows through the one-active-run index.
   */
  private async sampleActive(): Promise<void> {
    const [counts, [approvals]] = await Promise.all([
      this.rows.manager.query<{ status: RunStatus; runs: string }[]>(
        `SELECT status, count(*) AS runs FROM workflow_runs WHERE status IN (${ACTIVE_RUN_STATUSES.map((status) => `'${status}'`).join(', ')}) GROUP BY status`,
      ),
      this.rows.manager.query<{ pending: string; oldest_seconds: number | null }[]>(
        `SELECT count(*) AS pending, extract(epoch FROM now() - min(coalesce(s.finished_at, s.started_at)))::float8 AS oldest_seconds
           FROM workflow_runs r LEFT JOIN run_steps s ON s.run_id = r.id AND s.step_index = r.current_step_index
          WHERE r.status = 'awaiting_approval'`,
      ),
    ]);
    for (const status of ACTIVE_RUN_STATUSES) this.metrics.runsByStatus.set({ status }, Number(counts.find((row) => row.status === status)?.runs ?? 0));
    this.metrics.approvalsPending.set(Number(approvals.pending));
    this.metrics.approvalsOldestAge.set(Math.max(0, approvals.oldest_seconds ?? 0));
  }

  /**
   * The run row (the database allows one run in progress per workflow, and one run per cron
   * tick), then its conversation, which starts with the run's summary, then the link between them.
   */
  private async insert(workflow: Workflow, steps: WorkflowStep[], run: NewRun, manager: EntityManager): Promise<WorkflowRun | null> {
    const plan = await this.workflows.planForRun(manager, workflow.id);
    if (plan?.status !== 'active') throw new UnprocessableEntityException('The workflow is not active: approve its plan first');
    // The steps were read before this transaction: an edit approved since has others.
    if (plan.planVersion !== workflow.planVersion) throw new ConflictException('The plan changed while the run was starting; start it again');
    let runId: number;
    try {
      const [row] = await manager.query<{ id: number }[]>(
        `INSERT INTO workflow_runs (workflow_id, team_id, run_number, status, total_steps, trigger, scheduled_for, started_by,
                                    plan_version, retry_of, start_step_index, current_step_index, instruction_override, input)
         SELECT $1, $2, coalesce(max(run_number), 0) + 1, 'running', $3, $4, $5, $6, $7, $8, $9, $9, $10, $11 FROM workflow_runs WHERE workflow_id = $1
         RETURNING id`,
        [
          workflow.id,
          workflow.teamId,
          steps.length,
          run.trigger,
          run.scheduledFor ?? null,
          run.startedBy,
          workflow.planVersion,
          run.retry?.of ?? null,
          run.retry?.fromStep ?? 0,
          run.retry?.instruction ?? null,
          run.input === undefined ? null : JSON.stringify(run.input),
        ],
      );
      runId = row.id;
    } catch (error) {
      const constraint = violatedUniqueIndex(error);
      if (constraint === SCHEDULED_TICK_INDEX) return null;
      // The run number is taken by a concurrent start, which then holds the one active slot.
      if (constraint === ONE_ACTIVE_INDEX || constraint === 'workflow_runs_workflow_id_run_number_key') {
        throw new ConflictException('A run of this workflow is already running or awaiting approval');
      }
      throw error;
    }
    const created = await manager.findOneByOrFail(WorkflowRun, { id: runId });
    const firstAgent = steps[0]?.agentId;
    const conversation = await this.conversations.create(
      workflow.teamId,
      {
        userId: null,
        title: `${workflow.title} — run #${created.id}`,
        niche: firstAgent && isAgentId(firstAgent) ? AGENTS[firstAgent].niche : 'general',
        workflowRun: summaryOf(created, workflow, steps),
      },
      manager,
    );
    await manager.update(WorkflowRun, { id: runId }, { conversationId: conversation.id });
    await this.webhooks.emit(manager, workflow.teamId, 'run.started', webhookDataOf(created));
    return { ...created, conversationId: conversation.id };
  }

  /**
   * The one UPDATE of a move, with what it writes beside it (its webhook event, its conversation's
   * summary): the row as it is now, or null when the run was in none of `from`.
   */
  private async update(
    runId: number,
    from: readonly RunStatus[],
    change: RunChange,
    manager: EntityManager,
    known: RunAnnouncement['known'],
  ): Promise<MovedRun | null> {
    const finished = change.status === 'completed' || change.status === 'failed';
    const result = await manager
      .createQueryBuilder()
      .update(WorkflowRun)
      .set({ ...change, ...(finished ? { finishedAt: () => 'now()' } : {}) })
      .where('id = :runId AND status IN (:...from)', { runId, from })
      .returning(['id', 'workflowId', 'teamId', 'status', 'reason', 'totalSteps', 'currentStepIndex', 'conversationId'])
      .execute();
    const [row] = result.raw as MovedRow[];
    if (!row) return null;
    const eventType = change.status ? webhookEventOf(change.status, row.reason) : null;
    if (eventType) {
      await this.webhooks.emit(manager, row.team_id, eventType, webhookDataOf({ id: row.id, workflowId: row.workflow_id, status: row.status, reason: row.reason }));
    }
    const moved: MovedRun = {
      id: row.id,
      workflowId: row.workflow_id,
      status: row.status,
      totalSteps: row.total_steps,
      currentStepIndex: row.current_step_index,
      conversationId: row.conversation_id,
    };
    if (moved.conversationId) {
      // Read on the move's own connection: a transaction waiting on a second one could starve the pool.
      const workflow = known?.workflow ?? (await this.workflows.getById(moved.workflowId, manager));
      if (workflow) {
        const steps = known?.steps ?? (await this.workflows.stepsOf(workflow.id, manager));
        await this.conversations.setWorkflowRun(moved.conversationId, summaryOf(moved, workflow, steps), manager);
      }
    }
    return moved;
  }

  /** After the commit: whoever is told of a move finds the summary already showing it. */
  private async announce(run: MovedRun, change: RunChange, { events = [] }: RunAnnouncement): Promise<void> {
    if (change.status) this.metrics.runTransitions.inc({ to: change.status });
    const statusEvent = change.status ? eventOf(change.status, change.reason ?? null) : undefined;
    for (const event of statusEvent ? [...events, statusEvent] : events) await this.events.publish(run.id, event);
  }
}

/** The webhook event a move into `status` is; none for a run resuming. */
function webhookEventOf(status: RunStatus, reason: string | null): WebhookEventType | null {
  if (status === 'running') return null;
  if (status === 'failed' && reason === STOPPED_BY_USER) return 'run.stopped';
  return `run.${status}`;
}

/** What a run's webhook events carry. */
function webhookDataOf(run: Pick<WorkflowRun, 'id' | 'workflowId' | 'status' | 'reason'>): Record<string, unknown> {
  return { runId: run.id, workflowId: run.workflowId, status: run.status, reason: run.reason };
}

/** The live event a run's new status implies: the end of its stream when it finished. */
function eventOf(status: RunStatus, reason: string | null): RunEvent {
  if (status === 'completed') return { type: 'completed' };
  if (status === 'failed') return { type: 'failed', reason };
  return { type: 'status', status };
}

/** The `workflowRun` summary shown with a run's conversation. */
function summaryOf(run: Omit<MovedRun, 'conversationId' | 'workflowId'>, workflow: Workflow, steps: WorkflowStep[]): WorkflowRunSummary {
  return {
    id: run.id,
    status: run.status,
    totalSteps: run.totalSteps,
    currentStepDescription: steps[Math.min(run.currentStepIndex, steps.length - 1)]?.description ?? '',
    workflow: { id: workflow.id, title: workflow.title },
  };
}

function violatedUniqueIndex(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === UNIQUE_VIOLATION ? driverError.constraint : undefined;
}
