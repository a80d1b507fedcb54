import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfiguration } from './configuration.js';
import { renderEnvExample } from './env-example.js';

const BASE = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/assistant',
  JWT_SECRET: 'j'.repeat(32),
  APPROVAL_TOKEN_SECRET: 'a'.repeat(32),
};

describe('loadConfiguration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfiguration(BASE);
    expect(config.app).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', frontendUrl: 'http://localhost:3000', dataDir: '.data' });
    expect(config.auth.secureCookies).toBe(false);
    expect(config.plans.requestsPerWindow).toEqual({ free: 20, pro: 120, enterprise: 600 });
    expect(config.redis.url).toBeUndefined();
    expect(config.storage.s3).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.llm.defaultModel).toBe('offline');
    expect(config.database.timeouts).toEqual({ connectMs: 5000, statementMs: 30_000, idleInTransactionMs: 60_000, queryMs: 35_000 });
  });

  it('refuses production without SMTP_URL unless mail is kept as files on purpose, and never logs links in production (#28)', () => {
    expect(() => loadConfiguration({ ...BASE, NODE_ENV: 'production' })).toThrow(/SMTP_URL is required when NODE_ENV=production.*MAIL_DELIVERY=outbox/);
    expect(() => loadConfiguration({ ...BASE, MAIL_DELIVERY: 'smtp' })).toThrow(/SMTP_URL is required when MAIL_DELIVERY=smtp/);
    expect(loadConfiguration({ ...BASE, NODE_ENV: 'production', MAIL_DELIVERY: 'outbox', SECRETS_ENCRYPTION_KEY: 'k'.repeat(32) }).mail).toMatchObject({ delivery: 'outbox', logLinks: false });
    expect(loadConfiguration({ ...BASE, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', SECRETS_ENCRYPTION_KEY: 'k'.repeat(32) }).mail).toMatchObject({ delivery: 'smtp', logLinks: false });
    expect(loadConfiguration(BASE).mail).toMatchObject({ delivery: 'outbox', logLinks: true });
  });

  it('reads the database timeouts; the query timeout follows the statement timeout unless set', () => {
    const timeouts = (env: Record<string, string>) => loadConfiguration({ ...BASE, ...env }).database.timeouts;
    expect(
      timeouts({
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
        DATABASE_STATEMENT_TIMEOUT_MS: '2000',
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '3000',
        DATABASE_QUERY_TIMEOUT_MS: '2500',
      }),
    ).toEqual({ connectMs: 1000, statementMs: 2000, idleInTransactionMs: 3000, queryMs: 2500 });
    expect(timeouts({ DATABASE_STATEMENT_TIMEOUT_MS: '10000' }).queryMs).toBe(15_000);
  });

  it('reads the pool sizes, 20 and 5 unless set', () => {
    const pools = (env: Record<string, string>) => {
      const { poolMax, queuePoolMax } = loadConfiguration({ ...BASE, ...env }).database;
      return { poolMax, queuePoolMax };
    };
    expect(pools({})).toEqual({ poolMax: 20, queuePoolMax: 5 });
    expect(pools({ DATABASE_POOL_MAX: '6', DATABASE_QUEUE_POOL_MAX: '2' })).toEqual({ poolMax: 6, queuePoolMax: 2 });
  });

  it('derives links, secure cookies and S3 settings from the variables', () => {
    const config = loadConfiguration({
      ...BASE,
      PORT: '8080',
      PUBLIC_URL: 'https://assistant.example.com/',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY: 'key',
      S3_SECRET_KEY: 'secret',
      S3_BUCKET: 'assets',
      OPENAI_API_KEY: 'sk-test',
    });
    expect(config.app).toMatchObject({ port: 8080, publicUrl: 'https://assistant.example.com', frontendUrl: 'https://assistant.example.com' });
    expect(config.auth.secureCookies).toBe(true);
    expect(config.storage.s3).toEqual({
      endpoint: 'http://minio:9000',
      accessKey: 'key',
      secretKey: 'secret',
      bucket: 'assets',
      publicUrl: 'http://minio:9000/assets',
      requestTimeoutMs: 10_000,
    });
    expect(config.llm.defaultModel).toBe('openai:gpt-4o-mini');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://localhost/db' }, /DATABASE_URL must be a postgres:\/\/ connection URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_ACCESS_KEY is required when S3_ENDPOINT is set/],
    [{ REDIS_URL: 'localhost:6379' }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ RATE_LIMIT_FREE: '0' }, /RATE_LIMIT_FREE/],
    [{ RUN_CONCURRENCY_PRO: '0' }, /RUN_CONCURRENCY_PRO/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    // Below OWASP's least Argon2id configuration.
    [{ PASSWORD_HASH_MEMORY_KIB: '8192' }, /PASSWORD_HASH_MEMORY_KIB/],
    [{ PASSWORD_HASH_ITERATIONS: '1' }, /PASSWORD_HASH_ITERATIONS/],
    [{ PASSWORD_HASH_PARALLELISM: '0' }, /PASSWORD_HASH_PARALLELISM/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ DATABASE_CONNECT_TIMEOUT_MS: '0' }, /DATABASE_CONNECT_TIMEOUT_MS/],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' }, /DATABASE_STATEMENT_TIMEOUT_MS/],
    [{ DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '-1' }, /DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS/],
    [{ DATABASE_POOL_MAX: '1' }, /DATABASE_POOL_MAX/],
    [{ DATABASE_QUEUE_POOL_MAX: 'many' }, /DATABASE_QUEUE_POOL_MAX/],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '5000', DATABASE_QUERY_TIMEOUT_MS: '5000' }, /DATABASE_QUERY_TIMEOUT_MS \(5000\) must be greater than DATABASE_STATEMENT_TIMEOUT_MS/],
  ])('refuses %j with a message naming the variable', (override, message) => {
    expect(() => loadConfiguration({ ...BASE, ...override })).toThrow(message);
  });

  it('requires the secrets in production', () => {
    expect(() => loadConfiguration({ DATABASE_URL: BASE.DATABASE_URL, NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET is required when NODE_ENV=production[\s\S]*APPROVAL_TOKEN_SECRET is required when NODE_ENV=production/,
    );
  });

  it('outside production, generates missing secrets once and keeps them under DATA_DIR', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-spec-'));
    const env = { DATABASE_URL: BASE.DATABASE_URL, DATA_DIR: dataDir, JWT_SECRET: '' };
    const first = loadConfiguration(env);
    const second = loadConfiguration(env);
    expect(first.auth.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.auth.approvalTokenSecret).not.toBe(first.auth.jwtSecret);
    expect(second.auth).toEqual(first.auth);
    const file = join(dataDir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      JWT_SECRET: first.auth.jwtSecret,
      APPROVAL_TOKEN_SECRET: first.auth.approvalTokenSecret,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('reads the sign-up policy: open, password sign-in on, verification optional unless set; refuses unknown values', () => {
    expect(loadConfiguration(BASE).auth).toMatchObject({ signup: 'open', passwordLogin: true, emailVerification: 'optional', emailVerificationTtlSeconds: 48 * 3600 });
    const strict = loadConfiguration({ ...BASE, SIGNUP: 'closed', PASSWORD_LOGIN: 'disabled', EMAIL_VERIFICATION: 'required', EMAIL_VERIFICATION_TTL_HOURS: '2' });
    expect(strict.auth).toMatchObject({ signup: 'closed', passwordLogin: false, emailVerification: 'required', emailVerificationTtlSeconds: 7200 });
    expect(() => loadConfiguration({ ...BASE, SIGNUP: 'invited' })).toThrow(/SIGNUP must be open, invite or closed/);
    expect(() => loadConfiguration({ ...BASE, PASSWORD_LOGIN: 'off' })).toThrow(/PASSWORD_LOGIN must be enabled or disabled/);
    expect(() => loadConfiguration({ ...BASE, EMAIL_VERIFICATION: 'yes' })).toThrow(/EMAIL_VERIFICATION must be optional or required/);
  });

  it('names every bad variable at once, across namespaces', () => {
    expect(() => loadConfiguration({ ...BASE, PORT: 'eighty', REDIS_URL: 'localhost', RUN_CONCURRENCY_FREE: '0', CHAT_FILE_MAX_SIZE: '3' })).toThrow(
      /^Invalid configuration:\n- PORT must be an integer from 0 to 65535\n- CHAT_FILE_MAX_SIZE must look like 512kb or 3mb\n- REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL\n- RUN_CONCURRENCY_FREE must be an integer from 1 to 1000$/,
    );
  });

  it('reads per-plan numbers from one variable per plan, 0 tokens meaning unlimited', () => {
    const plans = loadConfiguration({ ...BASE, RUN_CONCURRENCY_PRO: '9', MONTHLY_TOKENS_FREE: '0' }).plans;
    expect(plans.runConcurrency).toEqual({ free: 2, pro: 9, enterprise: 8 });
    expect(plans.monthlyTokens).toEqual({ free: null, pro: 20_000_000, enterprise: null });
  });

  it('treats empty values as unset, as in a .env copied from .env.example', () => {
    expect(loadConfiguration({ ...BASE, PORT: '', REDIS_URL: '' }).app.port).toBe(3000);
  });
});

describe('.env.example', () => {
  it('is what the namespace files declare: every variable and no other, each with its doc and default (npm run env:example writes it)', () => {
    expect(readFileSync('.env.example', 'utf8')).toBe(renderEnvExample());
  });
});
