import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createMCPClient, type ListToolsResult, type MCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import type { Tool, ToolSet } from 'ai';
import type { AppConfig } from '../../config/configuration.js';
import type { McpSettings } from '../../config/mcp.config.js';
import { Metrics } from '../../metrics/metrics.service.js';
import { OutboundService } from '../../outbound/outbound.service.js';
import type { McpCallRecord } from '../reply-metadata.js';
import { unaskedApprovalMessage } from '../tool-approvals.js';
import type { McpConnectionTestResponse, McpToolListing } from './mcp-server.response.js';
import { McpServersService, type McpServerConnection } from './mcp-servers.service.js';

/** The longest tool name models accept (OpenAI's limit). */
const MAX_TOOL_NAME_LENGTH = 64;

/** The name an agent sees for a server's tool: prefixed, so it never meets a built-in or another server's tool. */
export function agentToolName(serverName: string, toolName: string): string {
  return `mcp_${serverName}__${toolName.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/**
 * What a reply does with a tool the team marked "needs approval": `ask` gives it the AI SDK's
 * `needsApproval` (a chat client answers the request with the next turn; a run step pauses until a
 * person decides); `refuse` fails each call with a tool error that says why, where nobody can be
 * asked (/v1, an MCP client).
 */
export type ToolApprovals = 'ask' | 'refuse';

/** The MCP tools of one reply, the servers that could not be reached, and the connections to close when it ends. */
export interface McpToolbox {
  tools: ToolSet;
  unreachable: { server: string; error: string }[];
  /** Each call made so far, for the reply's metadata. */
  calls: McpCallRecord[];
  close(): Promise<void>;
}

type Outcome = McpCallRecord['outcome'];

/** A tool call that failed in a way the model and the user are told about, with the outcome it is metered as. */
export class McpCallError extends Error {
  constructor(
    message: string,
    readonly outcome: Outcome,
  ) {
    super(message);
  }
}

/**
 * Connects a reply to its team's MCP servers (Streamable HTTP, else SSE, through the outbound
 * policy's pinned fetch) and to the deployment's stdio servers (a process started for the reply),
 * and turns their tools into AI SDK tools bounded by MCP_CALL_TIMEOUT_MS, MCP_MAX_RESULT_SIZE and
 * MCP_MAX_CONCURRENT_CALLS. A team only gives URLs: stdio commands come from the operator's file.
 */
@Injectable()
export class McpToolsService {
  private readonly logger = new Logger(McpToolsService.name);
  private readonly settings: McpSettings;
  /** Per server id: calls running on this instance, and those waiting for a turn. */
  private readonly lanes = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(
    private readonly servers: McpServersService,
    private readonly outbound: OutboundService,
    private readonly metrics: Metrics,
    config: ConfigService<AppConfig, true>,
  ) {
    this.settings = config.get('mcp', { infer: true });
  }

  /** The tools the team's servers give this agent; a server that fails to connect is listed, not thrown. */
  async open(teamId: string, agentId: string, approvals: ToolApprovals): Promise<McpToolbox> {
    const connections = await this.servers.connectionsFor(teamId, agentId);
    const clients: MCPClient[] = [];
    const tools: ToolSet = {};
    const unreachable: McpToolbox['unreachable'] = [];
    const calls: McpCallRecord[] = [];
    await Promise.all(
      connections.map(async (server) => {
        try {
          const client = await this.connect(server);
          clients.push(client);
          const listing = await client.listTools({ options: { timeout: this.settings.callTimeoutMs } });
          const usable = { ...listing, tools: listing.tools.filter((tool) => statusOf(server, tool.name) !== 'not_allowed') };
          for (const [name, mcpTool] of Object.entries(client.toolsFromDefinitions(usable))) {
            const exposed = agentToolName(server.name, name);
            if (exposed.length > MAX_TOOL_NAME_LENGTH) continue;
            const needsApproval = statusOf(server, name) === 'needs_approval';
            if (needsApproval && approvals === 'refuse') tools[exposed] = this.refused(server, name, mcpTool, calls);
            else tools[exposed] = { ...this.bounded(server, name, mcpTool, calls), ...(needsApproval ? { needsApproval: true } : {}) };
          }
        } catch (error) {
          unreachable.push({ server: server.name, error: describe(error) });
        }
      }),
    );
    return {
      tools,
      unreachable,
      calls,
      close: async () => {
        await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
      },
    };
  }

  /** Connects to one registration and lists its tools, marking which the agents get; a failure is the answer's `error`. */
  async test(teamId: string, serverId: string): Promise<McpConnectionTestResponse> {
    const server = await this.servers.connectionOf(teamId, serverId);
    let client: MCPClient | undefined;
    try {
      client = await this.connect(server);
      const { tools } = await client.listTools({ options: { timeout: this.settings.callTimeoutMs } });
      return { ok: true, serverName: client.serverInfo.name, tools: tools.map((tool) => listing(server, tool)) };
    } catch (error) {
      return { ok: false, error: describe(error) };
    } finally {
      await client?.close().catch(() => undefined);
    }
  }

  private async connect(server: McpServerConnection): Promise<MCPClient> {
    const initializationOptions = { timeout: this.settings.callTimeoutMs };
    const onUncaughtError = (error: unknown) => this.logger.debug(`MCP server ${server.name}: ${describe(error)}`);
    if (server.transport === 'stdio') {
      // The process's stderr is not the app's log: its failures reach the team as the connection's error.
      const transport = new StdioMCPTransport({ ...server.stdio, stderr: 'ignore' });
      try {
        const client = await createMCPClient({ transport, initializationOptions, onUncaughtError });
        this.metrics.mcpConnections.inc({ outcome: 'ok' });
        return client;
      } catch (error) {
        this.metrics.mcpConnections.inc({ outcome: 'failed' });
        await transport.close();
        throw new Error(`its process could not be started or exited before answering (${describe(error)})`, { cause: error });
      }
    }
    const fetch = this.fetchFor();
    const options = { url: server.url, headers: server.headers, redirect: 'error' as const, fetch };
    try {
      const client = await createMCPClient({ transport: { type: 'http', ...options }, initializationOptions, onUncaughtError });
      this.metrics.mcpConnections.inc({ outcome: 'ok' });
      return client;
    } catch (httpError) {
      // Servers of the older protocol speak only SSE; when that fails too, Streamable HTTP's error is the one told.
      try {
        const client = await createMCPClient({ transport: { type: 'sse', ...options }, initializationOptions, onUncaughtError });
        this.metrics.mcpConnections.inc({ outcome: 'ok' });
        return client;
      } catch {
        this.metrics.mcpConnections.inc({ outcome: 'failed' });
        throw httpError;
      }
    }
  }

  /** fetch for the transport: the outbound policy's, pinned to the checked address, bounded by the call timeout and result size. */
  private fetchFor(): typeof globalThis.fetch {
    return async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      const body = init?.body;
      if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
        throw new TypeError('MCP requests send text bodies');
      }
      return this.outbound.fetch(url, 'mcp', {
        method: init?.method,
        headers: init?.headers,
        body: body ?? undefined,
        signal: init?.signal ?? undefined,
        timeoutMs: this.settings.callTimeoutMs,
        // The result's own cap is checked on the parsed result; the wire carries JSON-RPC framing around it.
        maxResponseBytes: this.settings.maxResultBytes * 2 + 64 * 1024,
      });
    };
  }

  private bounded(server: McpServerConnection, name: string, mcpTool: Tool, calls: McpCallRecord[]): Tool {
    const execute = mcpTool.execute;
    if (!execute) return mcpTool;
    return {
      ...mcpTool,
      execute: async (input, options) => {
        const started = performance.now();
        let outcome: Outcome = 'failed';
        const release = await this.turn(server.id);
        const timeout = AbortSignal.timeout(this.settings.callTimeoutMs);
        const signal = options.abortSignal ? AbortSignal.any([options.abortSignal, timeout]) : timeout;
        try {
          const result: unknown = await raceTimeout(execute(input, { ...options, abortSignal: signal }), timeout, () =>
            new McpCallError(`${name} on ${server.name} did not answer within ${this.settings.callTimeoutMs} ms`, 'timeout'),
          );
          checkResult(name, result, this.settings.maxResultBytes);
          outcome = 'ok';
          return result;
        } catch (error) {
          if (error instanceof McpCallError) {
            outcome = error.outcome;
            throw error;
          }
          if (timeout.aborted) {
            outcome = 'timeout';
            throw new McpCallError(`${name} on ${server.name} did not answer within ${this.settings.callTimeoutMs} ms`, 'timeout');
          }
          throw new McpCallError(`${name} on ${server.name} failed: ${describe(error)}`, 'failed');
        } finally {
          release();
          const durationMs = Math.round(performance.now() - started);
          calls.push({ server: server.name, tool: name, outcome, durationMs });
          this.metrics.mcpToolCalls.inc({ outcome });
          this.metrics.mcpToolDuration.observe({ outcome }, durationMs / 1000);
        }
      },
    };
  }

  /** A tool that needs approval where nobody can be asked: each call is a tool error saying so, metered as `refused`. */
  private refused(server: McpServerConnection, name: string, mcpTool: Tool, calls: McpCallRecord[]): Tool {
    return {
      ...mcpTool,
      execute: () => {
        calls.push({ server: server.name, tool: name, outcome: 'refused', durationMs: 0 });
        this.metrics.mcpToolCalls.inc({ outcome: 'refused' });
        throw new McpCallError(unaskedApprovalMessage(`${name} on ${server.name}`), 'refused');
      },
    };
  }

  /** Waits for a free place among the server's MCP_MAX_CONCURRENT_CALLS; the returned function gives it back. */
  private async turn(serverId: string): Promise<() => void> {
    let lane = this.lanes.get(serverId);
    if (!lane) this.lanes.set(serverId, (lane = { running: 0, waiting: [] }));
    const current = lane;
    if (current.running >= this.settings.maxConcurrentCalls) await new Promise<void>((resolve) => current.waiting.push(resolve));
    else current.running += 1;
    return () => {
      const next = current.waiting.shift();
      if (next) next();
      else if ((current.running -= 1) === 0) this.lanes.delete(serverId);
    };
  }
}

function statusOf(server: Pick<McpServerConnection, 'allowedTools' | 'approvalTools'>, tool: string): McpToolListing['status'] {
  if (server.allowedTools !== null && !server.allowedTools.includes(tool)) return 'not_allowed';
  if (server.approvalTools.includes(tool)) return 'needs_approval';
  return 'available';
}

function listing(server: McpServerConnection, tool: ListToolsResult['tools'][number]): McpToolListing {
  const status = statusOf(server, tool.name);
  const agentTool = agentToolName(server.name, tool.name);
  const note =
    status === 'needs_approval'
      ? 'Needs approval: a chat asks the user before each call, a run step pauses for a decision; /v1 and MCP clients refuse it'
      : status === 'not_allowed'
        ? 'Not in the allowed tools'
        : agentTool.length > MAX_TOOL_NAME_LENGTH
          ? `Its name as an agent tool is longer than ${MAX_TOOL_NAME_LENGTH} characters: skipped`
          : undefined;
  return { name: tool.name, agentToolName: agentTool, description: tool.description ?? '', status, ...(note ? { note } : {}) };
}

/** A result the server marked as an error is the model's tool error; one over the size cap is refused. */
function checkResult(name: string, result: unknown, maxBytes: number): void {
  const value = result as { isError?: boolean; content?: { type: string; text?: string }[] } | undefined;
  if (value?.isError) {
    const text = (value.content ?? []).map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join(' ').trim();
    throw new McpCallError(`${name} reported an error: ${text.slice(0, 500) || 'no details'}`, 'tool_error');
  }
  if (Buffer.byteLength(JSON.stringify(result ?? null)) > maxBytes) {
    throw new McpCallError(`${name} returned more than ${maxBytes} bytes, more than the assistant passes on`, 'too_large');
  }
}

function raceTimeout<T>(work: PromiseLike<T> | T, timeout: AbortSignal, error: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onTimeout = () => reject(error());
    if (timeout.aborted) return onTimeout();
    timeout.addEventListener('abort', onTimeout, { once: true });
    Promise.resolve(work).then(
      (value) => {
        timeout.removeEventListener('abort', onTimeout);
        resolve(value);
      },
      (reason: unknown) => {
        timeout.removeEventListener('abort', onTimeout);
        reject(reason instanceof Error ? reason : new Error(String(reason)));
      },
    );
  });
}

/** An error's message for the team and the model: what failed, never a stack. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${message}${cause}`.slice(0, 500);
}
