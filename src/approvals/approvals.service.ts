import { BadRequestException, ConflictException, ForbiddenException, HttpException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { type AssetEdit, AssetsService } from '../assets/assets.service.js';
import { ASSET_EDIT_MAX_LENGTH, TEXT_ASSET_TYPES } from '../assets/asset-types.js';
import { asUser, type AuditContext } from '../audit-events/audit-context.js';
import { AuditService } from '../audit-events/audit.service.js';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { AuthSettings } from '../config/auth.config.js';
import type { AppConfig } from '../config/configuration.js';
import { Metrics } from '../metrics/metrics.service.js';
import { RunStateService } from '../runs/run-state.service.js';
import { type RunStop, RunsService, type StepDecision, type StepDecisionOutcome } from '../runs/runs.service.js';
import { toolLabel } from '../llm/tool-phrases.js';
import type { AskedToolCall } from '../runs/entities/run-step.entity.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { TeamsService } from '../teams/teams.service.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import { ApprovalTokensService, type PlanApprovalClaims, type StepApprovalClaims } from './approval-tokens.service.js';
import type { StepDecisionResponse } from './approvals.response.js';
import { NOTE_MAX_LENGTH } from './approval-limits.js';
import type { StepDecisionAction, StepDecisionDto } from './dto/step-decision.dto.js';
import { ApprovalDecision } from './entities/approval-decision.entity.js';
import { StepApproversService } from './step-approvers.service.js';
import type { LinkOutcome } from './link-response.js';
import { isFormScanner, isLinkScanner } from './link-scanner.js';
import { inSpan } from '../tracing/tracing.js';

const NOT_AWAITING = 'This step is no longer awaiting approval';
const ALREADY_APPROVED = 'You approved this attempt of the step already; it waits for more approvers';

/** A link's fields as sent, in its query or its form post: any of them may be missing, repeated or not text. */
export type LinkFields = Record<string, unknown>;

/** A step link's fields, checked. */
interface StepLink {
  token: string;
  action: StepDecisionAction;
  note: string | undefined;
  claims: StepApprovalClaims;
}

/** Who followed a link, from where: the decision records its address and user agent, the audit trail all of it. */
export interface LinkClient extends AuditContext {
  method: string;
}

/** A step decision as recorded, from a link (its token) or the dashboard (the signed-in user). */
interface RecordedStepDecision extends Omit<StepDecision, 'quorum' | 'source'> {
  workflowId: string;
  /** Who decided: the link's recipient, the signed-in user's email. */
  approver: string;
  /** The link's token id; null on the dashboard. */
  jti: string | null;
  /** The address the link was mailed to; null on the dashboard. */
  recipient: string | null;
  /** The signed-in user; null for a link. */
  decidedByUserId: string | null;
  /** An approve's edits of the step's text assets, checked (checkEdits); empty for none. */
  edits: AssetEdit[];
}

/** Approval decisions from mailed links and the dashboard: checked, applied at most once, and recorded. */
@Injectable()
export class ApprovalsService {
  private readonly frontendUrl: string;
  private readonly linkMode: AuthSettings['approvalLinks'];

  constructor(
    @InjectRepository(ApprovalDecision) private readonly decisions: Repository<ApprovalDecision>,
    private readonly tokens: ApprovalTokensService,
    private readonly workflows: WorkflowsService,
    private readonly runs: RunsService,
    private readonly runState: RunStateService,
    private readonly teams: TeamsService,
    private readonly approvers: StepApproversService,
    private readonly metrics: Metrics,
    private readonly audit: AuditService,
    private readonly assets: AssetsService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.frontendUrl = config.get('app', { infer: true }).frontendUrl;
    this.linkMode = config.get('auth', { infer: true }).approvalLinks;
  }

  workflowPage(workflowId: string): string {
    return `${this.frontendUrl}/dashboard/workflows/${workflowId}`;
  }

  /**
   * GET /api/workflows/:id/approve. `direct`: a browser approves at once. `confirm`, and anything in
   * `direct` that looks like a scanner: a valid link shows a page whose button posts its token;
   * nothing changes until then, and a person the check misjudged can still go on.
   */
  async openPlanLink(workflowId: string, fields: LinkFields, client: LinkClient): Promise<LinkOutcome> {
    if (this.linkMode === 'direct' && !isLinkScanner(client.method, client.userAgent ?? undefined)) return this.approvePlan(workflowId, fields, client);
    return asOutcome(async () => {
      const token = linkField(fields, 'token');
      const claims = await this.tokens.verifyPlanApproval(token, workflowId);
      return planConfirmation(token ?? '', claims);
    });
  }

  /** POST /api/workflows/:id/approve (and a browser's GET in `direct` mode): activates the plan version the link was mailed for. */
  async approvePlan(workflowId: string, fields: LinkFields, client: LinkClient): Promise<LinkOutcome> {
    if (isFormScanner(client.userAgent ?? undefined)) return { kind: 'ignored' };
    return asOutcome(async () => {
      const claims = await this.tokens.verifyPlanApproval(linkField(fields, 'token'), workflowId);
      const approver = await this.requireMember((await this.workflows.getById(workflowId))?.teamId, claims.rcpt);
      const outcome = await this.workflows.approvePlan(workflowId, claims.ver, claims.rcpt, approver ? asUser(client, approver) : client);
      if (outcome === 'plan_changed') {
        return { kind: 'error', status: 400, message: 'The plan changed since this link was sent; use the link in the newest email' };
      }
      if (outcome === 'activated') {
        await this.record({
          jti: claims.jti,
          kind: 'plan_approval',
          workflowId,
          planVersion: claims.ver,
          action: 'approve',
          recipient: claims.rcpt,
          ip: client.ip,
          userAgent: client.userAgent,
        });
      }
      return { kind: 'redirect', url: this.workflowPage(workflowId) };
    });
  }

  /**
   * GET /api/workflows/resume. `direct`: a browser decides at once (rejecting without a note, it gets
   * the page with a note first). `confirm`, and a suspected scanner in `direct`: a valid link shows a
   * page whose button posts it.
   */
  async openStepLink(fields: LinkFields, client: LinkClient, wantsForm: boolean): Promise<LinkOutcome> {
    if (this.linkMode === 'direct' && !isLinkScanner(client.method, client.userAgent ?? undefined)) return this.resume(fields, client, wantsForm);
    return asOutcome(async () => {
      const link = await this.checkStepLink(fields);
      return (
        (await this.stoppedAnswer(link.claims)) ??
        stepConfirmation(link, await this.toolCallsOf(link.claims), link.action === 'approve' ? await this.editableOf(link.claims) : undefined)
      );
    });
  }

  /**
   * POST /api/workflows/resume (and a browser's GET in `direct` mode): approves or rejects the paused step
   * the link was mailed for. `wantsForm`: a browser rejecting without a note is asked for one first.
   */
  async resume(fields: LinkFields, client: LinkClient, wantsForm: boolean): Promise<LinkOutcome> {
    if (isFormScanner(client.userAgent ?? undefined)) return { kind: 'ignored' };
    return asOutcome(async () => {
      const link = await this.checkStepLink(fields);
      const { claims, action } = link;
      const decider = await this.requireMember((await this.runState.getById(Number(claims.sub)))?.teamId, claims.rcpt);
      if (action === 'reject' && link.note === undefined && wantsForm) return stepConfirmation({ ...link, note: '' }, await this.toolCallsOf(claims));
      const edits = linkEdits(fields);
      await this.checkEdits({ runId: Number(claims.sub), stepIndex: claims.step, attempt: claims.attempt }, action, edits);
      const outcome = await this.applyStepDecision(
        {
          workflowId: claims.wf,
          runId: Number(claims.sub),
          stepIndex: claims.step,
          attempt: claims.attempt,
          action,
          note: noteOf(link.note),
          jti: claims.jti,
          recipient: claims.rcpt,
          approver: claims.rcpt,
          decidedByUserId: null,
          edits,
        },
        decider ? asUser(client, decider) : client,
      );
      if (outcome === 'not_awaiting') return this.answerMovedOn(claims, action);
      if (outcome === 'duplicate') return { kind: 'error', status: 409, message: ALREADY_APPROVED };
      return { kind: 'redirect', url: this.workflowPage(claims.wf) };
    });
  }

  /**
   * An approve's edits, checked before anything is stored: only with approve, and only of the text
   * assets the awaiting attempt made (400 otherwise; 404 for an asset it did not make). A step that
   * moved on is left to the decision's own answer.
   */
  private async checkEdits(step: { runId: number; stepIndex: number; attempt: number }, action: StepDecisionAction, edits: AssetEdit[]): Promise<void> {
    if (edits.length === 0) return;
    if (action !== 'approve') throw new BadRequestException('edits go with approve only');
    const checkpoint = await this.runs.checkpointOf(step.runId, step.stepIndex);
    if (checkpoint?.status !== 'awaiting_approval' || checkpoint.attempt !== step.attempt) return;
    await this.assets.checkStepEdits({ runId: step.runId, since: checkpoint.startedAt }, edits);
  }

  /** The tool calls a link's awaiting attempt asks to make: none for a step that waits for a review of its output. */
  private async toolCallsOf(claims: StepApprovalClaims): Promise<AskedToolCall[]> {
    const checkpoint = await this.runs.checkpointOf(Number(claims.sub), claims.step);
    if (checkpoint?.status !== 'awaiting_approval' || checkpoint.attempt !== claims.attempt) return [];
    return checkpoint.toolApproval?.calls ?? [];
  }

  /** The first text asset a link's awaiting attempt made, for its confirmation page to offer for editing. */
  private async editableOf(claims: StepApprovalClaims): Promise<{ assetId: number; title: string; content: string } | undefined> {
    const checkpoint = await this.runs.checkpointOf(Number(claims.sub), claims.step);
    if (checkpoint?.status !== 'awaiting_approval' || checkpoint.attempt !== claims.attempt) return undefined;
    const text = (await this.runs.madeBy(checkpoint)).find((asset) => TEXT_ASSET_TYPES.includes(asset.type));
    const run = text ? await this.runState.getById(checkpoint.runId) : null;
    if (!text || !run) return undefined;
    const { content } = await this.assets.get({ teamId: run.teamId, userId: null }, text.id);
    return { assetId: text.id, title: text.title, content };
  }

  /** A step link's action, note and token, checked; throws a 400 naming what is wrong. */
  private async checkStepLink(fields: LinkFields): Promise<StepLink> {
    const [token, action, note] = [linkField(fields, 'token'), linkField(fields, 'action'), linkField(fields, 'note')];
    if (action !== 'approve' && action !== 'reject') throw new BadRequestException('action must be approve or reject');
    if (note !== undefined && note.length > NOTE_MAX_LENGTH) {
      throw new BadRequestException(`note must be at most ${NOTE_MAX_LENGTH} characters`);
    }
    const claims = await this.tokens.verifyStepApproval(token);
    return { token: token ?? '', action, note, claims };
  }

  /**
   * POST /api/workflows/:id/runs/:runId/decision: the signed-in user approves or rejects the
   * step the run is paused on, with the same effect as its mailed links. The decision applies to
   * the step's current attempt, so that attempt's links change nothing afterwards (and the reverse:
   * here, 409 once a link decided).
   */
  async decideFromDashboard(
    team: TeamContext,
    workflowId: string,
    runId: number,
    dto: StepDecisionDto,
    audit: AuditContext,
    attempt?: number,
  ): Promise<StepDecisionResponse> {
    const run = await this.runState.getOrThrow(team.teamId, workflowId, runId);
    await this.workflows.getForAction(team, workflowId, 'workflow.approve');
    const checkpoint = await this.runs.checkpointOf(run.id, dto.stepIndex);
    // `attempt`: the one the caller saw (the inbox); a redo since is not what they decided on.
    if (run.status !== 'awaiting_approval' || checkpoint?.status !== 'awaiting_approval' || (attempt !== undefined && checkpoint.attempt !== attempt)) {
      const stop = checkpoint ? await this.runs.stopThatCancelled({ runId: run.id, stepIndex: dto.stepIndex, attempt: attempt ?? checkpoint.attempt }) : null;
      throw new ConflictException(stop ? stoppedMessage(stop) : NOT_AWAITING);
    }
    const caller = await this.teams.emailOf(team.userId);
    if (!caller) throw new ForbiddenException('Your account is gone');
    const step = { runId: run.id, stepIndex: dto.stepIndex, attempt: checkpoint.attempt };
    await this.approvers.requireApprover(await this.approvers.policyOf(run.workflowId, dto.stepIndex), step, caller, team.role);
    const edits = dto.edits ?? [];
    await this.checkEdits(step, dto.action, edits);
    const outcome = await this.applyStepDecision(
      { workflowId: run.workflowId, ...step, action: dto.action, note: noteOf(dto.note), jti: null, recipient: null, approver: caller, decidedByUserId: team.userId, edits },
      audit,
    );
    if (outcome === 'not_awaiting') throw new ConflictException(NOT_AWAITING);
    if (outcome === 'duplicate') throw new ConflictException(ALREADY_APPROVED);
    return { runId: run.id, stepIndex: dto.stepIndex, action: dto.action, status: outcome === 'counted' ? 'awaiting_approval' : 'running' };
  }

  /**
   * POST /api/approvals/decide, a plan item: the signed-in user the plan approval waits for (its
   * mail's recipient) activates the plan version they saw listed, through the same guarded update
   * as the mailed link, recorded like it with the user instead of a token. 409 once another version
   * was saved or the plan is approved already; 403 when the plan waits for someone else.
   */
  async approvePlanFromInbox(team: TeamContext, workflowId: string, planVersion: number, audit: AuditContext): Promise<void> {
    const workflow = await this.workflows.getForAction(team, workflowId, 'workflow.approve');
    const [approver, caller] = await Promise.all([this.workflows.approverOf(workflow), this.teams.emailOf(team.userId)]);
    if (!caller || approver !== caller) throw new ForbiddenException(`This plan waits for ${approver ?? 'nobody in the team'} to approve it`);
    const outcome = await this.workflows.approvePlan(workflowId, planVersion, caller, audit);
    if (outcome === 'plan_changed') throw new ConflictException('The plan changed since it was listed; review the newest version');
    if (outcome === 'already_active') throw new ConflictException('The plan is approved already');
    await this.record({ jti: null, kind: 'plan_approval', workflowId, planVersion, action: 'approve', decidedByUserId: team.userId, ip: audit.ip, userAgent: audit.userAgent });
  }

  /**
   * Applies a step decision, at most once per attempt, and records it (and its audit entry, acted by
   * the deciding user: the signed-in one, or the member the link was mailed to) in the transaction that applies it.
   */
  private async applyStepDecision(decision: RecordedStepDecision, client: AuditContext): Promise<StepDecisionOutcome | 'duplicate'> {
    const channel = decision.jti === null ? 'dashboard' : 'email';
    const attributes = { 'run.id': decision.runId, 'run.step': decision.stepIndex, 'approval.action': decision.action, 'approval.channel': channel };
    const { quorum } = await this.approvers.policyOf(decision.workflowId, decision.stepIndex);
    let duplicate = false;
    const outcome = await inSpan('approval decision', attributes, () =>
      this.runs.decideStep({ ...decision, quorum, source: { channel } }, async (manager, teamId, stepAfter) => {
        const { edits, ...row } = decision;
        // One decision per approver and attempt: an approver approving again counts once (a quorum needs distinct approvers).
        const inserted = await manager
          .createQueryBuilder()
          .insert()
          .into(ApprovalDecision)
          .values({ kind: 'step_approval', ...row, ip: client.ip, userAgent: client.userAgent })
          .orIgnore()
          .execute();
        if (!inserted.identifiers.some(Boolean)) {
          duplicate = true;
          return false;
        }
        // In the decision's transaction: the edited text exists exactly when the approval does.
        const edited = await this.assets.applyEdits(manager, edits, decision.approver);
        await this.audit.record(manager, client, {
          teamId,
          action: 'run.step_decided',
          target: { type: 'run', id: String(decision.runId) },
          changes: {
            workflowId: decision.workflowId,
            stepIndex: decision.stepIndex,
            attempt: decision.attempt,
            decision: decision.action,
            channel,
            // What the decision made of the step: an approval completes a reviewed step, but a step
            // paused on its agent's tool calls goes on running either way (attempt + 1 continues the reply).
            status: { before: 'awaiting_approval', after: stepAfter },
            ...(edited.length > 0 ? { edits: edited } : {}),
          },
        });
        return true;
      }),
    );
    if (duplicate) return 'duplicate';
    if (outcome !== 'not_awaiting') this.countDecision('step_approval', decision);
    return outcome;
  }

  /** A mailed link's decision carries its token id (jti); the dashboard's has none. */
  private countDecision(kind: ApprovalDecision['kind'], { jti, action }: Pick<ApprovalDecision, 'jti' | 'action'>): void {
    this.metrics.approvalDecisions.inc({ channel: jti ? 'email' : 'dashboard', kind, decision: action });
  }

  /**
   * A link acts only while its recipient is a member of the team it belongs to: someone removed
   * from the team keeps the mail, not the say. A team whose workflow or run is gone is left to the
   * answers for those.
   */
  private async requireMember(teamId: string | undefined, recipient: string): Promise<string | null> {
    if (!teamId) return null;
    const member = await this.teams.memberWithEmail(teamId, recipient);
    if (!member) throw new BadRequestException('This link was mailed to someone who is no longer a member of the team');
    return member;
  }

  /**
   * A link whose step had moved on when it was clicked changes nothing. Where the decision it
   * carries stands for its attempt (taken with this link, another click of it, or the dashboard) it
   * answers as the click that decided did; otherwise 409.
   */
  private async answerMovedOn(claims: StepApprovalClaims, action: StepDecisionAction): Promise<LinkOutcome> {
    const stopped = await this.stoppedAnswer(claims);
    if (stopped) return stopped;
    const standing = await this.decisions.findOneBy({
      kind: 'step_approval',
      runId: Number(claims.sub),
      stepIndex: claims.step,
      attempt: claims.attempt,
      action: In(['approve', 'reject']),
    });
    if (standing?.action === action) return { kind: 'redirect', url: this.workflowPage(claims.wf) };
    const message = standing?.jti === claims.jti ? 'This step was already decided with this link' : NOT_AWAITING;
    return { kind: 'error', status: 409, message };
  }

  /** What a link of a step whose run was stopped while it waited answers: who stopped it and when (409, nothing changed). */
  private async stoppedAnswer(claims: StepApprovalClaims): Promise<LinkOutcome | null> {
    const stop = await this.runs.stopThatCancelled({ runId: Number(claims.sub), stepIndex: claims.step, attempt: claims.attempt });
    return stop ? { kind: 'error', status: 409, title: 'Run stopped', message: stoppedMessage(stop) } : null;
  }

  /** Counted once, when stored (a second click of the same link stores nothing). */
  private async record(decision: Pick<ApprovalDecision, 'kind' | 'jti' | 'action'> & Partial<ApprovalDecision>): Promise<void> {
    const { identifiers } = await this.decisions.createQueryBuilder().insert().into(ApprovalDecision).values(decision).orIgnore().execute();
    if (identifiers.some(Boolean)) this.countDecision(decision.kind, decision);
  }
}

/**
 * One field of a link, absent or one piece of text. A field given twice (`note=a&note=b`) or not as
 * text is a 400 naming it: read as absent, a reject would go through without its note.
 */
function linkField(fields: LinkFields, name: 'token' | 'action' | 'note' | 'assetId' | 'content'): string | undefined {
  const value = fields[name];
  if (value === undefined || typeof value === 'string') return value;
  throw new BadRequestException(Array.isArray(value) ? `${name} must be given once` : `${name} must be text`);
}

/**
 * A confirmation form's edit: `assetId` names the asset the page offered, `content` its text as
 * posted. No content is no edit (a form posted without its textarea); content without an asset is a 400.
 * A browser posts a textarea's line breaks as CRLF: read back as the LF the assets are written with,
 * so an edit of one line is a diff of one line and an unchanged text stores nothing.
 */
function linkEdits(fields: LinkFields): AssetEdit[] {
  const [assetId, posted] = [linkField(fields, 'assetId'), linkField(fields, 'content')];
  if (posted === undefined) return [];
  if (assetId === undefined) throw new BadRequestException('content needs the assetId it edits');
  if (!/^[1-9]\d{0,9}$/.test(assetId) || Number(assetId) > 2_147_483_647) throw new BadRequestException('assetId must be a whole number');
  // Measured as the textarea's maxlength measures it: a line break is one character.
  const content = posted.replace(/\r\n?/g, '\n');
  if (content.length > ASSET_EDIT_MAX_LENGTH) throw new BadRequestException(`content must be at most ${ASSET_EDIT_MAX_LENGTH} characters`);
  return [{ assetId: Number(assetId), content }];
}

/**
 * "The run was stopped by ada@example.com on 2026-11-27 at 22:41 UTC; this step was not decided", or
 * "… stopped by the step's approval policy when its approval expired on …" for an expiry's stop.
 */
export function stoppedMessage(stop: RunStop): string {
  const [date, time] = stop.at.toISOString().split('T');
  const by = stop.by === 'expiry' ? "the step's approval policy when its approval expired" : (stop.email ?? 'a former member');
  return `The run was stopped by ${by} on ${date} at ${time.slice(0, 5)} UTC; this step was not decided`;
}

/** A reviewer's note, trimmed; blank reads as none. */
function noteOf(note: string | undefined): string | null {
  return note?.trim() || null;
}

function planConfirmation(token: string, claims: PlanApprovalClaims): LinkOutcome {
  return {
    kind: 'confirm',
    page: {
      title: 'Approve the plan',
      explanation: `Approving activates the workflow with the plan mailed to ${claims.rcpt}; it can then run.`,
      postTo: 'approve',
      fields: { token },
      button: 'Approve the plan',
    },
  };
}

/** A step link's page. A step paused on tool calls is not redone: the page says the calls are allowed or refused and the step goes on. */
function stepConfirmation(
  { token, action, claims, note }: StepLink,
  toolCalls: readonly AskedToolCall[],
  edit?: { assetId: number; title: string; content: string },
): LinkOutcome {
  const step = `step ${claims.step + 1}`;
  const tools = toolCalls.map((call) => `${toolLabel(call.toolName)} (${call.toolName})`).join(', ');
  const calls = toolCalls.length > 1 ? 'tool calls' : 'tool call';
  const page = toolCalls.length
    ? action === 'approve'
      ? { title: `Allow the ${calls} of ${step}`, explanation: `Allowing runs ${tools} with the arguments in the mail; the step goes on.`, button: `Allow the ${calls}` }
      : {
          title: `Refuse the ${calls} of ${step}`,
          explanation: `Refusing means ${tools} ${toolCalls.length > 1 ? 'do' : 'does'} not run; the step goes on without ${toolCalls.length > 1 ? 'them' : 'it'}. Your note tells the agent why.`,
          button: `Refuse the ${calls}`,
          note: note ?? '',
        }
    : action === 'approve'
      ? { title: `Approve ${step}`, explanation: "Approving accepts this step's output; the run goes on.", button: `Approve ${step}` }
      : { title: `Reject ${step}`, explanation: 'Tell the agent what to change; the step is done again with your note.', button: 'Reject and redo the step', note: note ?? '' };
  return { kind: 'confirm', page: { ...page, ...(edit ? { edit } : {}), postTo: 'resume', fields: { token, action } } };
}

/** Link failures are answers (a page or JSON with their status), not exceptions. */
async function asOutcome(work: () => Promise<LinkOutcome>): Promise<LinkOutcome> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpException && error.getStatus() < 500) {
      return { kind: 'error', status: error.getStatus(), message: error.message };
    }
    throw error;
  }
}
