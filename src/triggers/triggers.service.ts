import { BadRequestException, Injectable, NotFoundException, PayloadTooLargeException, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import type { AppConfig } from '../config/configuration.js';
import { type AuditContext } from '../audit-events/audit-context.js';
import { AuditService } from '../audit-events/audit.service.js';
import { TooManyRequestsException } from '../http/too-many-requests.exception.js';
import type { StartedRunResponse } from '../runs/runs.response.js';
import { RunsService } from '../runs/runs.service.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { PlanQuotaService } from '../teams/rate-limit/plan-quota.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import type { CreateTriggerTokenDto } from './dto/create-trigger-token.dto.js';
import { TriggerToken } from './trigger-token.entity.js';
import type { CreatedTriggerTokenResponse, TriggerTokenResponse } from './triggers.response.js';

/** The prefix of every trigger token, so that one found in a log or a repository is recognised. */
const TOKEN_PREFIX = 'wtt_';
const INVALID_TOKEN = 'A valid trigger token for this workflow is required';

/**
 * Trigger tokens (one workflow each, hashed at rest) and the runs they start. A run started by a
 * trigger goes through RunsService as a manual one does, with the same quota and preconditions.
 */
@Injectable()
export class TriggersService {
  private readonly payloadMaxBytes: number;

  constructor(
    @InjectRepository(TriggerToken) private readonly tokens: Repository<TriggerToken>,
    private readonly workflows: WorkflowsService,
    private readonly runs: RunsService,
    private readonly teams: TeamsService,
    private readonly quotas: PlanQuotaService,
    private readonly audit: AuditService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.payloadMaxBytes = config.get('runs', { infer: true }).triggerPayloadMaxBytes;
  }

  async create(team: TeamContext, workflowId: string, dto: CreateTriggerTokenDto, audit: AuditContext): Promise<CreatedTriggerTokenResponse> {
    const workflow = await this.workflows.getForAction(team, workflowId, 'workflow.run');
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const created = await this.tokens.manager.transaction(async (manager) => {
      const row = await manager.save(
        manager.create(TriggerToken, { workflowId: workflow.id, teamId: team.teamId, name: dto.name.trim(), tokenHash: hashOf(token), createdBy: team.userId }),
      );
      await this.audit.record(manager, audit, {
        teamId: team.teamId,
        action: 'trigger_token.created',
        target: { type: 'trigger_token', id: row.id },
        changes: { workflowId: workflow.id, name: row.name },
      });
      return row;
    });
    return { ...mapToken(created), token };
  }

  async list(team: TeamContext, workflowId: string): Promise<TriggerTokenResponse[]> {
    await this.workflows.getOrThrow(team.teamId, workflowId);
    const rows = await this.tokens.find({ where: { teamId: team.teamId, workflowId }, order: { createdAt: 'ASC' } });
    return rows.map(mapToken);
  }

  async revoke(team: TeamContext, workflowId: string, tokenId: string, audit: AuditContext): Promise<void> {
    await this.workflows.getForAction(team, workflowId, 'workflow.run');
    await this.tokens.manager.transaction(async (manager) => {
      const result = await manager.update(TriggerToken, { id: tokenId, workflowId, teamId: team.teamId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
      if (!result.affected) throw new NotFoundException('Trigger token not found');
      await this.audit.record(manager, audit, { teamId: team.teamId, action: 'trigger_token.revoked', target: { type: 'trigger_token', id: tokenId } });
    });
  }

  /**
   * POST /api/workflows/:id/trigger: 401 unless `authorization` carries an unrevoked token made for
   * this workflow, 400 unless the payload is a JSON object, 413 past TRIGGER_PAYLOAD_MAX_BYTES, 429
   * past the plan's run starts, then the manual run's 422 and 409.
   */
  async trigger(workflowId: string, authorization: string | undefined, payload: unknown, audit: AuditContext): Promise<StartedRunResponse> {
    const token = bearerOf(authorization);
    const row = token === null ? null : await this.tokens.findOneBy({ tokenHash: hashOf(token), workflowId, revokedAt: IsNull() });
    const workflow = row ? await this.workflows.getById(workflowId) : null;
    if (!row || !workflow) throw new UnauthorizedException(INVALID_TOKEN);
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new BadRequestException('The payload must be a JSON object');
    if (Buffer.byteLength(JSON.stringify(payload)) > this.payloadMaxBytes) throw new PayloadTooLargeException(`The payload may be at most ${this.payloadMaxBytes} bytes of JSON`);
    const plan = await this.teams.planOf(workflow.teamId);
    if (!plan) throw new UnauthorizedException(INVALID_TOKEN);
    const { allowed, limit } = await this.quotas.takeRunStart(workflow.teamId, plan);
    if (!allowed) throw new TooManyRequestsException(`The team's plan allows ${limit} run starts per hour, and they are used up`, 60, 'quota');
    const actor: AuditContext = { ...audit, actor: { type: 'trigger_token', id: null, tokenId: row.id } };
    return this.runs.startTriggered(workflow, payload, actor, async (manager) => {
      await manager.update(TriggerToken, { id: row.id }, { lastUsedAt: () => 'now()' });
    });
  }
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function bearerOf(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match && match[1].startsWith(TOKEN_PREFIX) ? match[1] : null;
}

function mapToken(row: TriggerToken): TriggerTokenResponse {
  return {
    id: row.id,
    workflowId: row.workflowId,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
