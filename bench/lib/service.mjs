import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../dist/src/app.module.js';
import { APP_OPTIONS, configureApp } from '../../dist/src/app.setup.js';
import { loadConfiguration } from '../../dist/src/config/configuration.js';
import { scratchDir } from './scratch.mjs';
import { signUpBenchUser } from './users.mjs';

/**
 * Boots the built app in this process as production runs it (logs off, rate limits out of the
 * way) on a free port, and signs up one user. `env` adds or overrides variables.
 */
export async function startService(databaseUrl, env = {}) {
  const config = loadConfiguration({
    DATABASE_URL: databaseUrl,
    DATA_DIR: scratchDir('bench-data-'),
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdefghijklmnop',
    APPROVAL_TOKEN_SECRET: 'bench-approval-secret-0123456789abcdefghij',
    // Production refuses to start without it (MCP secrets at rest); the benches store none.
    SECRETS_ENCRYPTION_KEY: 'bench-secrets-key-0123456789abcdefghijklmn',
    LOG_LEVEL: 'silent',
    // No mail server here: production refuses to start without SMTP_URL unless files are chosen on purpose.
    MAIL_DELIVERY: 'outbox',
    RATE_LIMIT_FREE: '100000000',
    // One bench user holds hundreds of streams at once (bench:resume's 200 clients).
    OPEN_STREAMS_PER_USER: '100000',
    OPEN_STREAMS_PER_TEAM: '100000',
    WORKFLOW_PLANS_PER_HOUR_FREE: '100000000',
    RUN_STARTS_PER_HOUR_FREE: '100000000',
    MIN_SCHEDULE_INTERVAL_SECONDS_FREE: '1',
    // A bench spends more tokens in minutes than a free team's month allows: unlimited.
    MONTHLY_TOKENS_FREE: '0',
    // One team's runs may use every worker (bench:fairness measures the limit).
    RUN_CONCURRENCY_FREE: '16',
    ...env,
  });
  const app = await NestFactory.create(AppModule.forRoot(config), { ...APP_OPTIONS, logger: false });
  configureApp(app);
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  return { app, base, ...(await signUpBenchUser(base)) };
}
