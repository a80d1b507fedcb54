import { loadConfiguration } from './configuration.js';
import { InvalidEnvironmentError } from './environment.js';

const BASE = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/assistant',
  JWT_SECRET: 'j'.repeat(32),
  APPROVAL_TOKEN_SECRET: 'a'.repeat(32),
};

describe('outbound settings', () => {
  it('default to no allowed hosts, 10 s and 1 MB', () => {
    expect(loadConfiguration(BASE).outbound).toEqual({ allowedHosts: [], mcpAllowedHosts: [], timeoutMs: 10_000, maxResponseBytes: 1024 * 1024 });
  });

  it('read OUTBOUND_ALLOWED_HOSTS as hostnames, addresses and CIDR blocks, lower-cased', () => {
    const { allowedHosts } = loadConfiguration({ ...BASE, OUTBOUND_ALLOWED_HOSTS: ' Hooks.Internal, 127.0.0.1,10.1.0.0/16 ,fd00::/8,' }).outbound;
    expect(allowedHosts).toEqual(['hooks.internal', '127.0.0.1', '10.1.0.0/16', 'fd00::/8']);
  });

  it('refuse entries that are none of these, naming them', () => {
    expect(() => loadConfiguration({ ...BASE, OUTBOUND_ALLOWED_HOSTS: 'ok.example, http://x/, 10.0.0.0/33, 1.2.3.4/x' })).toThrow(InvalidEnvironmentError);
    expect(() => loadConfiguration({ ...BASE, OUTBOUND_ALLOWED_HOSTS: 'http://x/,10.0.0.0/33' })).toThrow(/OUTBOUND_ALLOWED_HOSTS .*: http:\/\/x\/, 10\.0\.0\.0\/33/);
  });

  it('read MCP_ALLOWED_HOSTS with `*` and `*.domain` besides names, addresses and blocks; OUTBOUND_ALLOWED_HOSTS takes no wildcard', () => {
    const { mcpAllowedHosts } = loadConfiguration({ ...BASE, MCP_ALLOWED_HOSTS: '*.Tools.Example.com, mcp.internal,10.1.0.0/16,*' }).outbound;
    expect(mcpAllowedHosts).toEqual(['*.tools.example.com', 'mcp.internal', '10.1.0.0/16', '*']);
    expect(() => loadConfiguration({ ...BASE, OUTBOUND_ALLOWED_HOSTS: '*.example.com' })).toThrow(/OUTBOUND_ALLOWED_HOSTS .*: \*\.example\.com/);
    // A wildcard over a top-level domain alone, or inside a name, is no entry.
    expect(() => loadConfiguration({ ...BASE, MCP_ALLOWED_HOSTS: '*.com, mcp.*.example.com, **' })).toThrow(/MCP_ALLOWED_HOSTS .*: \*\.com, mcp\.\*\.example\.com, \*\*/);
  });
});
