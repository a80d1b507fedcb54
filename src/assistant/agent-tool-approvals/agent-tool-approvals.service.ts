import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuditContext } from '../../audit-events/audit-context.js';
import { AuditService } from '../../audit-events/audit.service.js';
import { AGENT_IDS, AGENTS, type AgentId, isAgentId } from '../agents/agents.js';
import type { ToolName } from '../tools/index.js';
import { AgentToolApproval } from './agent-tool-approval.entity.js';
import type { AgentToolApprovalsResponse } from './agent-tool-approvals.response.js';

/**
 * Which built-in tools of each agent need a person's approval, per team (none by default): the one
 * owner of `agent_tool_approvals`. A reply gives those tools the AI SDK's `needsApproval`, as it
 * does a team's MCP tools marked so (ReplyGenerator).
 */
@Injectable()
export class AgentToolApprovalsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** Every agent, with its built-in tools and those that need approval in the team. */
  async list(teamId: string): Promise<AgentToolApprovalsResponse[]> {
    const rows = await this.dataSource.getRepository(AgentToolApproval).findBy({ teamId });
    const byAgent = new Map(rows.map((row) => [row.agentId, row.tools]));
    return AGENT_IDS.map((agentId) => responseOf(agentId, byAgent.get(agentId) ?? []));
  }

  /** The agent's built-in tools that need approval in the team, for a reply. */
  async approvalToolsOf(teamId: string, agentId: AgentId): Promise<ToolName[]> {
    const row = await this.dataSource.getRepository(AgentToolApproval).findOneBy({ teamId, agentId });
    return knownTools(agentId, row?.tools ?? []);
  }

  /** Replaces the list (each a tool of that agent; [] for none) and records the change in the audit trail, in one transaction. */
  async set(teamId: string, agentId: string, approvalTools: string[], audit: AuditContext): Promise<AgentToolApprovalsResponse> {
    if (!isAgentId(agentId)) throw new NotFoundException(`No agent "${agentId}"; the agents are: ${AGENT_IDS.join(', ')}`);
    const offered: readonly string[] = AGENTS[agentId].tools;
    const foreign = approvalTools.filter((tool) => !offered.includes(tool));
    if (foreign.length > 0) {
      throw new BadRequestException(`approvalTools: ${foreign.join(', ')} ${foreign.length === 1 ? 'is not a tool' : 'are not tools'} of the ${agentId} agent (its tools: ${offered.join(', ')})`);
    }
    await this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(AgentToolApproval);
      // Locked, so the `before` recorded is the list replaced.
      const existing = await repository.findOne({ where: { teamId, agentId }, lock: { mode: 'pessimistic_write' } });
      if (approvalTools.length === 0) await repository.delete({ teamId, agentId });
      else await repository.upsert({ teamId, agentId, tools: approvalTools }, ['teamId', 'agentId']);
      await this.audit.record(manager, audit, {
        teamId,
        action: 'agent.tool_approvals_changed',
        target: { type: 'agent', id: agentId },
        changes: { approvalTools: { before: existing?.tools ?? [], after: approvalTools } },
      });
    });
    return responseOf(agentId, approvalTools);
  }
}

function responseOf(agentId: AgentId, approvalTools: readonly string[]): AgentToolApprovalsResponse {
  return { agentId, tools: AGENTS[agentId].tools, approvalTools: knownTools(agentId, approvalTools) };
}

/** The stored names that are still tools of the agent, in the agent's order (a tool may have left it since). */
function knownTools(agentId: AgentId, stored: readonly string[]): ToolName[] {
  return AGENTS[agentId].tools.filter((tool) => stored.includes(tool));
}
