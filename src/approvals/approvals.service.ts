import { HttpException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AppConfig } from '../config/configuration.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import { ApprovalTokensService } from './approval-tokens.service.js';
import { ApprovalDecision } from './entities/approval-decision.entity.js';
import type { LinkOutcome } from './link-response.js';
import { isLinkScanner } from './link-scanner.js';

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

  private async record(decision: Partial<ApprovalDecision>): Promise<void> {
    await this.decisions.createQueryBuilder().insert().into(ApprovalDecision).values(decision).orIgnore().execute();
  }
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
