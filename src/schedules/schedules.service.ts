import { ConflictException, Injectable } from '@nestjs/common';
import type { AuditContext } from '../audit-events/audit-context.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { PlanQuotaService } from '../teams/rate-limit/plan-quota.service.js';
import type { Workflow } from '../workflows/entities/workflow.entity.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import { Clock } from './clock.js';
import { type FiringWorkflow, isFiring } from './firing-workflow.js';
import type { UpdateScheduleDto } from './dto/update-schedule.dto.js';
import { assertScheduleAllowed } from '../workflow-rules/schedule-frequency.js';
import { parseSchedule, upcomingSlots } from '../workflow-rules/schedule-slot.js';
import type { ScheduleTick } from './schedule-tick.entity.js';
import { ScheduleTicksService } from './schedule-ticks.service.js';
import type { ScheduleResponse, ScheduleSlotResponse } from './schedules.response.js';

/** How many of the latest slots a schedule's record lists. */
const RECENT_SLOTS = 20;

/** A workflow's schedule: reading it with its next run times and latest slots, changing it, pausing and resuming it. */
@Injectable()
export class SchedulesService {
  constructor(
    private readonly workflows: WorkflowsService,
    private readonly ticks: ScheduleTicksService,
    private readonly clock: Clock,
    private readonly quotas: PlanQuotaService,
  ) {}

  /** GET /api/workflows/:id/schedule. */
  async get(team: TeamContext, workflowId: string, count: number): Promise<ScheduleResponse> {
    const workflow = await this.workflows.getOrThrow(team.teamId, workflowId);
    const nextRuns = this.nextRuns(workflow, count);
    const recent = await this.ticks.recent(workflow.id, RECENT_SLOTS);
    return {
      workflowId: workflow.id,
      schedule: workflow.schedule,
      timezone: workflow.timezone,
      paused: workflow.schedulePausedAt !== null,
      pausedAt: workflow.schedulePausedAt?.toISOString() ?? null,
      overlapPolicy: workflow.overlapPolicy,
      missedRunPolicy: workflow.missedRunPolicy,
      catchUpWindowMinutes: workflow.catchUpWindowMinutes,
      nextRunAt: nextRuns[0] ?? null,
      nextRuns,
      recentSlots: recent.map(mapSlot),
    };
  }

  /** PATCH /api/workflows/:id/schedule. A new expression or time zone starts counting afresh: earlier slots are not missed ones. */
  async update(team: TeamContext, workflowId: string, dto: UpdateScheduleDto, count: number, audit: AuditContext): Promise<ScheduleResponse> {
    const workflow = await this.workflows.getForAction(team, workflowId, 'workflow.schedule');
    const schedule = dto.schedule === undefined ? workflow.schedule : dto.schedule;
    const timezone = dto.timezone ?? workflow.timezone;
    const changed = schedule !== workflow.schedule || timezone !== workflow.timezone;
    if (changed && schedule) assertScheduleAllowed(schedule, timezone, team.plan, this.quotas.minScheduleIntervalSeconds(team.plan), this.clock.now());
    await this.workflows.changeSchedule(
      workflow.id,
      {
        schedule,
        timezone,
        overlapPolicy: dto.overlapPolicy ?? workflow.overlapPolicy,
        missedRunPolicy: dto.missedRunPolicy ?? workflow.missedRunPolicy,
        catchUpWindowMinutes: dto.catchUpWindowMinutes ?? workflow.catchUpWindowMinutes,
        ...(changed ? { scheduleSince: this.clock.now() } : {}),
        ...(schedule === null ? { schedulePausedAt: null } : {}),
      },
      audit,
    );
    return this.get(team, workflow.id, count);
  }

  /** POST /api/workflows/:id/schedule/pause: no slot fires, and none counts as missed, until it is resumed. */
  async pause(team: TeamContext, workflowId: string, count: number, audit: AuditContext): Promise<ScheduleResponse> {
    const workflow = await this.workflows.getForAction(team, workflowId, 'workflow.schedule');
    if (!workflow.schedule) throw new ConflictException('The workflow has no schedule to pause');
    await this.workflows.changeSchedule(workflow.id, { schedulePausedAt: this.clock.now() }, audit, { paused: false });
    return this.get(team, workflow.id, count);
  }

  /** POST /api/workflows/:id/schedule/resume: fires from the next slot on; the paused ones are not caught up. */
  async resume(team: TeamContext, workflowId: string, count: number, audit: AuditContext): Promise<ScheduleResponse> {
    const workflow = await this.workflows.getForAction(team, workflowId, 'workflow.schedule');
    await this.workflows.changeSchedule(workflow.id, { schedulePausedAt: null, scheduleSince: this.clock.now() }, audit, { paused: true });
    return this.get(team, workflow.id, count);
  }

  /** Every workflow whose schedule fires, for the scheduler. */
  async firing(): Promise<FiringWorkflow[]> {
    const rows = await this.workflows.activeWithSchedule();
    return rows.filter(isFiring);
  }

  async firingOne(workflowId: string): Promise<FiringWorkflow | null> {
    const workflow = await this.workflows.getById(workflowId);
    return workflow && isFiring(workflow) ? workflow : null;
  }

  private nextRuns(workflow: Workflow, count: number): string[] {
    if (!isFiring(workflow)) return [];
    return upcomingSlots(parseSchedule(workflow.schedule, workflow.timezone), this.clock.now(), count).map((run) => run.toISOString());
  }
}

function mapSlot(tick: ScheduleTick): ScheduleSlotResponse {
  return {
    slot: tick.slot.toISOString(),
    outcome: tick.outcome,
    runId: tick.runId,
    caughtUp: tick.caughtUp,
    missedBefore: tick.missedBefore,
    detail: tick.detail,
    decidedAt: tick.decidedAt.toISOString(),
  };
}
