import { BadRequestException, HttpException, Injectable } from '@nestjs/common';
import type { AuditContext } from '../audit-events/audit-context.js';
import { cutText } from '../common/cut-text.js';
import { RunsService } from '../runs/runs.service.js';
import { StepApproversService } from './step-approvers.service.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { accessOf } from '../teams/permissions/permissions.js';
import { TeamsService } from '../teams/teams.service.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import { PLAN_APPROVAL_TTL_SECONDS, STEP_APPROVAL_TTL_SECONDS } from './approval-tokens.service.js';
import type { InboxDecisionResult, InboxItem, PlanInboxItem, StepInboxItem } from './approvals.response.js';
import { ApprovalsService } from './approvals.service.js';
import type { DecideApprovalsDto, InboxDecisionDto } from './dto/decide-approvals.dto.js';
import { stepDecidedMessage } from './step-summary.js';

/** Whose inbox, in which team: a request's caller, or a person the daily digest is for. */
export type InboxReader = Pick<TeamContext, 'userId' | 'teamId' | 'role'>;

/** Most items of each kind listed: a person's inbox, not a report. */
const INBOX_LIMIT = 100;
/** Characters of a step's reply shown with it; the run page has the rest. */
const OUTPUT_PREVIEW = 600;

/**
 * The approvals inbox: what waits for the caller in their active team, and several decisions at
 * once, each through the same path as the one-at-a-time routes (permission, guarded move, record).
 */
@Injectable()
export class ApprovalInboxService {
  constructor(
    private readonly approvals: ApprovalsService,
    private readonly runs: RunsService,
    private readonly workflows: WorkflowsService,
    private readonly teams: TeamsService,
    private readonly approvers: StepApproversService,
  ) {}

  /**
   * GET /api/approvals, longest waiting first: the drafts whose plan approval is mailed to the caller,
   * and the steps awaiting approval they may decide (`workflow.approve`: members on the workflows they
   * created, owners and admins on all of the team's; and only as the step's policy names its
   * approvers: its named members, or the admins and owners, besides the starter's default).
   */
  async list(team: InboxReader): Promise<InboxItem[]> {
    const [plans, steps] = await Promise.all([this.plansFor(team), this.stepsFor(team)]);
    return [...plans, ...steps].sort((a, b) => b.ageSeconds - a.ageSeconds);
  }

  /**
   * POST /api/approvals/decide: each decision on its own, in order; one refused (403, 404, 409) leaves
   * the others. A plan is only approved, without edits: rejecting or editing one is a 400 for the whole
   * request, before anything is decided. A step's edits are checked as the dashboard's decision checks them.
   */
  async decide(team: TeamContext, dto: DecideApprovalsDto, audit: AuditContext): Promise<InboxDecisionResult[]> {
    if (dto.decisions.some((item) => item.kind === 'plan' && item.action !== 'approve')) {
      throw new BadRequestException('A plan is only approved: edit it to change it');
    }
    if (dto.decisions.some((item) => item.kind === 'plan' && item.edits)) throw new BadRequestException('edits are for a step: a plan is changed by editing it');
    const results: InboxDecisionResult[] = [];
    for (const item of dto.decisions) results.push(await this.decideOne(team, item, audit));
    return results;
  }

  private async decideOne(team: TeamContext, item: InboxDecisionDto, audit: AuditContext): Promise<InboxDecisionResult> {
    const named = {
      kind: item.kind,
      workflowId: item.workflowId,
      ...(item.kind === 'step' ? { runId: item.runId, stepIndex: item.stepIndex } : {}),
      action: item.action,
    };
    try {
      if (item.kind === 'plan') {
        await this.approvals.approvePlanFromInbox(team, item.workflowId, item.planVersion!, audit);
        return { ...named, status: 200, message: 'Plan approved; the workflow is active' };
      }
      // Read before deciding: the decision moves the step on and answers its tool calls.
      const toolCalls = (await this.runs.checkpointOf(item.runId!, item.stepIndex!))?.toolApproval?.calls ?? [];
      const decided = await this.approvals.decideFromDashboard(team, item.workflowId, item.runId!, { action: item.action, stepIndex: item.stepIndex!, note: item.note, edits: item.edits }, audit, item.attempt);
      if (decided.status === 'awaiting_approval') return { ...named, status: 200, message: 'Approval counted; the step waits for more approvers (its quorum)' };
      return { ...named, status: 200, message: stepDecidedMessage(item.action, toolCalls) };
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() < 500) return { ...named, status: error.getStatus(), message: error.message };
      throw error;
    }
  }

  private async plansFor(team: InboxReader): Promise<PlanInboxItem[]> {
    const caller = await this.teams.emailOf(team.userId);
    if (!caller) return [];
    const drafts = await this.workflows.drafts(team.teamId, INBOX_LIMIT);
    const items: PlanInboxItem[] = [];
    for (const { workflow, ageSeconds, mailedAt } of drafts) {
      if (accessOf(team.role, 'workflow.approve') === 'own' && workflow.createdBy !== team.userId) continue;
      if ((await this.workflows.approverOf(workflow)) !== caller) continue;
      items.push({
        kind: 'plan',
        workflowId: workflow.id,
        workflowTitle: workflow.title,
        planVersion: workflow.planVersion,
        stepCount: (await this.workflows.stepsOf(workflow.id)).length,
        waitingSince: workflow.updatedAt.toISOString(),
        ageSeconds,
        dueAt: new Date(mailedAt.getTime() + PLAN_APPROVAL_TTL_SECONDS * 1000).toISOString(),
      });
    }
    return items;
  }

  private async stepsFor(team: InboxReader): Promise<StepInboxItem[]> {
    const access = accessOf(team.role, 'workflow.approve');
    if (access === 'no') return [];
    const [listed, caller] = await Promise.all([this.runs.waitingSteps(team.teamId, access === 'own' ? team.userId : null, INBOX_LIMIT), this.teams.emailOf(team.userId)]);
    if (!caller) return [];
    const decidable = await Promise.all(
      listed.map(async (step) => this.approvers.mayDecide(await this.approvers.policyOf(step.workflowId, step.stepIndex), step, caller, team.role)),
    );
    const waiting = listed.filter((_, index) => decidable[index]);
    const made = await this.runs.madeByEach(waiting);
    return waiting.map((step) => ({
        kind: 'step' as const,
        workflowId: step.workflowId,
        workflowTitle: step.workflowTitle,
        runId: step.runId,
        runNumber: step.runNumber,
        stepIndex: step.stepIndex,
        stepDescription: step.description,
        attempt: step.attempt,
        made: made.get(step.runId) ?? [],
        output: cutText(step.outputText ?? '', OUTPUT_PREVIEW),
        toolCalls: step.toolCalls?.map(({ toolName, input }) => ({ toolName, input })) ?? null,
        waitingSince: step.waitingSince.toISOString(),
        ageSeconds: step.ageSeconds,
        dueAt: new Date(step.mailedAt.getTime() + STEP_APPROVAL_TTL_SECONDS * 1000).toISOString(),
      }));
  }
}
