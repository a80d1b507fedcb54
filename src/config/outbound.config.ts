import { isIP } from 'node:net';
import { integer, namespace, size, type DocumentedVariable, type RawEnvironment, type Setting } from './environment.js';

const ALLOWED_HOSTS_NAME = 'OUTBOUND_ALLOWED_HOSTS';
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

/** A comma-separated list of hosts, addresses and CIDR blocks, lower-cased; unset is none. */
function allowedHosts(doc: string): Setting<string[]> {
  const variables: DocumentedVariable[] = [{ name: ALLOWED_HOSTS_NAME }];
  return {
    doc,
    variables,
    read(raw: RawEnvironment, problems: string[]) {
      const value = raw[ALLOWED_HOSTS_NAME];
      if (typeof value !== 'string' || value.trim() === '') return [];
      const entries = value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== '');
      const bad = entries.filter((entry) => !isAllowedHostEntry(entry));
      if (bad.length > 0) {
        problems.push(`${ALLOWED_HOSTS_NAME} has entries that are neither a hostname, an IP address nor a CIDR block: ${bad.join(', ')}`);
        return [];
      }
      return entries;
    },
  };
}

export const OUTBOUND_VARIABLES = namespace('Outbound requests (webhooks, MCP servers)', {
  allowedHosts: allowedHosts(
    'Comma-separated hosts, IP addresses and CIDR blocks that outbound requests may reach even though they are private, loopback or ' +
      'link-local (e.g. `hooks.internal,10.1.0.0/16`); plain http is allowed only to these. Unset: only public addresses, over https.',
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
  timeoutMs: number;
  maxResponseBytes: number;
}
