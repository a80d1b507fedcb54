import { ConflictException, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { TeamContext } from '../teams/auth/team-context.js';
import type { StepApprovalMailResponse } from './approvals.response.js';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../config/configuration.js';
import { MailService } from '../mail/mail.service.js';
import { renderEmail } from '../mail/templates.js';
import { type Job, QueueService } from '../queue/queue.service.js';
import { STEP_APPROVAL_REQUESTED, type StepApprovalRequest } from '../runs/run-jobs.js';
import { RunStateService } from '../runs/run-state.service.js';
import { RunsService } from '../runs/runs.service.js';
import { PLAN_APPROVAL_REQUESTED, type PlanApprovalRequest } from '../workflows/workflow-jobs.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import { askOfGoal } from '../llm/offline/workflow-planner.js';
import { unsetScheduleNote } from '../workflow-rules/schedule-phrases.js';
import { ApprovalTokensService } from './approval-tokens.service.js';
import { madeName, stepMailSubject, toolCallLine } from './step-summary.js';
import { StepApproversService } from './step-approvers.service.js';

const OUTPUT_PREVIEW = 4000;

/**
 * The mail jobs' policy. A worker sends heartbeats while it handles a job: a job left `active` by a
 * worker that died, or whose completion could not be written (a database out of disk), is handed
 * out again by pg-boss's supervisor within ~15 s, not after the default 15 minutes. Retries back
 * off to a minute and outlast an outage of an hour or so; each retry of a job mails at most once
 * (its outbox row is keyed by the job).
 */
const MAIL_JOB_POLICY = { heartbeatSeconds: 10, expireInSeconds: 300, retryLimit: 60, retryDelay: 5, retryBackoff: true, retryDelayMax: 60 };

/**
 * The approval mails, sent from queue jobs that lower modules enqueue: a new or edited plan to
 * the workflow's creator, with a link that approves it; a paused step's output to whoever started
 * the run, with approve and reject links.
 */
@Injectable()
export class ApprovalMailsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ApprovalMailsService.name);
  private readonly publicUrl: string;

  constructor(
    private readonly queue: QueueService,
    private readonly workflows: WorkflowsService,
    private readonly runState: RunStateService,
    private readonly runs: RunsService,
    private readonly approvers: StepApproversService,
    private readonly tokens: ApprovalTokensService,
    private readonly mail: MailService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.publicUrl = config.get('app', { infer: true }).publicUrl;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.declare(PLAN_APPROVAL_REQUESTED, MAIL_JOB_POLICY);
    await this.queue.declare(STEP_APPROVAL_REQUESTED, MAIL_JOB_POLICY);
    await this.queue.work<PlanApprovalRequest>(PLAN_APPROVAL_REQUESTED, { concurrency: 2 }, (job) => this.sendPlanApproval(job));
    await this.queue.work<StepApprovalRequest>(STEP_APPROVAL_REQUESTED, { concurrency: 2 }, (job) => this.sendStepApproval(job));
  }

  /**
   * POST /api/workflows/:id/runs/:runId/approval-mail: a fresh mail for the step the run waits on,
   * with a new link (a new token, its 2 h from now) to whoever gets its mails; earlier links of the
   * attempt keep working until they expire. 409 unless a step waits, 429 within a minute of the last.
   */
  async resendStepApproval(team: TeamContext, workflowId: string, runId: number): Promise<StepApprovalMailResponse> {
    const run = await this.runState.getOrThrow(team.teamId, workflowId, runId);
    const workflow = await this.workflows.getForAction(team, workflowId, 'workflow.approve');
    const waiting = await this.runs.awaitingApproval(run.id);
    const recipients = waiting ? await this.approvers.recipients(run, workflow, await this.approvers.policyOf(workflow.id, waiting.stepIndex), false) : [];
    if (waiting && recipients.length === 0) throw new ConflictException('The team has nobody to mail the link to');
    const step = await this.runs.requestStepApprovalMail(run);
    return {
      message: `A fresh approval link for step ${step.stepIndex + 1} (attempt ${step.attempt}) is on its way; links mailed earlier for it keep working until they expire.`,
      sentTo: recipients,
      stepIndex: step.stepIndex,
      attempt: step.attempt,
    };
  }

  private async sendPlanApproval({ id, data }: Job<PlanApprovalRequest>): Promise<void> {
    const workflow = await this.workflows.getById(data.workflowId);
    // Deleted, or edited again since: the newer edit mails its own link.
    if (workflow?.teamId !== data.teamId || workflow.planVersion !== data.planVersion || workflow.status !== 'draft') return;
    const recipient = await this.workflows.approverOf(workflow);
    if (!recipient) {
      this.logger.warn(`Workflow ${workflow.id} has no creator to ask for approval`);
      return;
    }
    const steps = await this.workflows.stepsOf(workflow.id);
    const token = await this.tokens.signPlanApproval(workflow.id, workflow.planVersion, recipient);
    const approveUrl = `${this.publicUrl}/api/workflows/${workflow.id}/approve?token=${encodeURIComponent(token)}`;
    const { html, text } = renderEmail({
      title: `Approve the plan: ${workflow.title}`,
      intro: 'A workflow plan is waiting for your approval. Once approved, it can run by hand or on its schedule.',
      sections: [
        { heading: 'Goal', body: workflow.goal },
        {
          heading: 'Steps',
          body: steps
            .map((step) => `${step.stepIndex + 1}. ${step.description} (agent: ${step.agentId}${step.requiresApproval ? ', needs your approval' : ''})`)
            .join('\n'),
        },
        // A recurrence the goal names that the scheduler cannot fire is said, so the draft is not read as the goal's schedule.
        { heading: 'Schedule', body: workflow.schedule ? `${workflow.schedule} (${workflow.timezone})` : ['Manual runs only.', unsetScheduleNote(askOfGoal(workflow.goal))].filter(Boolean).join(' ') },
      ],
      actions: [{ label: 'Approve the plan', url: approveUrl }],
      footer: `This link works for 24 hours, for this version of the plan only (version ${workflow.planVersion}).`,
    });
    await this.mail.send({ to: recipient, subject: `Approve the plan: ${workflow.title}`, html, text, teamId: workflow.teamId, onceFor: `job-${id}` });
  }

  private async sendStepApproval({ id, data }: Job<StepApprovalRequest>): Promise<void> {
    const run = await this.runState.getById(data.runId);
    if (run?.status !== 'awaiting_approval') return;
    const workflow = await this.workflows.getById(run.workflowId);
    const checkpoint = await this.runs.checkpointOf(run.id, data.stepIndex);
    if (!workflow || checkpoint?.status !== 'awaiting_approval' || checkpoint.attempt !== data.attempt) return;
    const recipients = await this.approvers.recipients(run, workflow, await this.approvers.policyOf(workflow.id, data.stepIndex), data.reason === 'escalate');
    if (recipients.length === 0) {
      this.logger.warn(`Run ${run.id} has nobody to ask for approval`);
      return;
    }
    const steps = await this.workflows.stepsOf(workflow.id);
    const description = steps[data.stepIndex]?.description ?? '';
    const made = await this.runs.madeBy(checkpoint);
    const output = checkpoint.outputText ?? '';
    const toolCalls = checkpoint.toolApproval?.calls ?? [];
    const intro = {
      request: toolCalls.length
        ? `In ${workflow.title} (run #${run.id}). The step's agent asks to run a tool that needs approval: approve to let it run, or reject (a note says why) to have the step go on without it.`
        : `In ${workflow.title} (run #${run.id}). The run waits for your decision: approve to go on, or reject with a note to have the step done again.`,
      remind: `A reminder: in ${workflow.title} (run #${run.id}), this step still waits for your decision. Here is a fresh link.`,
      escalate: `Escalated to the team's admins and owners: in ${workflow.title} (run #${run.id}), this step has waited without a decision. You may decide it.`,
    }[data.reason ?? 'request'];
    const prefix = { request: '', remind: 'Reminder: ', escalate: 'Escalated: ' }[data.reason ?? 'request'];
    // One link per recipient, each its own token: a decision records whose it was. The first keeps the job's mail key, as before policies.
    for (const [position, recipient] of recipients.entries()) {
      const token = await this.tokens.signStepApproval({ sub: String(run.id), wf: workflow.id, step: data.stepIndex, attempt: data.attempt, rcpt: recipient });
      const link = (action: 'approve' | 'reject') => `${this.publicUrl}/api/workflows/resume?token=${encodeURIComponent(token)}&action=${action}`;
      const { html, text } = renderEmail({
        title: `${prefix}Approve step ${data.stepIndex + 1} of ${steps.length}: ${description}`,
        intro,
        sections: [
          ...(toolCalls.length ? [{ heading: 'The tool calls it asks to make', body: toolCalls.map(toolCallLine).join('\n') }] : []),
          ...(made.length ? [{ heading: 'What the step made', body: made.map((asset) => `- ${madeName(asset)}`).join('\n') }] : []),
          { heading: 'What the step produced', body: output.length > OUTPUT_PREVIEW ? `${output.slice(0, OUTPUT_PREVIEW)}…` : output },
        ],
        actions: [
          { label: 'Approve and continue', url: link('approve') },
          { label: 'Reject with a note', url: link('reject') },
        ],
        footer: `These links work for 2 hours, for attempt ${data.attempt} of this step only.`,
      });
      await this.mail.send({
        to: recipient,
        subject: `${prefix}${stepMailSubject(data.stepIndex, description, made, toolCalls)}`,
        html,
        text,
        teamId: workflow.teamId,
        onceFor: position === 0 ? `job-${id}` : `job-${id}-${position}`,
      });
    }
  }
}
