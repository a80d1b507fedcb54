import { HttpException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AppConfig } from '../config/configuration.js';
import { RunsService } from '../runs/runs.service.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import { ApprovalTokensService } from './approval-tokens.service.js';
import { ApprovalDecision } from './entities/approval-decision.entity.js';
import type { LinkOutcome } from './link-response.js';
import { isLinkScanner } from './link-scanner.js';

export const NOTE_MAX_LENGTH = 2000;

export interface ResumeQuery {
  token?: string;
  action?: string;
  note?: string;
}

/** Who followed a link: recorded with every decision. */
export interface LinkClient {
  method: string;
  ip: string | null;
  userAgent: string | null;
}

/** Decisions taken from approval links: checked, applied at most once, and recorded. */
@Injectable()
export class ApprovalsService {
  private readonly frontendUrl: string;

  constructor(
    @InjectRepository(ApprovalDecision) private readonly decisions: Repository<ApprovalDecision>,
    private readonly tokens: ApprovalTokensService,
    private readonly workflows: WorkflowsService,
    private readonly runs: RunsService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.frontendUrl = config.get('app', { infer: true }).frontendUrl;
  }

  workflowPage(workflowId: string): string {
    return `${this.frontendUrl}/dashboard/workflows/${workflowId}`;
  }

  /** GET /api/workflows/:id/approve: activates the plan version the link was mailed for. */
  async approvePlan(workflowId: string, token: string | undefined, client: LinkClient): Promise<LinkOutcome> {
    if (isLinkScanner(client.method, client.userAgent ?? undefined)) return { kind: 'ignored' };
    return asOutcome(async () => {
      const claims = await this.tokens.verifyPlanApproval(token, workflowId);
      const outcome = await this.workflows.approvePlan(workflowId, claims.ver, claims.rcpt);
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
   * GET /api/workflows/resume: approves or rejects the paused step the link was mailed for.
   * A browser following a reject link without a note gets a form for one first.
   */
  async resume(query: ResumeQuery, client: LinkClient, wantsForm: boolean): Promise<LinkOutcome | { kind: 'reject-form'; token: string }> {
    if (isLinkScanner(client.method, client.userAgent ?? undefined)) return { kind: 'ignored' };
    return asOutcome(async () => {
      if (query.action !== 'approve' && query.action !== 'reject') {
        return { kind: 'error', status: 400, message: 'action must be approve or reject' };
      }
      if (query.note !== undefined && query.note.length > NOTE_MAX_LENGTH) {
        return { kind: 'error', status: 400, message: `note must be at most ${NOTE_MAX_LENGTH} characters` };
      }
      const claims = await this.tokens.verifyStepApproval(query.token);
      if (query.action === 'reject' && query.note === undefined && wantsForm) return { kind: 'reject-form', token: query.token ?? '' };

      const previous = await this.decisions.findOneBy({ jti: claims.jti });
      if (previous) {
        return previous.action === query.action
          ? { kind: 'redirect', url: this.workflowPage(claims.wf) }
          : { kind: 'error', status: 409, message: 'This step was already decided with this link' };
      }
      const runId = Number(claims.sub);
      const note = query.note?.trim() || null;
      const outcome = await this.runs.decideStep(runId, claims.step, claims.attempt, query.action, note);
      if (outcome === 'not_awaiting') return { kind: 'error', status: 409, message: 'This step is no longer awaiting approval' };
      await this.record({
        jti: claims.jti,
        kind: 'step_approval',
        workflowId: claims.wf,
        runId,
        stepIndex: claims.step,
        attempt: claims.attempt,
        action: query.action,
        note,
        recipient: claims.rcpt,
        ip: client.ip,
        userAgent: client.userAgent,
      });
      return { kind: 'redirect', url: this.workflowPage(claims.wf) };
    });
  }

  private async record(decision: Partial<ApprovalDecision>): Promise<void> {
    await this.decisions.createQueryBuilder().insert().into(ApprovalDecision).values(decision).orIgnore().execute();
  }
}

/** Link failures are answers (a page or JSON with their status), not exceptions. */
async function asOutcome<T extends LinkOutcome | { kind: 'reject-form'; token: string }>(work: () => Promise<T>): Promise<T | LinkOutcome> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpException && error.getStatus() < 500) {
      return { kind: 'error', status: error.getStatus(), message: error.message };
    }
    throw error;
  }
}
