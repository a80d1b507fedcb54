import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource, type EntityManager } from 'typeorm';
import { SYSTEM_AUDIT } from '../audit-events/audit-context.js';
import { AuditService } from '../audit-events/audit.service.js';
import type { AppConfig } from '../config/configuration.js';
import { PeriodicSweep } from '../database/periodic-sweep.js';
import { Metrics } from '../metrics/metrics.service.js';
import { type Job, QueueService } from '../queue/queue.service.js';
import { APPROVAL_TIMER, APPROVAL_TIMER_QUEUE, type ApprovalTimerJob } from '../runs/run-jobs.js';
import { RunStateService } from '../runs/run-state.service.js';
import { RunsService, type TimerEffect } from '../runs/runs.service.js';
import { Clock } from '../schedules/clock.js';
import { ShutdownService } from '../shutdown/shutdown.service.js';
import { type ApprovalTimer, type ExpiryAction, timerDelays } from '../workflows/approval-policy.js';
import { ApprovalDecision } from './entities/approval-decision.entity.js';
import { StepApproversService } from './step-approvers.service.js';

/** The most overdue timers one sweep acts on; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

interface DueTimerRow {
  run_id: number;
  step_index: number;
  attempt: number;
  timer: ApprovalTimer;
}

/**
 * A waiting step's timers (docs/decisions/approval-timers.md): a reminder mails the approvers a
 * fresh link, an escalation mails the team's admins and owners (who may then decide), an expiry
 * applies the policy's `onExpiry`. Each is a queue job keyed per (run, step, attempt, timer),
 * queued when the step began to wait; every few seconds a sweep also acts on any timer due with no
 * decision recorded (a job lost, failed for good, or a clock the tests move). Job and sweep, on any
 * instance, go through RunsService's guarded moves and record a decision with channel `system`,
 * unique per timer of the attempt: each timer acts once, and a person's click racing it yields one outcome.
 */
@Injectable()
export class ApprovalTimersService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ApprovalTimersService.name);
  /** Sweeps in real time: the clock says which timers are due, not when to look (a test that moves the clock calls `sweep()` itself). */
  private readonly sweeper: PeriodicSweep;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: QueueService,
    private readonly runs: RunsService,
    private readonly runState: RunStateService,
    private readonly approvers: StepApproversService,
    private readonly audit: AuditService,
    private readonly metrics: Metrics,
    private readonly clock: Clock,
    private readonly shutdown: ShutdownService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.sweeper = new PeriodicSweep('the approval timer sweep', this.logger, config.get('runs', { infer: true }).sweepSeconds * 1000, () => this.sweep());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.declare(APPROVAL_TIMER, APPROVAL_TIMER_QUEUE);
    await this.queue.work<ApprovalTimerJob>(APPROVAL_TIMER, { concurrency: 2 }, async ({ data }: Job<ApprovalTimerJob>) => {
      await this.fire(data);
    });
    this.sweeper.start();
    this.shutdown.onDrain('approval timer sweep', () => this.sweeper.stop());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeper.stop();
  }

  /** Acts on every timer due by the clock with no decision recorded yet, most overdue first. */
  async sweep(): Promise<void> {
    const now = await this.clock.read();
    const due = await this.dataSource.query<DueTimerRow[]>(
      `SELECT s.run_id, s.step_index, s.attempt, t.timer
         FROM run_steps s
         JOIN workflow_runs r ON r.id = s.run_id AND r.status = 'awaiting_approval'
         JOIN workflow_steps ws ON ws.workflow_id = r.workflow_id AND ws.step_index = s.step_index AND ws.approval_policy IS NOT NULL
         CROSS JOIN LATERAL (VALUES ('remind', ws.approval_policy->>'remindAfterMinutes', 1),
                                    ('escalate', ws.approval_policy->>'escalateAfterMinutes', 2),
                                    ('expire', ws.approval_policy->>'expireAfterMinutes', 3)) t(timer, minutes, position)
        WHERE s.status = 'awaiting_approval' AND t.minutes IS NOT NULL
          AND s.approval_requested_at + make_interval(mins => t.minutes::int) <= $1
          AND NOT EXISTS (SELECT 1 FROM approval_decisions d
                           WHERE d.kind = 'step_approval' AND d.run_id = s.run_id AND d.step_index = s.step_index AND d.attempt = s.attempt AND d.action = t.timer)
        ORDER BY s.approval_requested_at + make_interval(mins => t.minutes::int), t.position
        LIMIT $2`,
      [now, SWEEP_BATCH],
    );
    for (const row of due) await this.fire({ runId: row.run_id, stepIndex: row.step_index, attempt: row.attempt, timer: row.timer });
  }

  /**
   * Acts on one timer if its attempt still waits and the timer is due by the clock (a job is
   * started when it is due by the database's clock; one early finds nothing to do, the sweep acts later).
   */
  async fire(job: ApprovalTimerJob): Promise<void> {
    const run = await this.runState.getById(job.runId);
    const checkpoint = await this.runs.checkpointOf(job.runId, job.stepIndex);
    if (!run || checkpoint?.status !== 'awaiting_approval' || checkpoint.attempt !== job.attempt || !checkpoint.approvalRequestedAt) return;
    const policy = await this.approvers.policyOf(run.workflowId, job.stepIndex);
    const delay = timerDelays(policy).find((candidate) => candidate.timer === job.timer);
    if (!delay || checkpoint.approvalRequestedAt.getTime() + delay.minutes * 60_000 > (await this.clock.read()).getTime()) return;
    const effect: TimerEffect = job.timer === 'expire' ? policy.onExpiry : 'mail';
    const note = systemNote(job.timer, effect, delay.minutes, job.stepIndex, checkpoint.toolApproval !== null);
    const mail = { runId: job.runId, stepIndex: job.stepIndex, attempt: job.attempt, ...(job.timer === 'expire' ? {} : { reason: job.timer }) };
    const outcome = await this.runs.applyTimer(job, effect, mail, note, (manager, teamId) => this.record(manager, teamId, run.workflowId, job, effect, note));
    if (outcome === 'applied') {
      this.metrics.approvalDecisions.inc({ channel: 'system', kind: 'step_approval', decision: job.timer });
      this.logger.log(`Run ${job.runId} step ${job.stepIndex + 1} attempt ${job.attempt}: ${note}`);
    }
  }

  /** The timer's decision (channel `system`) and audit entry; false when it stands already (another instance, or the job and the sweep, acted first). */
  private async record(manager: EntityManager, teamId: string, workflowId: string, job: ApprovalTimerJob, effect: TimerEffect, note: string): Promise<boolean> {
    const { runId, stepIndex, attempt, timer } = job;
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(ApprovalDecision)
      .values({ kind: 'step_approval', workflowId, runId, stepIndex, attempt, action: timer, note, jti: null, recipient: null, approver: null, decidedByUserId: null })
      .orIgnore()
      .execute();
    if (!inserted.identifiers.some(Boolean)) return false;
    await this.audit.record(manager, SYSTEM_AUDIT, {
      teamId,
      action: 'run.step_timer',
      target: { type: 'run', id: String(runId) },
      changes: { workflowId, stepIndex, attempt, timer, effect, channel: 'system' },
    });
    return true;
  }
}

/**
 * What the timer did, in words: the decision's note (and, for a rejection, the note the redo gets;
 * for a stop, the run's reason). A step paused on tool calls is not done again: expiry's reject and
 * skip refuse the calls and the step goes on without them (a timer never lets a tool run).
 */
function systemNote(timer: ApprovalTimer, effect: TimerEffect, minutes: number, stepIndex: number, toolCalls: boolean): string {
  const waited = `after ${minutes} minute${minutes === 1 ? '' : 's'} without a decision`;
  if (effect === 'mail') {
    return timer === 'remind' ? `Reminder ${waited}: the approvers were mailed a fresh link` : `Escalated ${waited}: the team's admins and owners were mailed a link and may decide`;
  }
  const refused = 'the tool calls were refused; the step goes on without them';
  const outcomes: Record<ExpiryAction, string> = {
    reject: toolCalls ? refused : 'rejected by the system; the step is done again',
    stop: 'the run was stopped',
    skip: toolCalls ? refused : 'the step was skipped without an approval; the run goes on',
    wait: 'the step keeps waiting for a decision',
  };
  return `The approval of step ${stepIndex + 1} expired ${waited}: ${outcomes[effect]}`;
}
