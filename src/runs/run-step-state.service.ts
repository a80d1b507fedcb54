import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, type QueryDeepPartialEntity, Repository } from 'typeorm';
import { RunStep } from './entities/run-step.entity.js';

/**
 * The states of a step's checkpoint. A step of a run that failed stays where it was: the run says it
 * ended. A step awaiting approval when its run is stopped is `cancelled`: nobody decided it.
 */
export const STEP_STATUSES = ['running', 'awaiting_approval', 'completed', 'cancelled'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** Where a step may move from each state: the table in RunStepStateService's doc comment. */
const STEP_MOVES: Readonly<Record<StepStatus, readonly StepStatus[]>> = {
  running: ['completed', 'awaiting_approval'],
  awaiting_approval: ['completed', 'running', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function canMove(from: StepStatus, to: StepStatus): boolean {
  return STEP_MOVES[from].includes(to);
}

/** One attempt of one step of a run: a move is for the attempt it was decided on, never a later one. */
export interface StepAttempt {
  runId: number;
  stepIndex: number;
  attempt: number;
}

/** A move's new status and what changes with it (output, times, the next attempt's feedback). */
export type StepChange = { status: StepStatus } & Partial<Pick<RunStep, 'attempt' | 'feedback' | 'modelAttempts' | 'outputText' | 'outputMessageId'>>;

/**
 * The times a move sets, from the database's clock (as the assets' creation times a redone
 * attempt is compared with are): finished when completed, started afresh when run again.
 */
const MOVE_TIMES: Readonly<Record<StepStatus, QueryDeepPartialEntity<RunStep>>> = {
  running: { startedAt: () => 'now()', finishedAt: null },
  awaiting_approval: { finishedAt: null, approvalRequestedAt: () => 'now()', approvalMailRequestedAt: null },
  completed: { finishedAt: () => 'now()' },
  cancelled: { finishedAt: () => 'now()' },
};

/**
 * The one owner of a run's step checkpoints: nothing else reads or writes `run_steps`. A step
 * enters the table `running` at attempt 1 (`checkpoint`, when the executor reaches it) or
 * `completed` (`reuse`, a retry taking an earlier run's output), then moves by this table, each
 * move one UPDATE of the attempt that checks the state it moves from:
 *
 * | from              | to                | who                                                   |
 * | ----------------- | ----------------- | ----------------------------------------------------- |
 * | running           | completed         | the executor: the reply is stored, no approval needed |
 * | running           | awaiting_approval | the executor: the reply is stored, a reviewer decides |
 * | awaiting_approval | completed         | approved (RunsService.decideStep)                     |
 * | awaiting_approval | running           | rejected: done again as attempt + 1, with the note    |
 * | awaiting_approval | cancelled         | its run was stopped (RunsService.stop): undecided     |
 * | completed         | (none)            | a finished step is never run again                    |
 * | cancelled         | (none)            | its run ended; a retry is a new run                   |
 *
 * A move that did not happen (the step was elsewhere, or at another attempt: a racing decision,
 * another instance that took the run over) returns false and changes nothing; the caller decides.
 */
@Injectable()
export class RunStepStateService {
  constructor(@InjectRepository(RunStep) private readonly rows: Repository<RunStep>) {}

  /**
   * The step's checkpoint, created `running` at attempt 1 on first arrival (`fresh`: by this call,
   * so no attempt ran before). Its start is the database's time: the assets a redone attempt
   * removes are those created (by the database's clock) since, whichever instance started the step.
   */
  async checkpoint(runId: number, stepIndex: number): Promise<{ checkpoint: RunStep; fresh: boolean }> {
    const created = this.rows.create({ runId, stepIndex, status: 'running', attempt: 1, feedback: null });
    const inserted = await this.rows
      .createQueryBuilder()
      .insert()
      .into(RunStep)
      .values({ ...created, startedAt: () => 'now()' })
      .orIgnore()
      .returning(['started_at'])
      .execute();
    const [row] = inserted.raw as { started_at: Date }[];
    if (row) return { checkpoint: Object.assign(created, { startedAt: row.started_at }), fresh: true };
    return { checkpoint: await this.rows.findOneByOrFail({ runId, stepIndex }), fresh: false };
  }

  /** Copies another run's completed checkpoints into a retry, which takes their output instead of calling a model (0 calls here). */
  async reuse(runId: number, completed: RunStep[], manager: EntityManager): Promise<void> {
    await manager.insert(
      RunStep,
      completed.map((step) => ({ ...step, runId, status: 'completed' as const, modelAttempts: 0, reusedFrom: step.runId })),
    );
  }

  /** Moves one attempt of a step from one of `from` to `change.status`; false when it was in none of them. */
  async move(step: StepAttempt, from: readonly StepStatus[], change: StepChange, manager: EntityManager = this.rows.manager): Promise<boolean> {
    const refused = from.find((status) => !canMove(status, change.status));
    if (refused) throw new Error(`A step does not move from ${refused} to ${change.status}`);
    const result = await manager
      .createQueryBuilder()
      .update(RunStep)
      .set({ ...change, ...MOVE_TIMES[change.status] })
      .where('run_id = :runId AND step_index = :stepIndex AND attempt = :attempt AND status IN (:...from)', { runId: step.runId, stepIndex: step.stepIndex, attempt: step.attempt, from })
      .execute();
    return Boolean(result.affected);
  }

  /**
   * Asks for a fresh approval mail of the attempt, awaiting approval: at most once per
   * `intervalSeconds`, decided under the step's row lock in the caller's transaction, which queues
   * the mail. `waitSeconds` > 0: asked too soon, nothing changed; null: not awaiting approval.
   */
  async requestApprovalMail(step: StepAttempt, intervalSeconds: number, manager: EntityManager): Promise<{ waitSeconds: number } | null> {
    const [row] = await manager.query<{ wait_seconds: number }[]>(
      `SELECT ceil(extract(epoch FROM approval_mail_requested_at + make_interval(secs => $4) - clock_timestamp()))::int AS wait_seconds
         FROM run_steps WHERE run_id = $1 AND step_index = $2 AND attempt = $3 AND status = 'awaiting_approval' FOR UPDATE`,
      [step.runId, step.stepIndex, step.attempt, intervalSeconds],
    );
    if (!row) return null;
    if (row.wait_seconds > 0) return { waitSeconds: row.wait_seconds };
    await manager.update(RunStep, { runId: step.runId, stepIndex: step.stepIndex }, { approvalMailRequestedAt: () => 'clock_timestamp()' });
    return { waitSeconds: 0 };
  }

  /**
   * Locks the attempt's row in the caller's transaction while it awaits approval, and says when the
   * attempt began; null when it does not await approval (decided, redone, cancelled).
   */
  async lockAwaiting(step: StepAttempt, manager: EntityManager): Promise<{ startedAt: Date } | null> {
    const [row] = await manager.query<{ started_at: Date }[]>(
      `SELECT started_at FROM run_steps WHERE run_id = $1 AND step_index = $2 AND attempt = $3 AND status = 'awaiting_approval' FOR UPDATE`,
      [step.runId, step.stepIndex, step.attempt],
    );
    return row ? { startedAt: row.started_at } : null;
  }

  /** Counts a model call of the step's attempt: the calls made so far, this one included; null when the step moved on to another attempt. */
  async countModelCall(step: StepAttempt): Promise<number | null> {
    const result = await this.rows
      .createQueryBuilder()
      .update(RunStep)
      .set({ modelAttempts: () => 'model_attempts + 1' })
      .where({ runId: step.runId, stepIndex: step.stepIndex, attempt: step.attempt })
      .returning(['modelAttempts'])
      .execute();
    const [row] = result.raw as { model_attempts: number }[];
    return row ? row.model_attempts : null;
  }

  /** A run's checkpoints in step order. */
  ofRun(runId: number): Promise<RunStep[]> {
    return this.rows.find({ where: { runId }, order: { stepIndex: 'ASC' } });
  }

  get(runId: number, stepIndex: number): Promise<RunStep | null> {
    return this.rows.findOneBy({ runId, stepIndex });
  }

  /** The run's step awaiting approval, if any: what stopping the run cancels. */
  awaitingApproval(runId: number, manager: EntityManager = this.rows.manager): Promise<RunStep | null> {
    return manager.findOneBy(RunStep, { runId, status: 'awaiting_approval' });
  }

  /** The run's step still `running`, if any: what a run that ended in the middle of it left. */
  unfinished(runId: number, manager: EntityManager = this.rows.manager): Promise<RunStep | null> {
    return manager.findOneBy(RunStep, { runId, status: 'running' });
  }
}
