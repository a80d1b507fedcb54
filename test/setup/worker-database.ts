import { workerDatabaseUrl } from './test-databases.js';

// Files reset the database when they start, so files running at the same time must not share one:
// each worker of the parallel group has its own, created by the global setup.
const runDatabaseUrl = process.env.TEST_RUN_DATABASE_URL;
if (!runDatabaseUrl) throw new Error('TEST_RUN_DATABASE_URL is not set (the global setup sets it)');
process.env.DATABASE_URL = workerDatabaseUrl(runDatabaseUrl, Number(process.env.VITEST_POOL_ID ?? 1));
