/** Files of the parallel group run this many at a time, each worker on a database of its own. */
export const PARALLEL_WORKERS = 3;

/** Fault files run this many at a time, each on scratch databases or an embedded PostgreSQL of its own. */
export const FAULT_WORKERS = 2;

/** The database of parallel worker `poolId` (1-based, as VITEST_POOL_ID) next to the run's own. */
export function workerDatabaseUrl(runDatabaseUrl: string, poolId: number): string {
  return runDatabaseUrl.replace(/\/([^/]*)$/, `/$1_w${poolId}`);
}
