import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { invalid } from './environment.js';

/** One stdio MCP server the operator runs for the whole deployment (MCP_STDIO_SERVERS_FILE). */
export interface McpStdioServer {
  name: string;
  command: string;
  args: string[];
  /** The process's whole environment besides HOME, LOGNAME, PATH, SHELL, TERM and USER: the app's own is never passed on. */
  env: Record<string, string>;
  cwd?: string;
  /** null: every agent. Checked against the agents when the assistant starts. */
  agentIds: string[] | null;
  /** null: every tool the server offers. */
  allowedTools: string[] | null;
  approvalTools: string[];
}

const names = z.array(z.string().min(1).max(64));

const serverSchema = z
  .object({
    // The same rule as a team's server names: agent tools are `mcp_<name>__<tool>`.
    name: z.string().regex(/^[a-z0-9_]{1,24}$/, 'must be 1 to 24 of a-z, 0-9 and _'),
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
    cwd: z.string().min(1).optional(),
    agentIds: names.nullable().default(null),
    allowedTools: names.nullable().default(null),
    approvalTools: names.default([]),
  })
  .strict();

const fileSchema = z
  .object({ servers: z.array(serverSchema) })
  .strict()
  .superRefine(({ servers }, context) => {
    const seen = new Set<string>();
    servers.forEach(({ name }, index) => {
      if (seen.has(name)) context.addIssue({ code: 'custom', path: ['servers', index, 'name'], message: `${name} is named twice` });
      seen.add(name);
    });
  });

/** Reads and checks the operator's file; anything wrong with it refuses the start, naming the file and the fault. */
export function readMcpStdioServers(file: string | undefined): McpStdioServer[] {
  if (file === undefined) return [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw invalid(`MCP_STDIO_SERVERS_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalid(`MCP_STDIO_SERVERS_FILE: ${file} is not JSON (${(error as Error).message})`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    throw invalid(...parsed.error.issues.map((issue) => `MCP_STDIO_SERVERS_FILE: ${file}: ${issue.path.join('.') || 'the file'}: ${issue.message}`));
  }
  return parsed.data.servers;
}
