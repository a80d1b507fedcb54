import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, IsNull, Not, Repository } from 'typeorm';
import type { AuditContext } from '../audit-events/audit-context.js';
import { AuditService } from '../audit-events/audit.service.js';
import { DatabaseClock } from '../database/database-clock.js';
import { TooManyRequestsException } from '../http/too-many-requests.exception.js';
import { QueueService } from '../queue/queue.service.js';
import type { Plan } from '../config/plans.js';
import { allowsSchedule, assertScheduleAllowed } from '../workflow-rules/schedule-frequency.js';
import { refusalNote, type ScheduleFromWords } from '../workflow-rules/schedule-phrases.js';
import { PlanQuotaService } from '../teams/rate-limit/plan-quota.service.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { type Action, requireMayActOn } from '../teams/permissions/permissions.js';
import { TeamsService } from '../teams/teams.service.js';
import { BudgetService } from '../usage/budget.service.js';
import type { CreateWorkflowDto } from './dto/create-workflow.dto.js';
import type { StepInputDto, UpdateStepsDto } from './dto/update-steps.dto.js';
import { ACTIVE_RUN_STATUSES, WorkflowRun } from '../workflow-runs/workflow-run.entity.js';
import { WorkflowStep } from './entities/workflow-step.entity.js';
import { Workflow } from './entities/workflow.entity.js';
import { PLAN_APPROVAL_REQUESTED, type PlanApprovalRequest } from './workflow-jobs.js';
import { WebhookOutboxService } from '../webhook-events/webhook-outbox.service.js';
import { WorkflowEvents } from './workflow-events.js';
import { PlanGeneratorService } from './plan-generator.service.js';
import { type ApprovalPolicy, policyOf, policyProblem } from './approval-policy.js';
import { APPROVAL_MAIL_INTERVAL_SECONDS } from '../workflow-rules/workflow-limits.js';
import type {
  CreatedWorkflowResponse,
  LatestRunResponse,
  PlanApprovalMailResponse,
  WorkflowDetailResponse,
  WorkflowListItemResponse,
  WorkflowRunResponse,
  WorkflowStepResponse,
} from './workflows.response.js';

interface ListRow {
  id: string;
  step_count: number;
  run_id: number | null;
  run_number: number | null;
  run_status: WorkflowRun['status'] | null;
  run_started_at: Date | null;
  run_finished_at: Date | null;
}

/** The schedule settings whose before and after `schedule.changed` records (paused is recorded as a flag). */
const RECORDED_SCHEDULE_SETTINGS = ['schedule', 'timezone', 'overlapPolicy', 'missedRunPolicy', 'catchUpWindowMinutes'] as const;


interface ResendRow {
  status: Workflow['status'];
  plan_version: number;
  /** Seconds until a fresh link may be asked for again; null or at most 0: now. */
  wait_seconds: number | null;
}

/** What a plan approval did: activated it now, found it active already, or found the plan changed. */
/** A draft waiting for plan approval: how long, and when its newest approval mail was asked for. */
export interface WaitingDraft {
  workflow: Workflow;
  ageSeconds: number;
  mailedAt: Date;
}

export type PlanApprovalOutcome = 'activated' | 'already_active' | 'plan_changed';

/** A workflow's schedule settings: the schedules module changes them through `changeSchedule`. */
export type ScheduleSettings = Partial<
  Pick<Workflow, 'schedule' | 'timezone' | 'overlapPolicy' | 'missedRunPolicy' | 'catchUpWindowMinutes' | 'scheduleSince' | 'schedulePausedAt'>
>;

/** The one owner of the `workflows` row; the schedules module reads and changes schedules through it. */
@Injectable()
export class WorkflowsService {
  constructor(
    @InjectRepository(Workflow) private readonly workflows: Repository<Workflow>,
    @InjectRepository(WorkflowStep) private readonly steps: Repository<WorkflowStep>,
    @InjectRepository(WorkflowRun) private readonly runRows: Repository<WorkflowRun>,
    private readonly planner: PlanGeneratorService,
    private readonly queue: QueueService,
    private readonly events: WorkflowEvents,
    private readonly quotas: PlanQuotaService,
    private readonly budgets: BudgetService,
    private readonly teams: TeamsService,
    private readonly databaseClock: DatabaseClock,
    private readonly audit: AuditService,
    private readonly webhooks: WebhookOutboxService,
  ) {}

  /** Plans the goal with the model, saves a draft and asks its creator to approve it by email. */
  async create(team: TeamContext, dto: CreateWorkflowDto, audit: AuditContext): Promise<CreatedWorkflowResponse> {
    const requestedTimezone = dto.timezone ?? 'UTC';
    const minimumInterval = this.quotas.minScheduleIntervalSeconds(team.plan);
    // Before the planner is asked: a refused request costs nothing.
    if (dto.schedule) assertScheduleAllowed(dto.schedule, requestedTimezone, team.plan, minimumInterval, new Date());
    await this.budgets.assertAvailable(team.teamId);
    // The id is chosen before planning so that the plan's model call is charged to the workflow.
    const workflowId = randomUUID();
    const planning = { teamId: team.teamId, userId: team.userId, workflowId, kind: 'planning' } as const;
    const plan = await this.planner.generate(dto.goal, planning);
    // A schedule the goal names ("every Monday at 9", in the zone it names) is the draft's until
    // the request gives one, where the plan allows it; one it cannot take is said, never replaced.
    const fromGoal = dto.schedule ? null : scheduleFromGoal(plan.suggestedSchedule, dto.timezone, team.plan, minimumInterval);
    const schedule = dto.schedule ?? fromGoal?.expression ?? null;
    const timezone = fromGoal?.expression ? fromGoal.timezone : requestedTimezone;
    const workflow = await this.workflows.manager.transaction(async (manager) => {
      const saved = await manager.save(
        manager.create(Workflow, {
          id: workflowId,
          teamId: team.teamId,
          createdBy: team.userId,
          title: plan.title,
          goal: dto.goal,
          status: 'draft',
          schedule,
          timezone,
          // The database's time: the scheduler compares it with slots it decides by the database's clock.
          scheduleSince: schedule ? await this.databaseClock.now(manager) : null,
        }),
      );
      await this.insertSteps(manager, saved.id, plan.steps);
      await this.audit.record(manager, audit, {
        teamId: team.teamId,
        action: 'workflow.created',
        target: { type: 'workflow', id: saved.id },
        changes: { title: saved.title, schedule: saved.schedule, timezone: saved.timezone, stepCount: plan.steps.length, status: saved.status },
      });
      await this.webhooks.emit(manager, saved.teamId, 'workflow.plan_approval_requested', { workflowId: saved.id, title: saved.title, planVersion: saved.planVersion });
      return saved;
    });
    await this.requestPlanApproval(workflow);
    return {
      workflowId: workflow.id,
      title: workflow.title,
      steps: plan.steps.map((step, stepIndex) => ({ stepIndex, ...step, approvalPolicy: step.requiresApproval ? policyOf(null) : null })),
      status: 'draft',
      schedule: workflow.schedule,
      message:
        'Workflow saved as a draft. An approval link is on its way to your email; the workflow can run once the plan is approved.' +
        (fromGoal ? ` ${fromGoal.note}` : ''),
    };
  }

  async list(teamId: string): Promise<WorkflowListItemResponse[]> {
    const workflows = await this.workflows.find({ where: { teamId }, order: { createdAt: 'DESC' } });
    if (workflows.length === 0) return [];
    const rows: ListRow[] = await this.workflows.query(
      `SELECT w.id,
              (SELECT count(*)::int FROM workflow_steps s WHERE s.workflow_id = w.id) AS step_count,
              r.id AS run_id, r.run_number, r.status AS run_status, r.started_at AS run_started_at, r.finished_at AS run_finished_at
         FROM workflows w
         LEFT JOIN LATERAL (
           SELECT * FROM workflow_runs r WHERE r.workflow_id = w.id ORDER BY r.run_number DESC LIMIT 1
         ) r ON true
        WHERE w.team_id = $1`,
      [teamId],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return workflows.map((workflow) => {
      const row = byId.get(workflow.id);
      return { ...mapWorkflow(workflow), stepCount: row?.step_count ?? 0, latestRun: row ? latestRun(row) : null };
    });
  }

  async get(teamId: string, id: string): Promise<WorkflowDetailResponse> {
    const workflow = await this.getOrThrow(teamId, id);
    const [steps, runs] = await Promise.all([
      this.stepsOf(workflow.id),
      this.runRows.find({ where: { workflowId: workflow.id }, order: { runNumber: 'DESC' } }),
    ]);
    return { ...mapWorkflow(workflow), workflowSteps: steps.map(mapStep), workflowRuns: runs.map(mapRun) };
  }

  async getOrThrow(teamId: string, id: string): Promise<Workflow> {
    const workflow = await this.workflows.findOneBy({ id, teamId });
    if (!workflow) throw new NotFoundException('Workflow not found');
    return workflow;
  }

  /** The team's workflow for an action on it: 403 for a role that may take it only on its own (docs/permissions.md). */
  async getForAction(team: TeamContext, id: string, action: Action): Promise<Workflow> {
    const workflow = await this.getOrThrow(team.teamId, id);
    requireMayActOn(team, action, workflow.createdBy);
    return workflow;
  }

  /**
   * For the approvals module and the runs executor, which act without a session. `manager`: the
   * caller's transaction, so that a transaction reading here holds no second pool connection.
   */
  async getById(id: string, manager: EntityManager = this.workflows.manager): Promise<Workflow | null> {
    return manager.findOneBy(Workflow, { id });
  }

  /**
   * For a run being created in the caller's transaction: the workflow's status and plan version as
   * they stand, held (a share lock on its row) until that transaction ends, so that an edit or a
   * deletion waits for the run and then finds it in progress.
   */
  planForRun(manager: EntityManager, workflowId: string): Promise<Pick<Workflow, 'id' | 'status' | 'planVersion'> | null> {
    return manager.findOne(Workflow, { where: { id: workflowId }, select: { id: true, status: true, planVersion: true }, lock: { mode: 'pessimistic_read' } });
  }

  stepsOf(workflowId: string, manager: EntityManager = this.steps.manager): Promise<WorkflowStep[]> {
    return manager.find(WorkflowStep, { where: { workflowId }, order: { stepIndex: 'ASC' } });
  }

  /** Active workflows with a schedule that is not paused: those whose schedule fires, for the scheduler. */
  activeWithSchedule(): Promise<Workflow[]> {
    return this.workflows.find({ where: { status: 'active', schedule: Not(IsNull()), schedulePausedAt: IsNull() } });
  }

  /**
   * Changes a workflow's schedule settings and tells the listeners (the scheduler), which read
   * the row again. `when.paused` guards pausing and resuming: false, and nothing changed, when the
   * schedule was not in that state (a concurrent pause or resume got there first). The settings
   * that differ are recorded, before and after, in the same transaction.
   */
  async changeSchedule(workflowId: string, change: ScheduleSettings, audit: AuditContext, when?: { paused: boolean }): Promise<boolean> {
    const changed = await this.workflows.manager.transaction(async (manager) => {
      const before = await manager.findOne(Workflow, { where: { id: workflowId }, lock: { mode: 'pessimistic_write' } });
      if (!before || (when && (before.schedulePausedAt !== null) !== when.paused)) return false;
      await manager.update(Workflow, { id: workflowId }, change);
      const after = { ...before, ...change };
      const changes: Record<string, { before: unknown; after: unknown }> = Object.fromEntries(
        RECORDED_SCHEDULE_SETTINGS.filter((key) => before[key] !== after[key]).map((key) => [key, { before: before[key], after: after[key] }]),
      );
      if (before.schedulePausedAt !== after.schedulePausedAt) changes.paused = { before: before.schedulePausedAt !== null, after: after.schedulePausedAt !== null };
      // A PATCH that repeats the settings changes nothing worth an entry.
      if (Object.keys(changes).length > 0) {
        await this.audit.record(manager, audit, { teamId: before.teamId, action: 'schedule.changed', target: { type: 'workflow', id: workflowId }, changes });
      }
      return true;
    });
    this.events.changed(workflowId);
    return changed;
  }

  /**
   * Replaces the plan. Every edit makes a new plan version, puts the workflow back to draft and
   * mails a fresh approval link; links for older versions stop working.
   */
  async replaceSteps(team: TeamContext, id: string, dto: UpdateStepsDto, audit: AuditContext): Promise<WorkflowDetailResponse> {
    const steps = ordered(dto.steps);
    const workflow = await this.getForAction(team, id, 'workflow.edit');
    const policies = await this.checkedPolicies(team.teamId, steps);
    const updated = await this.workflows.manager.transaction(async (manager) => {
      await this.refuseWhileRunning(manager, workflow.id, 'edit its plan');
      // Read under the row lock: the plan replaced is the one recorded as before.
      const before = await manager.findOneByOrFail(Workflow, { id: workflow.id });
      const stepCount = await manager.countBy(WorkflowStep, { workflowId: workflow.id });
      await manager.delete(WorkflowStep, { workflowId: workflow.id });
      await this.insertSteps(manager, workflow.id, steps, policies);
      await manager.update(Workflow, { id: workflow.id }, {
        status: 'draft',
        planVersion: () => 'plan_version + 1',
        approvedAt: null,
        approvedBy: null,
      });
      const after = await manager.findOneByOrFail(Workflow, { id: workflow.id });
      await this.audit.record(manager, audit, {
        teamId: team.teamId,
        action: 'workflow.edited',
        target: { type: 'workflow', id: workflow.id },
        changes: {
          planVersion: { before: before.planVersion, after: after.planVersion },
          stepCount: { before: stepCount, after: steps.length },
          status: { before: before.status, after: after.status },
        },
      });
      await this.webhooks.emit(manager, after.teamId, 'workflow.plan_approval_requested', { workflowId: after.id, title: after.title, planVersion: after.planVersion });
      return after;
    });
    await this.requestPlanApproval(updated);
    this.events.changed(updated.id);
    return this.get(team.teamId, id);
  }

  async delete(team: TeamContext, id: string, audit: AuditContext): Promise<void> {
    const workflow = await this.getForAction(team, id, 'workflow.delete');
    await this.workflows.manager.transaction(async (manager) => {
      await this.refuseWhileRunning(manager, workflow.id, 'delete it');
      await manager.delete(Workflow, { id: workflow.id, teamId: team.teamId });
      await this.audit.record(manager, audit, {
        teamId: team.teamId,
        action: 'workflow.deleted',
        target: { type: 'workflow', id: workflow.id },
        changes: { title: { before: workflow.title, after: null }, status: { before: workflow.status, after: null } },
      });
      await this.webhooks.emit(manager, team.teamId, 'workflow.deleted', { workflowId: workflow.id, title: workflow.title });
    });
    this.events.changed(workflow.id);
  }

  /** Where a workflow's plan approval links are mailed: its creator while a member of its team, else the team's first owner. */
  /**
   * The team's drafts waiting for plan approval, longest waiting first, with how long (since the
   * plan was last saved) by the database's clock and when their newest approval mail was asked for.
   */
  async drafts(teamId: string, limit: number): Promise<WaitingDraft[]> {
    const rows = await this.workflows.manager.query<{ id: string; age_seconds: number; mailed_at: Date }[]>(
      `SELECT id, floor(extract(epoch FROM clock_timestamp() - updated_at))::int AS age_seconds,
              greatest(updated_at, approval_mail_requested_at) AS mailed_at
         FROM workflows WHERE team_id = $1 AND status = 'draft' ORDER BY updated_at, id LIMIT $2`,
      [teamId, limit],
    );
    const byId = new Map((await this.workflows.findBy({ id: In(rows.map((row) => row.id)) })).map((workflow) => [workflow.id, workflow]));
    return rows.flatMap((row) => {
      const workflow = byId.get(row.id);
      return workflow ? [{ workflow, ageSeconds: Math.max(0, row.age_seconds), mailedAt: row.mailed_at }] : [];
    });
  }

  approverOf(workflow: Workflow): Promise<string | null> {
    return this.teams.approverEmail(workflow.teamId, workflow.createdBy);
  }

  /**
   * POST /api/workflows/:id/approval-mail: mails a fresh approval link for the draft's plan, as
   * creating it did; earlier links for the same version keep working until they expire. Once a
   * minute per workflow: the time of the last request is kept on the workflow's row (not in the
   * rate limiter's store, which is per instance without Redis), read and set under its row lock,
   * so instances and concurrent requests agree; the job is queued in the same transaction. The
   * clock is read when the lock is held (`clock_timestamp()`, not the transaction's `now()`): a
   * request whose transaction began before the one it waited for would otherwise be told to wait
   * longer than a minute.
   */
  async resendPlanApproval(team: TeamContext, id: string): Promise<PlanApprovalMailResponse> {
    const teamId = team.teamId;
    const workflow = await this.getForAction(team, id, 'workflow.approve');
    const recipient = await this.approverOf(workflow);
    if (!recipient) throw new ConflictException('The team has nobody to mail the link to');
    const planVersion = await this.workflows.manager.transaction(async (manager) => {
      const [row] = await manager.query<ResendRow[]>(
        `SELECT status, plan_version,
                ceil(extract(epoch FROM approval_mail_requested_at + make_interval(secs => $3) - clock_timestamp()))::int AS wait_seconds
           FROM workflows WHERE id = $1 AND team_id = $2 FOR UPDATE`,
        [workflow.id, teamId, APPROVAL_MAIL_INTERVAL_SECONDS],
      );
      if (!row) throw new NotFoundException('Workflow not found');
      if (row.status !== 'draft') throw new ConflictException('The plan is approved already; only a draft is mailed for approval');
      if (row.wait_seconds !== null && row.wait_seconds > 0) {
        throw new TooManyRequestsException(`A fresh approval link was asked for less than a minute ago; retry in ${row.wait_seconds} s`, row.wait_seconds);
      }
      await manager.query('UPDATE workflows SET approval_mail_requested_at = clock_timestamp() WHERE id = $1', [workflow.id]);
      const job: PlanApprovalRequest = { workflowId: workflow.id, teamId, planVersion: row.plan_version };
      await this.queue.send(PLAN_APPROVAL_REQUESTED, job, {}, manager);
      return row.plan_version;
    });
    return {
      message: `A fresh approval link for version ${planVersion} of the plan is on its way; links mailed earlier for this version keep working until they expire.`,
      sentTo: [recipient],
    };
  }

  /** Activates the plan version an approval link was mailed for, at most once; `audit` acts as the approver. */
  async approvePlan(id: string, planVersion: number, approvedBy: string, audit: AuditContext): Promise<PlanApprovalOutcome> {
    const activated = await this.workflows.manager.transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(Workflow)
        .set({ status: 'active', approvedAt: () => 'now()', approvedBy })
        .where('id = :id AND plan_version = :planVersion AND status = :draft', { id, planVersion, draft: 'draft' })
        .returning(['teamId', 'title'])
        .execute();
      const [row] = result.raw as { team_id: string; title: string }[];
      if (!row) return false;
      await this.audit.record(manager, audit, {
        teamId: row.team_id,
        action: 'workflow.plan_approved',
        target: { type: 'workflow', id },
        changes: { planVersion, status: { before: 'draft', after: 'active' } },
      });
      await this.webhooks.emit(manager, row.team_id, 'workflow.activated', { workflowId: id, title: row.title, planVersion });
      return true;
    });
    if (activated) {
      this.events.changed(id);
      return 'activated';
    }
    const current = await this.workflows.findOneBy({ id });
    return current?.planVersion === planVersion && current.status === 'active' ? 'already_active' : 'plan_changed';
  }

  private async requestPlanApproval(workflow: Workflow): Promise<void> {
    const job: PlanApprovalRequest = { workflowId: workflow.id, teamId: workflow.teamId, planVersion: workflow.planVersion };
    await this.queue.send(PLAN_APPROVAL_REQUESTED, job);
  }

  /**
   * Takes the workflow's row lock for the rest of the transaction, then refuses if a run is in
   * progress. A run is created under the row's share lock (`planForRun`), so a run starting now
   * is either seen here or sees the change: never a run of a plan nobody approved.
   */
  private async refuseWhileRunning(manager: EntityManager, workflowId: string, action: string): Promise<void> {
    await manager.findOne(Workflow, { where: { id: workflowId }, select: { id: true }, lock: { mode: 'pessimistic_write' } });
    const running = await manager.existsBy(WorkflowRun, { workflowId, status: In([...ACTIVE_RUN_STATUSES]) });
    if (running) throw new ConflictException(`A run of this workflow is in progress; stop it before you ${action}`);
  }

  /**
   * Each step's approval policy, defaults filled in (null where none was given), checked as a
   * whole: a 400 naming the step, before anything is stored. Named approvers must be members of the team.
   */
  private async checkedPolicies(teamId: string, steps: StepInputDto[]): Promise<(ApprovalPolicy | null)[]> {
    const policies: (ApprovalPolicy | null)[] = [];
    for (const [position, step] of steps.entries()) {
      if (!step.approvalPolicy) {
        policies.push(null);
        continue;
      }
      if (!step.requiresApproval) throw new BadRequestException(`steps[${position}].approvalPolicy is only for a step that requires approval`);
      const given = Object.fromEntries(Object.entries(step.approvalPolicy).filter(([, value]) => value !== undefined)) as Partial<ApprovalPolicy>;
      const policy = policyOf(given);
      const problem = policyProblem(policy);
      if (problem) throw new BadRequestException(`steps[${position}].${problem}`);
      for (const email of policy.members) {
        if (!(await this.teams.memberWithEmail(teamId, email))) throw new BadRequestException(`steps[${position}].approvalPolicy.members: ${email} is not a member of the team`);
      }
      policies.push(policy);
    }
    return policies;
  }

  private async insertSteps(manager: EntityManager, workflowId: string, steps: Omit<StepInputDto, 'stepIndex'>[], policies: (ApprovalPolicy | null)[] = []): Promise<void> {
    await manager.insert(
      WorkflowStep,
      steps.map((step, stepIndex) => ({
        workflowId,
        stepIndex,
        description: step.description,
        agentId: step.agentId ?? 'general',
        requiresApproval: step.requiresApproval ?? false,
        approvalPolicy: policies[stepIndex] ?? null,
      })),
    );
  }
}

/** Steps in plan order: indexes, when given, must be given for all and run 0..n-1. */
function ordered(steps: StepInputDto[]): StepInputDto[] {
  const indexed = steps.filter((step) => step.stepIndex !== undefined);
  if (indexed.length === 0) return steps;
  if (indexed.length !== steps.length) throw new BadRequestException('stepIndex must be given for every step or for none');
  const sorted = [...steps].sort((a, b) => (a.stepIndex ?? 0) - (b.stepIndex ?? 0));
  if (sorted.some((step, position) => step.stepIndex !== position)) {
    throw new BadRequestException(`stepIndex values must run from 0 to ${steps.length - 1} without gaps or repeats`);
  }
  return sorted;
}

function mapWorkflow(workflow: Workflow) {
  return {
    id: workflow.id,
    title: workflow.title,
    goal: workflow.goal,
    status: workflow.status,
    schedule: workflow.schedule,
    timezone: workflow.timezone,
    planVersion: workflow.planVersion,
    approvedAt: workflow.approvedAt?.toISOString() ?? null,
    approvedBy: workflow.approvedBy,
    createdBy: workflow.createdBy,
    createdAt: workflow.createdAt.toISOString(),
    updatedAt: workflow.updatedAt.toISOString(),
  };
}

function mapStep(step: WorkflowStep): WorkflowStepResponse {
  return {
    stepIndex: step.stepIndex,
    description: step.description,
    agentId: step.agentId,
    requiresApproval: step.requiresApproval,
    approvalPolicy: step.requiresApproval ? policyOf(step.approvalPolicy) : null,
  };
}

export function mapRun(run: WorkflowRun): WorkflowRunResponse {
  return {
    id: run.id,
    runNumber: run.runNumber,
    status: run.status,
    reason: run.reason,
    currentStepIndex: run.currentStepIndex,
    totalSteps: run.totalSteps,
    conversationId: run.conversationId,
    trigger: run.trigger,
    retryOf: run.retryOf,
    startStepIndex: run.startStepIndex,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

function latestRun(row: ListRow): LatestRunResponse | null {
  if (row.run_id === null || row.run_number === null || row.run_status === null || row.run_started_at === null) return null;
  return {
    id: row.run_id,
    runNumber: row.run_number,
    status: row.run_status,
    startedAt: row.run_started_at.toISOString(),
    finishedAt: row.run_finished_at?.toISOString() ?? null,
  };
}

/** The goal's schedule as the draft takes it, and the sentence that tells its creator; a schedule it cannot take has no expression. */
function scheduleFromGoal(
  words: ScheduleFromWords | null,
  requestedTimezone: string | undefined,
  plan: Plan,
  minimumSeconds: number,
): { expression: string; timezone: string; note: string } | { expression: null; note: string } | null {
  if (!words) return null;
  if (words.expression === null) {
    return { expression: null, note: refusalNote(words) };
  }
  const timezone = requestedTimezone ?? words.timezone ?? 'UTC';
  if (!allowsSchedule(words.expression, timezone, minimumSeconds, new Date())) {
    return { expression: null, note: `No schedule set: the goal asks for "${words.phrase}" (${words.expression}), more often than the ${plan} plan allows.` };
  }
  return { expression: words.expression, timezone, note: `Schedule taken from the goal: ${words.expression} (${timezone}).` };
}
