import { loadConfiguration } from './configuration.js';
import { InvalidEnvironmentError } from './environment.js';

const BASE = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/assistant',
  JWT_SECRET: 'j'.repeat(32),
  APPROVAL_TOKEN_SECRET: 'a'.repeat(32),
};

describe('MCP settings', () => {
  it('default to 30 s per call, 256 KB results, 4 calls at once per server, and a key derived from JWT_SECRET outside production', () => {
    const settings = loadConfiguration(BASE).mcp;
    expect(settings).toMatchObject({ callTimeoutMs: 30_000, maxResultBytes: 256 * 1024, maxConcurrentCalls: 4 });
    expect(settings.secretsKey).toHaveLength(32);
    expect(loadConfiguration(BASE).mcp.secretsKey.equals(settings.secretsKey)).toBe(true);
    expect(loadConfiguration({ ...BASE, JWT_SECRET: 'k'.repeat(32) }).mcp.secretsKey.equals(settings.secretsKey)).toBe(false);
  });

  it('use SECRETS_ENCRYPTION_KEY when set, and refuse a short one', () => {
    const key = loadConfiguration({ ...BASE, SECRETS_ENCRYPTION_KEY: 's'.repeat(32) }).mcp.secretsKey;
    expect(key.equals(loadConfiguration(BASE).mcp.secretsKey)).toBe(false);
    expect(() => loadConfiguration({ ...BASE, SECRETS_ENCRYPTION_KEY: 'short' })).toThrow(/SECRETS_ENCRYPTION_KEY must be at least 32 characters/);
  });

  it('refuse a missing key in production', () => {
    const production = { ...BASE, NODE_ENV: 'production', MAIL_DELIVERY: 'outbox' };
    expect(() => loadConfiguration(production)).toThrow(InvalidEnvironmentError);
    expect(() => loadConfiguration(production)).toThrow(/SECRETS_ENCRYPTION_KEY is required/);
    expect(loadConfiguration({ ...production, SECRETS_ENCRYPTION_KEY: 'k'.repeat(32) }).mcp.secretsKey).toHaveLength(32);
  });
});
