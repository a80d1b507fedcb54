import { Logger } from '@nestjs/common';
import { databaseUnavailableReason } from './database-errors.js';
import { backoffMs } from './outage-log.js';

const logger = new Logger('Database');
const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = 15_000;

/**
 * Tries `connect` until the database lets it in. At start an instance may find the server down,
 * restarting or full (too many connections, while others of the fleet come and go): it waits,
 * logging why, instead of exiting into an orchestrator's restart loop. Anything else (a wrong
 * password, a bad schema) fails at once.
 */
export async function untilDatabaseAvailable<T>(what: string, connect: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect();
    } catch (error) {
      const reason = databaseUnavailableReason(error);
      if (!reason) throw error;
      const waitMs = backoffMs(attempt, FIRST_WAIT_MS, LONGEST_WAIT_MS);
      logger.warn(`Database unavailable for ${what} at start (${reason}); trying again in ${waitMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
