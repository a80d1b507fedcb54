import { hkdfSync } from 'node:crypto';
import { integer, invalid, namespace, size, text, type ValuesOf } from './environment.js';
import { readMcpStdioServers, type McpStdioServer } from './mcp-stdio-servers.js';

const KEY_LENGTH = 32;

export const MCP_VARIABLES = namespace('MCP servers teams connect, and secrets at rest', {
  secretsEncryptionKey: text({
    name: 'SECRETS_ENCRYPTION_KEY',
    minLength: KEY_LENGTH,
    doc:
      `Encrypts secrets teams hand over (MCP server headers and bearer tokens) at rest with AES-256-GCM (at least ${KEY_LENGTH} characters; ` +
      'changing it makes stored secrets unreadable). Required in production; elsewhere unset derives one from JWT_SECRET.',
  }),
  callTimeoutMs: integer({
    name: 'MCP_CALL_TIMEOUT_MS',
    default: 30_000,
    min: 100,
    max: 600_000,
    doc: "How long one MCP tool call may take before the model is told it timed out, in ms (also bounds connecting to the server).",
  }),
  maxResultBytes: size({
    name: 'MCP_MAX_RESULT_SIZE',
    default: '256kb',
    example: '64kb or 1mb',
    doc: "The largest MCP tool result passed to the model; a larger one is a tool error. Results stay message content.",
  }),
  maxConcurrentCalls: integer({
    name: 'MCP_MAX_CONCURRENT_CALLS',
    default: 4,
    min: 1,
    max: 100,
    doc: 'How many tool calls this instance runs at once against one MCP server; more wait their turn.',
  }),
  stdioServersFile: text({
    name: 'MCP_STDIO_SERVERS_FILE',
    doc:
      "A JSON file of stdio MCP servers the operator runs for every team, e.g. /etc/assistant/mcp-stdio-servers.json (README: Operator's stdio MCP servers); " +
      'read at start, and a missing or invalid file refuses the start. Unset: none.',
  }),
});

export interface McpSettings {
  /** The AES-256 key (32 bytes) sealing team secrets at rest. */
  secretsKey: Buffer;
  callTimeoutMs: number;
  maxResultBytes: number;
  maxConcurrentCalls: number;
  /** The deployment's stdio servers, from MCP_STDIO_SERVERS_FILE: teams never add one. */
  stdioServers: McpStdioServer[];
}

/**
 * A missing key is refused in production (a generated one would differ between instances and lose
 * every stored secret on restart); elsewhere it is derived from JWT_SECRET, stable across restarts.
 */
export function mcpSettings(values: ValuesOf<typeof MCP_VARIABLES>, production: boolean, jwtSecret: string): McpSettings {
  const { secretsEncryptionKey, stdioServersFile, ...limits } = values;
  if (!secretsEncryptionKey && production) throw invalid('SECRETS_ENCRYPTION_KEY is required when NODE_ENV=production');
  const material = secretsEncryptionKey ?? `derived-from-jwt-secret:${jwtSecret}`;
  return { secretsKey: Buffer.from(hkdfSync('sha256', material, '', 'assistant secrets at rest v1', KEY_LENGTH)),
    ...limits,
    stdioServers: readMcpStdioServers(stdioServersFile),
  };
}
