import { checkOutboundUrl, OutboundPolicy, OutboundUrlError, resolveOutboundAddress, type Resolver } from './outbound-policy.js';

const NONE = new OutboundPolicy([]);

function refusal(url: string, policy = NONE): string {
  try {
    checkOutboundUrl(url, policy);
  } catch (error) {
    if (error instanceof OutboundUrlError) return error.message;
    throw error;
  }
  return 'allowed';
}

describe('checkOutboundUrl', () => {
  it('allows https to public names and addresses', () => {
    expect(refusal('https://hooks.example.com/in')).toBe('allowed');
    expect(refusal('https://93.184.216.34/in')).toBe('allowed');
    expect(refusal('https://[2606:4700::1111]/in')).toBe('allowed');
  });

  it.each([
    ['https://127.0.0.1/', 'loopback'],
    ['https://127.1.2.3/', 'loopback'],
    ['https://[::1]/', 'loopback'],
    ['https://localhost/', 'loopback'],
    ['https://LOCALHOST./', 'loopback'],
    ['https://api.localhost/', 'loopback'],
    ['https://10.0.0.5/', 'private'],
    ['https://172.16.0.1/', 'private'],
    ['https://172.31.255.255/', 'private'],
    ['https://192.168.1.1/', 'private'],
    ['https://100.64.0.1/', 'CGNAT'],
    ['https://169.254.169.254/latest/meta-data/', 'link-local'],
    ['https://[fe80::1]/', 'link-local'],
    ['https://[fd00:ec2::254]/', 'unique local'],
    ['https://[fc00::1]/', 'unique local'],
    ['https://224.0.0.1/', 'multicast'],
    ['https://[ff02::1]/', 'multicast'],
    ['https://0.0.0.0/', 'unspecified'],
    ['https://[::]/', 'unspecified'],
    ['https://255.255.255.255/', 'reserved'],
    // IPv4-mapped, NAT64 and IPv4-compatible IPv6 forms reach the IPv4 address inside.
    ['https://[::ffff:127.0.0.1]/', 'loopback'],
    ['https://[::ffff:7f00:1]/', 'loopback'],
    ['https://[::ffff:a9fe:a9fe]/', 'link-local'],
    ['https://[64:ff9b::10.0.0.1]/', 'private'],
    ['https://[::10.0.0.1]/', 'private'],
    // Decimal, octal and hex IPv4 forms, which the URL parser normalises.
    ['https://2130706433/', 'loopback'],
    ['https://0177.0.0.1/', 'loopback'],
    ['https://0x7f.1/', 'loopback'],
    ['https://017700000001/', 'loopback'],
    ['https://3232235777/', 'private'],
  ])('refuses %s as %s', (url, kind) => {
    expect(refusal(url)).toMatch(new RegExp(`points to .*${kind}`));
  });

  it('refuses other schemes, credentials, and non-URLs', () => {
    expect(refusal('ftp://example.com/')).toBe('The URL must use https');
    expect(refusal('file:///etc/passwd')).toBe('The URL must use https');
    expect(refusal('https://user:pass@example.com/')).toMatch(/user name or password/);
    expect(refusal('not a url')).toMatch(/not a valid absolute URL/);
    expect(refusal('/relative')).toMatch(/not a valid absolute URL/);
  });

  it('refuses plain http unless the host is listed', () => {
    expect(refusal('http://hooks.example.com/')).toMatch(/must use https/);
    expect(refusal('http://hooks.example.com/', new OutboundPolicy(['hooks.example.com']))).toBe('allowed');
    expect(refusal('http://93.184.216.34/', new OutboundPolicy(['93.184.216.0/24']))).toBe('allowed');
  });

  it('lets listed hosts, addresses and blocks through although not public', () => {
    const policy = new OutboundPolicy(['127.0.0.1', '10.1.0.0/16', 'localhost', 'fd00::/8']);
    expect(refusal('http://127.0.0.1:8080/', policy)).toBe('allowed');
    expect(refusal('http://[::ffff:127.0.0.1]/', policy)).toBe('allowed');
    expect(refusal('https://10.1.200.3/', policy)).toBe('allowed');
    expect(refusal('https://10.2.0.1/', policy)).toMatch(/private/);
    expect(refusal('http://localhost:3000/', policy)).toBe('allowed');
    expect(refusal('https://[fd00::5]/', policy)).toBe('allowed');
    expect(refusal('https://127.0.0.2/', policy)).toMatch(/loopback/);
  });
});

describe('a list that names the only hosts (MCP_ALLOWED_HOSTS)', () => {
  const only = (entries: string[]) => new OutboundPolicy(entries, 'MCP_ALLOWED_HOSTS', true);

  it('unset, lets nothing through, public hosts included', () => {
    expect(refusal('https://mcp.example.com/mcp', only([]))).toBe('The operator allows no hosts for this (MCP_ALLOWED_HOSTS is unset)');
    expect(refusal('https://93.184.216.34/', only([]))).toMatch(/MCP_ALLOWED_HOSTS is unset/);
  });

  it('`*` lets every public host through over https, and nothing private', () => {
    const any = only(['*']);
    expect(refusal('https://mcp.example.com/mcp', any)).toBe('allowed');
    expect(refusal('https://93.184.216.34/', any)).toBe('allowed');
    expect(refusal('http://mcp.example.com/mcp', any)).toMatch(/plain http only to hosts the operator lists in MCP_ALLOWED_HOSTS/);
    expect(refusal('https://127.0.0.1/', any)).toMatch(/loopback/);
    expect(refusal('https://localhost/', any)).toMatch(/loopback/);
    expect(refusal('https://10.0.0.1/', any)).toMatch(/private/);
  });

  it('`*.domain` lets its subdomains through, not the domain itself nor look-alikes', () => {
    const tools = only(['*.tools.example.com']);
    expect(refusal('https://crm.tools.example.com/mcp', tools)).toBe('allowed');
    expect(refusal('https://a.b.tools.example.com/mcp', tools)).toBe('allowed');
    expect(refusal('https://CRM.Tools.Example.com./mcp', tools)).toBe('allowed');
    for (const url of ['https://tools.example.com/', 'https://eviltools.example.com/', 'https://tools.example.com.evil.test/', 'https://93.184.216.34/']) {
      expect(refusal(url, tools)).toBe(`The host ${new URL(url).hostname} is not among the hosts the operator allows (MCP_ALLOWED_HOSTS)`);
    }
  });

  it('names, addresses and blocks let just those through, private or over http', () => {
    const listed = only(['mcp.internal', '127.0.0.1', '10.1.0.0/16']);
    expect(refusal('http://mcp.internal:8080/mcp', listed)).toBe('allowed');
    expect(refusal('http://127.0.0.1:3000/mcp', listed)).toBe('allowed');
    expect(refusal('https://10.1.2.3/mcp', listed)).toBe('allowed');
    expect(refusal('https://10.2.0.1/mcp', listed)).toMatch(/not among the hosts/);
    expect(refusal('https://other.internal/mcp', listed)).toMatch(/not among the hosts/);
    expect(refusal('https://mcp.example.com/mcp', listed)).toMatch(/not among the hosts/);
  });
});

describe('resolveOutboundAddress', () => {
  const resolver =
    (table: Record<string, string[]>): Resolver =>
    (hostname) =>
      Promise.resolve((table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) })));
  const dns = resolver({
    'public.test': ['93.184.216.34'],
    'internal.test': ['127.0.0.1'],
    'mixed.test': ['93.184.216.34', '10.0.0.1'],
    'mapped.test': ['::ffff:169.254.169.254'],
  });

  it('returns the first address of a public name', async () => {
    await expect(resolveOutboundAddress(new URL('https://public.test/'), NONE, dns)).resolves.toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('refuses a name that resolves to a non-public address, even among public ones', async () => {
    await expect(resolveOutboundAddress(new URL('https://internal.test/'), NONE, dns)).rejects.toThrow(/resolves to a loopback address \(127\.0\.0\.1\)/);
    await expect(resolveOutboundAddress(new URL('https://mixed.test/'), NONE, dns)).rejects.toThrow(/private address \(10\.0\.0\.1\)/);
    await expect(resolveOutboundAddress(new URL('https://mapped.test/'), NONE, dns)).rejects.toThrow(/link-local/);
  });

  it('allows such a name when the name or the address is listed', async () => {
    await expect(resolveOutboundAddress(new URL('https://internal.test/'), new OutboundPolicy(['internal.test']), dns)).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(resolveOutboundAddress(new URL('https://internal.test/'), new OutboundPolicy(['127.0.0.0/8']), dns)).resolves.toMatchObject({ address: '127.0.0.1' });
  });

  it('admits a wildcard’s name only where it resolves to public addresses (or a listed block)', async () => {
    const wildcard = new OutboundPolicy(['*.test'], 'MCP_ALLOWED_HOSTS', true);
    await expect(resolveOutboundAddress(new URL('https://public.test/'), wildcard, dns)).resolves.toMatchObject({ address: '93.184.216.34' });
    await expect(resolveOutboundAddress(new URL('https://internal.test/'), wildcard, dns)).rejects.toThrow(/loopback/);
    const withBlock = new OutboundPolicy(['*.test', '127.0.0.0/8'], 'MCP_ALLOWED_HOSTS', true);
    await expect(resolveOutboundAddress(new URL('https://internal.test/'), withBlock, dns)).resolves.toMatchObject({ address: '127.0.0.1' });
  });

  it('refuses a name that does not resolve', async () => {
    await expect(resolveOutboundAddress(new URL('https://nowhere.test/'), NONE, dns)).rejects.toThrow(/does not resolve/);
  });
});
