/** A registration as the API shows it: secrets masked, never their values. */
export interface McpServerResponse {
  id: string;
  name: string;
  url: string;
  /** Each header sent, its value masked. */
  headers: Record<string, string>;
  allowedTools: string[] | null;
  agentIds: string[] | null;
  approvalTools: string[];
  createdAt: string;
  updatedAt: string;
}

/** One tool the server offers, and whether the agents get it. */
export interface McpToolListing {
  name: string;
  /** The name the agents see. */
  agentToolName: string;
  description: string;
  status: 'available' | 'not_allowed' | 'needs_approval';
  note?: string;
}

/** What `POST …/test` found: the tools, or why the server could not be reached. */
export type McpConnectionTestResponse = { ok: true; serverName: string; tools: McpToolListing[] } | { ok: false; error: string };
