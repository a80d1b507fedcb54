import { blockContains, effectiveAddress, nonPublicKind, parseBlock, parseIp, type IpAddress, type IpBlock } from './ip-address.js';

/** An outbound URL or its address refused by the policy; the message says why, for a 400 or a delivery log. */
export class OutboundUrlError extends Error {}

/**
 * Where outbound requests may go, from an operator's list (OUTBOUND_ALLOWED_HOSTS, MCP_ALLOWED_HOSTS).
 * Hostnames and addresses named outright may be private or loopback and take plain http; blocks
 * let their addresses through. An `onlyListed` list (MCP) also limits the hosts at all: a host must
 * be named, be under a `*.domain`, fall in a block, or the list holds `*`; its wildcards admit public
 * addresses only.
 */
export class OutboundPolicy {
  private readonly hostnames: Set<string>;
  private readonly blocks: IpBlock[];
  private readonly anyHost: boolean;
  /** `.example.com` for `*.example.com`. */
  private readonly domainSuffixes: string[];

  /** `listName` names the variable in refusals; `onlyListed` refuses any host the list does not match. */
  constructor(
    allowedHosts: readonly string[],
    private readonly listName = 'OUTBOUND_ALLOWED_HOSTS',
    private readonly onlyListed = false,
  ) {
    const wildcards = allowedHosts.filter((entry) => entry.startsWith('*'));
    const exact = allowedHosts.filter((entry) => !entry.startsWith('*'));
    const blocks = exact.map((entry) => parseBlock(entry));
    this.blocks = blocks.filter((block): block is IpBlock => block !== null);
    this.hostnames = new Set(exact.filter((_, index) => blocks[index] === null).map((entry) => entry.toLowerCase()));
    this.anyHost = wildcards.includes('*');
    this.domainSuffixes = wildcards.filter((entry) => entry !== '*').map((entry) => entry.slice(1).toLowerCase());
  }

  hostAllowed(hostname: string): boolean {
    return this.hostnames.has(hostname.toLowerCase());
  }

  addressAllowed(address: IpAddress): boolean {
    return [address, effectiveAddress(address)].some((ip) => this.blocks.some((block) => blockContains(block, ip)));
  }

  /** Whether a host may be reached at all (before its addresses are judged): always, unless the list is `onlyListed`. */
  hostListed(hostname: string, literal: IpAddress | null): boolean {
    if (!this.onlyListed || this.anyHost || this.hostAllowed(hostname)) return true;
    if (literal) return this.addressAllowed(literal);
    const lower = hostname.toLowerCase().replace(/\.$/, '');
    return this.domainSuffixes.some((suffix) => lower.endsWith(suffix));
  }

  /** Why an unlisted host is refused, for a 400. */
  unlistedHost(hostname: string): string {
    const none = !this.anyHost && this.hostnames.size === 0 && this.blocks.length === 0 && this.domainSuffixes.length === 0;
    if (none) return `The operator allows no hosts for this (${this.listName} is unset)`;
    return `The host ${hostname} is not among the hosts the operator allows (${this.listName})`;
  }

  /** Why plain http is refused. */
  plainHttp(): string {
    return `The URL must use https (plain http only to hosts the operator lists in ${this.listName})`;
  }
}

/** The host of a parsed URL without IPv6 brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * Checks a URL without any DNS look-up, as at registration: http(s) only, no credentials in it, a host
 * the policy lists when it lists only some (MCP), https unless its host is listed (by name, or as an address in a listed block),
 * and no literal non-public address or `localhost` unless listed. The WHATWG parser has already
 * turned decimal, octal and hex IPv4 forms (http://2130706433/, http://0177.1/) into dotted ones.
 */
export function checkOutboundUrl(text: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundUrlError('The URL is not a valid absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundUrlError('The URL must use https');
  if (url.username !== '' || url.password !== '') throw new OutboundUrlError('The URL must not carry a user name or password');
  const hostname = bareHostname(url);
  const literal = parseIp(hostname);
  if (!policy.hostListed(hostname, literal)) throw new OutboundUrlError(policy.unlistedHost(hostname));
  const listed = policy.hostAllowed(hostname) || (literal !== null && policy.addressAllowed(literal));
  if (listed) return url;
  const kind = literal ? nonPublicKind(literal) : /(^|\.)localhost\.?$/i.test(hostname) ? 'a loopback address' : null;
  if (kind) throw new OutboundUrlError(`The URL points to ${kind}, which outbound requests may not reach`);
  if (url.protocol === 'http:') throw new OutboundUrlError(policy.plainHttp());
  return url;
}

/** One address a hostname resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a hostname to all its addresses (dns.lookup by default; tests pass their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * The one address a request to `url` may connect to: the literal itself, or the first address the
 * hostname resolves to when every address it resolves to is public (or the host or address is
 * listed). Refusing when any is not public keeps a name that mixes answers from slipping through.
 */
export async function resolveOutboundAddress(url: URL, policy: OutboundPolicy, resolve: Resolver): Promise<ResolvedAddress> {
  const hostname = bareHostname(url);
  const literal = parseIp(hostname);
  if (literal) return { address: hostname, family: literal.family };
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch {
    throw new OutboundUrlError(`The host ${hostname} does not resolve`);
  }
  if (addresses.length === 0) throw new OutboundUrlError(`The host ${hostname} does not resolve`);
  if (policy.hostAllowed(hostname)) return addresses[0];
  for (const { address } of addresses) {
    const ip = parseIp(address);
    if (!ip) throw new OutboundUrlError(`The host ${hostname} resolves to something that is not an address`);
    const kind = nonPublicKind(ip);
    if (kind && !policy.addressAllowed(ip)) {
      throw new OutboundUrlError(`The host ${hostname} resolves to ${kind} (${address}), which outbound requests may not reach`);
    }
  }
  return addresses[0];
}
