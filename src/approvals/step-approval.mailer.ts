import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../config/configuration.js';
import { MailService } from '../mail/mail.service.js';
import { renderEmail } from '../mail/templates.js';
import { type Job, QueueService } from '../queue/queue.service.js';
import { RunsService } from '../runs/runs.service.js';
import { STEP_APPROVAL_REQUESTED, type StepApprovalRequest } from '../runs/run-jobs.js';
import { TeamsService } from '../teams/teams.service.js';
import { WorkflowRunsService } from '../workflows/workflow-runs.service.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import { ApprovalTokensService } from './approval-tokens.service.js';

const OUTPUT_PREVIEW = 4000;

/** Mails a paused step's output with approve and reject links, to whoever started the run. */
@Injectable()
export class StepApprovalMailer implements OnApplicationBootstrap {
  private readonly logger = new Logger(StepApprovalMailer.name);
  private readonly publicUrl: string;

  constructor(
    private readonly queue: QueueService,
    private readonly runs: WorkflowRunsService,
    private readonly runsService: RunsService,
    private readonly workflows: WorkflowsService,
    private readonly teams: TeamsService,
    private readonly tokens: ApprovalTokensService,
    private readonly mail: MailService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.publicUrl = config.get('app', { infer: true }).publicUrl;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.work<StepApprovalRequest>(STEP_APPROVAL_REQUESTED, { concurrency: 2 }, (job) => this.send(job));
  }

  private async send({ data }: Job<StepApprovalRequest>): Promise<void> {
    const run = await this.runs.getById(data.runId);
    if (run?.status !== 'awaiting_approval') return;
    const workflow = await this.workflows.getById(run.workflowId);
    const checkpoint = await this.runsService.checkpointOf(run.id, data.stepIndex);
    if (!workflow || checkpoint?.status !== 'awaiting_approval' || checkpoint.attempt !== data.attempt) return;
    const recipientId = run.startedBy ?? workflow.createdBy;
    const recipient = recipientId ? await this.teams.emailOf(recipientId) : null;
    if (!recipient) {
      this.logger.warn(`Run ${run.id} has nobody to ask for approval`);
      return;
    }
    const steps = await this.workflows.stepsOf(workflow.id);
    const token = await this.tokens.signStepApproval({ sub: String(run.id), wf: workflow.id, step: data.stepIndex, attempt: data.attempt, rcpt: recipient });
    const link = (action: 'approve' | 'reject') =>
      `${this.publicUrl}/api/workflows/resume?token=${encodeURIComponent(token)}&action=${action}`;
    const stepTitle = `Step ${data.stepIndex + 1} of ${steps.length}: ${steps[data.stepIndex]?.description ?? ''}`;
    const output = checkpoint.outputText ?? '';
    const { html, text } = renderEmail({
      title: `Approve a step of ${workflow.title} (run #${run.runNumber})`,
      intro: `${stepTitle}. The run waits for your decision: approve to go on, or reject with a note to have the step done again.`,
      sections: [{ heading: 'What the step produced', body: output.length > OUTPUT_PREVIEW ? `${output.slice(0, OUTPUT_PREVIEW)}…` : output }],
      actions: [
        { label: 'Approve and continue', url: link('approve') },
        { label: 'Reject with a note', url: link('reject') },
      ],
      footer: `These links work for 2 hours, for attempt ${data.attempt} of this step only.`,
    });
    await this.mail.send({ to: recipient, subject: `Approve step ${data.stepIndex + 1}: ${workflow.title}`, html, text, teamId: workflow.teamId });
  }
}
