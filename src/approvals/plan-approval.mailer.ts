import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../config/configuration.js';
import { MailService } from '../mail/mail.service.js';
import { renderEmail } from '../mail/templates.js';
import { type Job, QueueService } from '../queue/queue.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { PLAN_APPROVAL_REQUESTED, type PlanApprovalRequest } from '../workflows/workflow-jobs.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import { ApprovalTokensService } from './approval-tokens.service.js';

/** Mails the plan of a new or edited workflow to its creator, with a link that approves it. */
@Injectable()
export class PlanApprovalMailer implements OnApplicationBootstrap {
  private readonly logger = new Logger(PlanApprovalMailer.name);
  private readonly publicUrl: string;

  constructor(
    private readonly queue: QueueService,
    private readonly workflows: WorkflowsService,
    private readonly teams: TeamsService,
    private readonly tokens: ApprovalTokensService,
    private readonly mail: MailService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.publicUrl = config.get('app', { infer: true }).publicUrl;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.work<PlanApprovalRequest>(PLAN_APPROVAL_REQUESTED, { concurrency: 2 }, (job) => this.send(job));
  }

  private async send({ data }: Job<PlanApprovalRequest>): Promise<void> {
    const workflow = await this.workflows.getById(data.workflowId);
    // Deleted, or edited again since: the newer edit mails its own link.
    if (workflow?.teamId !== data.teamId || workflow.planVersion !== data.planVersion || workflow.status !== 'draft') return;
    const recipient = workflow.createdBy ? await this.teams.emailOf(workflow.createdBy) : null;
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
        { heading: 'Schedule', body: workflow.schedule ? `${workflow.schedule} (${workflow.timezone})` : 'Manual runs only' },
      ],
      actions: [{ label: 'Approve the plan', url: approveUrl }],
      footer: `This link works for 24 hours, for this version of the plan only (version ${workflow.planVersion}).`,
    });
    await this.mail.send({ to: recipient, subject: `Approve the plan: ${workflow.title}`, html, text, teamId: workflow.teamId });
  }
}
