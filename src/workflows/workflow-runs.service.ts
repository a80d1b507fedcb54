import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, LessThan, QueryFailedError, Repository } from 'typeorm';
import { type RunStatus, WorkflowRun } from './entities/workflow-run.entity.js';
import type { Workflow } from './entities/workflow.entity.js';

const UNIQUE_VIOLATION = '23505';
const ONE_ACTIVE_INDEX = 'workflow_runs_one_active_idx';
const SCHEDULED_TICK_INDEX = 'workflow_runs_scheduled_tick_idx';

export interface NewRun {
  trigger: 'manual' | 'schedule';
  startedBy: string | null;
  /** The cron tick, for scheduled runs: one run per workflow and tick. */
  scheduledFor?: Date;
  totalSteps: number;
}

/**
 * The run records of workflows. Creation relies on the database: the partial unique index allows
 * one run in progress per workflow, and another index one run per cron tick.
 */
@Injectable()
export class WorkflowRunsService {
  constructor(@InjectRepository(WorkflowRun) private readonly runs: Repository<WorkflowRun>) {}

  /**
   * Creates the next run of an active workflow. 422 when it is not active, 409 when a run is in
   * progress; null when another instance already made the run for this cron tick.
   */
  async create(workflow: Workflow, run: NewRun, manager: EntityManager = this.runs.manager): Promise<WorkflowRun | null> {
    if (workflow.status !== 'active') throw new UnprocessableEntityException('The workflow is not active: approve its plan first');
    try {
      const [row] = await manager.query<{ id: number }[]>(
        `INSERT INTO workflow_runs (workflow_id, team_id, run_number, status, total_steps, trigger, scheduled_for, started_by)
         SELECT $1, $2, coalesce(max(run_number), 0) + 1, 'running', $3, $4, $5, $6 FROM workflow_runs WHERE workflow_id = $1
         RETURNING id`,
        [workflow.id, workflow.teamId, run.totalSteps, run.trigger, run.scheduledFor ?? null, run.startedBy],
      );
      return await manager.findOneByOrFail(WorkflowRun, { id: row.id });
    } catch (error) {
      const constraint = violatedUniqueIndex(error);
      if (constraint === SCHEDULED_TICK_INDEX) return null;
      // The run number is taken by a concurrent start, which then holds the one active slot.
      if (constraint === ONE_ACTIVE_INDEX || constraint === 'workflow_runs_workflow_id_run_number_key') {
        throw new ConflictException('A run of this workflow is already running or awaiting approval');
      }
      throw error;
    }
  }

  async getOrThrow(teamId: string, workflowId: string, runId: number): Promise<WorkflowRun> {
    const run = await this.runs.findOneBy({ id: runId, workflowId, teamId });
    if (!run) throw new NotFoundException('Run not found');
    return run;
  }

  getById(runId: number): Promise<WorkflowRun | null> {
    return this.runs.findOneBy({ id: runId });
  }

  async statusOf(runId: number): Promise<RunStatus | undefined> {
    const run = await this.runs.findOne({ where: { id: runId }, select: { id: true, status: true } });
    return run?.status;
  }

  /** Runs `running` since before `cutoff`: the sweeper's candidates. */
  runningSince(cutoff: Date, manager: EntityManager = this.runs.manager): Promise<Pick<WorkflowRun, 'id' | 'startedAt'>[]> {
    return manager.find(WorkflowRun, { where: { status: 'running', startedAt: LessThan(cutoff) }, select: { id: true, startedAt: true } });
  }

  /** Moves a run from one of `from` to `to`; false when it was no longer in one of them. */
  async transition(
    runId: number,
    from: readonly RunStatus[],
    to: Partial<Pick<WorkflowRun, 'status' | 'reason' | 'currentStepIndex' | 'conversationId'>>,
    manager: EntityManager = this.runs.manager,
  ): Promise<boolean> {
    const finished = to.status === 'completed' || to.status === 'failed';
    const result = await manager.update(
      WorkflowRun,
      { id: runId, status: In([...from]) },
      { ...to, ...(finished ? { finishedAt: new Date() } : {}) },
    );
    return Boolean(result.affected);
  }
}

function violatedUniqueIndex(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === UNIQUE_VIOLATION ? driverError.constraint : undefined;
}
