import type { AgentId } from './agents/agents.js';

/** Message metadata on every reply: which agent and model answered, in which conversation. */
export interface ReplyMetadata {
  agentId: AgentId;
  modelId: string;
  conversationId: string;
  usage?: { inputTokens?: number; outputTokens?: number };
  /** The reply's calls to tools of the team's MCP servers, metered per team here (metrics carry no team). */
  mcpCalls?: McpCallRecord[];
  /** Set on a reply that was stopped before it ended: it holds what was generated until then. */
  stopped?: true;
}

/** One call to a tool of a team's MCP server, as recorded with the reply. */
export interface McpCallRecord {
  server: string;
  tool: string;
  /** `refused`: the tool needs approval and the reply could not ask for it (/v1, an MCP client). */
  outcome: 'ok' | 'tool_error' | 'timeout' | 'too_large' | 'failed' | 'refused';
  durationMs: number;
}

/** A tool call's arguments: parsed JSON, as the model gave them. */
export type ToolInput = object | string | number | boolean | null;
