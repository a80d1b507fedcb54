import { isIP } from 'node:net';
import { integer, namespace, size, type DocumentedVariable, type RawEnvironment, type Setting } from './environment.js';

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,62}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}[a-z0-9_])?)*$/;

/** Whether an entry is a hostname, an IP address or a CIDR block (checked here; OutboundPolicy reads it). */
function isAllowedHostEntry(entry: string): boolean {
  const slash = entry.indexOf('/');
  if (slash === -1) return isIP(entry) !== 0 || HOSTNAME.test(entry);
  const address = entry.slice(0, slash);
  const prefix = entry.slice(slash + 1);
  const family = isIP(address);
  if (family === 0 || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** `*` (every public host) or `*.example.com` (its subdomains), as MCP_ALLOWED_HOSTS takes besides the rest. */
function isWildcardEntry(entry: string): boolean {
  return entry === '*' || (entry.startsWith('*.') && HOSTNAME.test(entry.slice(2)) && entry.slice(2).includes('.'));
}

/** A comma-separated list of hosts, addresses and CIDR blocks (and wildcards where `wildcards`), lower-cased; unset is none. */
function allowedHosts(name: string, doc: string, { wildcards }: { wildcards: boolean }): Setting<string[]> {
  const variables: DocumentedVariable[] = [{ name }];
  return {
    doc,
    variables,
    read(raw: RawEnvironment, problems: string[]) {
      const value = raw[name];
      if (typeof value !== 'string' || value.trim() === '') return [];
      const entries = value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== '');
      const bad = entries.filter((entry) => !isAllowedHostEntry(entry) && !(wildcards && isWildcardEntry(entry)));
      if (bad.length > 0) {
        const kinds = wildcards ? 'a hostname, `*`, `*.domain`, an IP address nor a CIDR block' : 'a hostname, an IP address nor a CIDR block';
        problems.push(`${name} has entries that are neither ${kinds}: ${bad.join(', ')}`);
        return [];
      }
      return entries;
    },
  };
}

export const OUTBOUND_VARIABLES = namespace('Outbound requests (webhooks, MCP servers)', {
  allowedHosts: allowedHosts(
    'OUTBOUND_ALLOWED_HOSTS',
    'Comma-separated hosts, IP addresses and CIDR blocks that webhook deliveries may reach even though they are private, loopback or ' +
      'link-local (e.g. `hooks.internal,10.1.0.0/16`); plain http is allowed only to these. Unset: only public addresses, over https.',
    { wildcards: false },
  ),
  mcpAllowedHosts: allowedHosts(
    'MCP_ALLOWED_HOSTS',
    'The hosts teams may connect MCP servers on, comma-separated (e.g. `*.tools.example.com,mcp.internal,10.1.0.0/16`); unset, teams connect none. `*` is any public host, ' +
      '`*.example.com` its subdomains (public addresses only); a hostname, IP address or CIDR block named outright may also be private or ' +
      'loopback and take plain http. Checked at registration and at every connection, after DNS (README: Connecting MCP servers).',
    { wildcards: true },
  ),
  timeoutMs: integer({
    name: 'OUTBOUND_TIMEOUT_MS',
    default: 10_000,
    min: 100,
    max: 120_000,
    doc: 'How long one outbound request may take, connection to last byte, in ms.',
  }),
  maxResponseBytes: size({
    name: 'OUTBOUND_MAX_RESPONSE_SIZE',
    default: '1mb',
    example: '256kb or 1mb',
    doc: 'The largest response body an outbound request reads; a larger one fails the request.',
  }),
});

/** The outbound namespace's values, as read. */
export interface OutboundSettings {
  /** Lower-cased hostnames, IP addresses and CIDR blocks reachable although private, and over http. */
  allowedHosts: string[];
  /** The same for MCP servers, plus `*` and `*.domain`: the only hosts a team's MCP server may be on. */
  mcpAllowedHosts: string[];
  timeoutMs: number;
  maxResponseBytes: number;
}
