// The environment every test app and test server process starts with. No imports: fault files and
// the helpers that start server processes read it without loading the app into their worker.

/**
 * The free plan's quotas and run concurrency, out of the way of tests about something else (as RATE_LIMIT_FREE is
 * where a test needs it): test/e2e/teams/quotas.e2e-spec.ts sets its own.
 */
export const ROOMY_QUOTAS = {
  WORKFLOW_PLANS_PER_HOUR_FREE: '100000',
  RUN_STARTS_PER_HOUR_FREE: '100000',
  MIN_SCHEDULE_INTERVAL_SECONDS_FREE: '1',
  // As many as an instance has workers: a team's runs never wait for each other (run-fairness sets its own).
  RUN_CONCURRENCY_FREE: '16',
  // Invitations: no quota, and every re-invite mails a new link (test/e2e/teams/invitation-abuse.e2e-spec.ts sets its own).
  INVITATIONS_PER_TEAM_PER_HOUR: '100000',
  INVITATIONS_PER_TEAM_PER_DAY: '100000',
  INVITATIONS_PER_INVITER_PER_HOUR: '100000',
  INVITATIONS_PER_INVITER_PER_DAY: '100000',
  INVITATION_MAIL_INTERVAL_SECONDS: '0',
};

/**
 * Argon2id at OWASP's least configuration (19 MiB, 2 passes, 1 lane), a fifth of the default's work: the
 * suite hashes a password at every sign-up and sign-in, and at the default that was a large share of its CPU.
 */
export const LEAST_PASSWORD_HASH_COST = {
  PASSWORD_HASH_MEMORY_KIB: '19456',
  PASSWORD_HASH_ITERATIONS: '2',
  PASSWORD_HASH_PARALLELISM: '1',
};

export const TEST_ENV = {
  NODE_ENV: 'test',
  JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
  APPROVAL_TOKEN_SECRET: 'test-approval-secret-that-is-long-enough-0123',
  LOG_LEVEL: 'silent',
  // CI runs the app and fault lanes side by side against one PostgreSQL (max_connections 100):
  // small pools keep two test apps per worker and the fault lane's servers under it.
  DATABASE_POOL_MAX: '10',
  DATABASE_QUEUE_POOL_MAX: '3',
  // The daily digest would mail and write on its own once the day passes its hour: a test turns it on.
  APPROVAL_DIGEST: 'off',
  ...ROOMY_QUOTAS,
  ...LEAST_PASSWORD_HASH_COST,
};
