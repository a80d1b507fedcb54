import { isIPv4, isIPv6 } from 'node:net';

/** An IP address as a number: 32 bits for IPv4, 128 for IPv6. */
export interface IpAddress {
  family: 4 | 6;
  value: bigint;
}

function parseIpv4(text: string): bigint {
  return text.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

/** Parses a canonical IPv4 or IPv6 literal (no brackets, no zone); null for anything else. */
export function parseIp(text: string): IpAddress | null {
  if (isIPv4(text)) return { family: 4, value: parseIpv4(text) };
  if (!isIPv6(text)) return null;
  let groups = text.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(groups);
  if (dotted) {
    const v4 = parseIpv4(dotted[1]);
    groups = `${groups.slice(0, -dotted[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = groups.includes('::') ? groups.split('::') : [groups, undefined];
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = tail === undefined || tail === '' ? [] : tail.split(':');
  const parts = tail === undefined ? headParts : [...headParts, ...Array<string>(8 - headParts.length - tailParts.length).fill('0'), ...tailParts];
  return { family: 6, value: parts.reduce((value, part) => (value << 16n) | BigInt(parseInt(part, 16)), 0n) };
}

/** A CIDR block, such as 10.0.0.0/8 or fc00::/7; a bare address is a block of one. */
export interface IpBlock {
  family: 4 | 6;
  network: bigint;
  prefix: number;
}

export function parseBlock(text: string): IpBlock | null {
  const [address, prefixText] = text.split('/');
  const ip = parseIp(address);
  if (!ip) return null;
  const bits = ip.family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits) return null;
  return { family: ip.family, network: ip.value >> BigInt(bits - prefix), prefix };
}

export function blockContains(block: IpBlock, ip: IpAddress): boolean {
  if (block.family !== ip.family) return false;
  const bits = ip.family === 4 ? 32 : 128;
  return ip.value >> BigInt(bits - block.prefix) === block.network;
}

function blocks(...texts: string[]): IpBlock[] {
  return texts.map((text) => parseBlock(text)!);
}

/** IPv6 ranges that carry an IPv4 address in their last 32 bits: that address is what gets reached. */
const EMBEDDING_IPV4 = blocks('::ffff:0:0/96', '64:ff9b::/96', '::/96');

/** Addresses no outbound request reaches unless the operator allows them (RFC 6890 special-purpose, roughly). */
const NOT_PUBLIC: Record<string, IpBlock[]> = {
  'the unspecified address': blocks('0.0.0.0/8', '::/128'),
  'a loopback address': blocks('127.0.0.0/8', '::1/128'),
  'a private address': blocks('10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '192.0.0.0/24', '198.18.0.0/15'),
  'a shared (CGNAT) address': blocks('100.64.0.0/10'),
  'a link-local address (cloud metadata lives there)': blocks('169.254.0.0/16', 'fe80::/10', 'fec0::/10'),
  'a unique local address': blocks('fc00::/7'),
  'a multicast address': blocks('224.0.0.0/4', 'ff00::/8'),
  'a reserved address': blocks(
    '240.0.0.0/4',
    '192.0.2.0/24',
    '198.51.100.0/24',
    '203.0.113.0/24',
    '100::/64',
    '2001:db8::/32',
    '2001::/32',
    '2002::/16',
    '64:ff9b:1::/48',
  ),
};

/** The IPv4 address an IPv6 one stands for (IPv4-mapped, NAT64, IPv4-compatible), else the address itself. */
export function effectiveAddress(ip: IpAddress): IpAddress {
  if (ip.family === 6 && EMBEDDING_IPV4.some((block) => blockContains(block, ip)) && ip.value > 1n) {
    return { family: 4, value: ip.value & 0xffffffffn };
  }
  return ip;
}

/** Why an address is not public (e.g. "a loopback address"), or null when it is. */
export function nonPublicKind(address: IpAddress): string | null {
  const ip = effectiveAddress(address);
  for (const [kind, ranges] of Object.entries(NOT_PUBLIC)) {
    if (ranges.some((block) => blockContains(block, ip))) return kind;
  }
  return null;
}
