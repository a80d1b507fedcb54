import { loadConfiguration } from './configuration.js';

const BASE = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/assistant',
  JWT_SECRET: 'j'.repeat(32),
  APPROVAL_TOKEN_SECRET: 'a'.repeat(32),
};

describe('chat attachment limits', () => {
  const limits = (env: Record<string, string> = {}) => loadConfiguration({ ...BASE, ...env }).llm.attachments;

  it('default to 3 MB per file and per request', () => {
    expect(limits()).toEqual({ maxFileBytes: 3 * 1024 * 1024, maxRequestBytes: 3 * 1024 * 1024 });
  });

  it('read sizes as body-parser does (1 kb = 1024 bytes)', () => {
    expect(limits({ CHAT_FILE_MAX_SIZE: '512KB', CHAT_REQUEST_FILES_MAX_SIZE: '2mb' })).toEqual({ maxFileBytes: 524_288, maxRequestBytes: 2_097_152 });
  });

  it.each(['3', '3 mb', '0mb', '-1kb', '1.5mb', '3gb'])('refuse %j, naming the variable', (value) => {
    expect(() => limits({ CHAT_FILE_MAX_SIZE: value })).toThrow(/CHAT_FILE_MAX_SIZE must look like 512kb or 3mb/);
  });

  it('refuse a per-request limit below the per-file one', () => {
    expect(() => limits({ CHAT_FILE_MAX_SIZE: '4mb', CHAT_REQUEST_FILES_MAX_SIZE: '1mb' })).toThrow(
      /CHAT_REQUEST_FILES_MAX_SIZE \(1048576 bytes\) must be at least CHAT_FILE_MAX_SIZE \(4194304 bytes\)/,
    );
  });
});

describe('budget reservations', () => {
  const llm = (env: Record<string, string> = {}) => loadConfiguration({ ...BASE, ...env }).llm;

  it('default to a 4096-token output cap and 900 s of validity', () => {
    expect(llm()).toMatchObject({ replyMaxOutputTokens: 4096, budgetReservationSeconds: 900 });
  });

  it('refuse a validity no longer than a run step may take', () => {
    expect(() => llm({ BUDGET_RESERVATION_SECONDS: '300' })).toThrow(/BUDGET_RESERVATION_SECONDS \(300\) must be longer than RUN_STEP_TIMEOUT_SECONDS \(300\)/);
    expect(llm({ BUDGET_RESERVATION_SECONDS: '120', RUN_STEP_TIMEOUT_SECONDS: '60' }).budgetReservationSeconds).toBe(120);
  });

  it.each([['REPLY_MAX_OUTPUT_TOKENS', '0'], ['BUDGET_RESERVATION_SECONDS', '10']])('refuse %s=%s', (name, value) => {
    expect(() => llm({ [name]: value })).toThrow(new RegExp(name));
  });
});

describe('storing a finished reply', () => {
  const llm = (env: Record<string, string> = {}) => loadConfiguration({ ...BASE, ...env }).llm;

  it('is retried for 60 s by default, REPLY_STORE_RETRY_SECONDS otherwise (1–600)', () => {
    expect(llm().replyStoreRetrySeconds).toBe(60);
    expect(llm({ REPLY_STORE_RETRY_SECONDS: '5' }).replyStoreRetrySeconds).toBe(5);
    expect(() => llm({ REPLY_STORE_RETRY_SECONDS: '0' })).toThrow(/REPLY_STORE_RETRY_SECONDS/);
    expect(() => llm({ REPLY_STORE_RETRY_SECONDS: '601' })).toThrow(/REPLY_STORE_RETRY_SECONDS/);
  });
});
