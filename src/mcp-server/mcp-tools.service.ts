import { randomUUID } from 'node:crypto';
import { HttpException, Injectable } from '@nestjs/common';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { AuditContext } from '../audit-events/audit-context.js';
import { ApprovalInboxService } from '../approvals/approval-inbox.service.js';
import { ApprovalsService } from '../approvals/approvals.service.js';
import type { AssetResponse } from '../assets/asset.response.js';
import { AssetsService } from '../assets/assets.service.js';
import { AGENT_IDS } from '../assistant/agents/agents.js';
import { ChatStreamService } from '../assistant/chat-stream.service.js';
import { LiveRepliesService } from '../assistant/live-replies.service.js';
import { CONVERSATION_REFERENCE } from '../conversations/conversations.service.js';
import { ASSET_PAGE_DEFAULT } from '../assets/dto/list-assets.query.dto.js';
import { RunsService } from '../runs/runs.service.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { type Action, refusal } from '../teams/permissions/permissions.js';
import { WorkflowsService } from '../workflows/workflows.service.js';

const ASSET_URI = /^asset:\/\/(\d{1,15})$/;

/** Who calls, for the tools: the API token's team context and the request's client. */
export interface McpCaller {
  team: TeamContext;
  audit: AuditContext;
}

/**
 * The service's MCP server for one caller: each tool calls the service the HTTP route calls, after
 * the same permission check; a read token is not offered the write tools at all. A refusal or a bad
 * argument is a tool error (isError), never a failed request.
 */
@Injectable()
export class McpToolsService {
  constructor(
    private readonly workflows: WorkflowsService,
    private readonly runs: RunsService,
    private readonly assets: AssetsService,
    private readonly approvals: ApprovalsService,
    private readonly inbox: ApprovalInboxService,
    private readonly chat: ChatStreamService,
    private readonly live: LiveRepliesService,
  ) {}

  serverFor(caller: McpCaller): McpServer {
    const { team } = caller;
    const server = new McpServer({ name: 'agents-service', version: '1.0.0' });
    const writes = team.scope === 'read-write';

    server.registerTool(
      'list_workflows',
      { description: "The team's workflows with their status and latest run.", inputSchema: {} },
      () => this.call(team, 'workflow.read', 'GET', () => this.workflows.list(team.teamId)),
    );
    server.registerTool(
      'get_run',
      { description: "A run of a workflow: its status, steps, input and decisions.", inputSchema: { workflowId: z.uuid(), runId: z.number().int().positive() } },
      ({ workflowId, runId }) => this.call(team, 'workflow.read', 'GET', () => this.runs.detail(team, workflowId, runId)),
    );
    server.registerTool(
      'list_assets',
      { description: "The team's assets (posts, images, documents), newest first, with asset:// links.", inputSchema: {} },
      () => this.call(team, 'asset.read', 'GET', async () => (await this.assets.list(team, { limit: ASSET_PAGE_DEFAULT, offset: 0 })).map((asset) => ({ ...asset, uri: `asset://${asset.id}` }))),
    );
    server.registerTool(
      'get_asset',
      { description: 'One asset of the team by id.', inputSchema: { assetId: z.number().int().positive() } },
      ({ assetId }) => this.call(team, 'asset.read', 'GET', () => this.assets.get(team, assetId)),
    );
    server.registerTool(
      'list_pending_approvals',
      {
        description:
          "What waits for the token owner's decision, longest waiting first: plan approvals mailed to them and run steps they may decide (decide_step), with what each step made (GET /api/approvals).",
        inputSchema: {},
      },
      () => this.call(team, 'workflow.approve', 'GET', () => this.inbox.list(team)),
    );
    server.registerResource(
      'asset',
      new ResourceTemplate('asset://{id}', { list: undefined }),
      { description: 'An asset of the team', mimeType: 'application/json' },
      async (uri) => {
        const match = ASSET_URI.exec(uri.href);
        const asset = match ? await this.assets.get(team, Number(match[1])) : null;
        if (!asset) throw new Error('Asset not found');
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(asset) }] };
      },
    );
    if (!writes) return server;

    server.registerTool(
      'ask_agent',
      {
        description:
          "A chat turn with the team's agents (the router picks one unless agentId names it): the reply's text and the assets it made, as asset:// links. Give conversationId to continue a conversation.",
        inputSchema: {
          message: z.string().min(1).max(100_000),
          agentId: z.enum(AGENT_IDS).optional(),
          conversationId: z.string().regex(CONVERSATION_REFERENCE).optional(),
        },
      },
      ({ message, agentId, conversationId }, { signal }) =>
        this.call(team, 'conversation.write', 'POST', () => this.ask(team, message, agentId ?? null, conversationId ?? null, signal)),
    );
    server.registerTool(
      'start_run',
      { description: 'Starts a run of an active workflow (fails while another run is in progress).', inputSchema: { workflowId: z.uuid() } },
      ({ workflowId }) => this.call(team, 'workflow.run', 'POST', () => this.runs.startManual(team, workflowId, caller.audit)),
    );
    server.registerTool(
      'decide_step',
      {
        description: 'Approves or rejects the step a run is paused on; a rejected step is done again with the note as feedback.',
        inputSchema: {
          workflowId: z.uuid(),
          runId: z.number().int().positive(),
          stepIndex: z.number().int().min(0).max(99),
          action: z.enum(['approve', 'reject']),
          note: z.string().max(2000).optional(),
        },
      },
      ({ workflowId, runId, stepIndex, action, note }) =>
        this.call(team, 'workflow.approve', 'POST', () => this.approvals.decideFromDashboard(team, workflowId, runId, { stepIndex, action, note }, caller.audit)),
    );
    return server;
  }

  /**
   * A chat turn through the chat route's service (same checks, budget, storage), its reply read to
   * the end. Tools that need a person's approval are refused: an MCP client cannot answer one.
   */
  private async ask(team: TeamContext, text: string, agentId: string | null, conversationId: string | null, signal: AbortSignal): Promise<AskAgentResult> {
    const message = { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] };
    const started = await this.chat.begin(team, { messages: [message], conversationId, agentId, toolApprovals: 'refuse' });
    let reply = '';
    const assets: AssetResponse[] = [];
    for await (const chunk of this.live.chunks(started.streamId, signal)) {
      if (chunk.type === 'text-delta') reply += chunk.delta;
      else if (chunk.type === 'data-asset') assets.push(chunk.data as AssetResponse);
      else if (chunk.type === 'error') throw new ReplyFailedError(chunk.errorText);
    }
    return {
      conversationId: started.conversationId,
      text: reply,
      assets: assets.map((asset) => ({ id: asset.id, type: asset.type, title: asset.title, uri: `asset://${asset.id}` })),
    };
  }

  /** The permission table's answer for the token, then the service's result as JSON, or its refusal as a tool error. */
  private async call(team: TeamContext, action: Action, method: 'GET' | 'POST', work: () => Promise<unknown>): Promise<CallToolResult> {
    const refused = refusal(team, action, method);
    if (refused) return toolError(refused);
    try {
      return { content: [{ type: 'text', text: JSON.stringify(await work()) }] };
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() < 500) return toolError(error.message);
      if (error instanceof ReplyFailedError) return toolError(error.message);
      throw error;
    }
  }
}

/** What ask_agent answers: the reply's text, and the assets its tools saved as links to this server's resources. */
interface AskAgentResult {
  conversationId: string;
  text: string;
  assets: { id: number; type: string; title: string; uri: string }[];
}

/** A reply that ended with an error part: its text is already the user's message (never internals). */
class ReplyFailedError extends Error {}

function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}
