import { loadConfiguration } from './configuration.js';

const BASE = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/assistant',
  JWT_SECRET: 'j'.repeat(32),
  APPROVAL_TOKEN_SECRET: 'a'.repeat(32),
};

describe('body limits', () => {
  const limits = (env: Record<string, string> = {}) => {
    const { bodyLimit, defaultBodyLimit } = loadConfiguration({ ...BASE, ...env }).http;
    return { bodyLimit, defaultBodyLimit };
  };

  it('default to 5 MB on the chat router and 64 kB elsewhere, in bytes', () => {
    expect(limits()).toEqual({ bodyLimit: 5 * 1024 * 1024, defaultBodyLimit: 64 * 1024 });
  });

  it('read BODY_LIMIT and DEFAULT_BODY_LIMIT in kb or mb, in any case', () => {
    expect(limits({ BODY_LIMIT: '10MB', DEFAULT_BODY_LIMIT: '1mb' })).toEqual({ bodyLimit: 10 * 1024 * 1024, defaultBodyLimit: 1024 * 1024 });
  });

  it('never let the default limit exceed BODY_LIMIT', () => {
    expect(limits({ BODY_LIMIT: '1kb' })).toEqual({ bodyLimit: 1024, defaultBodyLimit: 1024 });
  });

  it('stop the start on a malformed size, naming the variable', () => {
    expect(() => limits({ DEFAULT_BODY_LIMIT: 'lots' })).toThrow(/DEFAULT_BODY_LIMIT must look like 64kb or 1mb/);
  });
});
