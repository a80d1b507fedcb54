import { type EnvironmentVariables, InvalidEnvironmentError } from './env.validation.js';

/** Bounds on every wait for the database, so that an outage is an error in seconds, never a hang. */
export interface DatabaseTimeouts {
  /** Opening a connection (and waiting for a free one in a pool). */
  connectMs: number;
  /** PostgreSQL's statement_timeout: the server cancels a statement running longer. */
  statementMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout: a transaction left open is ended by the server. */
  idleInTransactionMs: number;
  /** The client gives up on a query with no answer (a frozen or unreachable server); longer than statementMs. */
  queryMs: number;
}

export interface DatabaseSettings {
  /** Set by the operator, or by the embedded PostgreSQL started before the app (see main.ts). */
  url: string;
  timeouts: DatabaseTimeouts;
  /** Connections of the app's own pool, and of the job queue's (docs/operations.md sizes them for a fleet). */
  poolMax: number;
  queuePoolMax: number;
}

export const DEFAULT_DATABASE_TIMEOUTS = { connectMs: 5_000, statementMs: 30_000, idleInTransactionMs: 60_000 };
const DEFAULT_POOL_MAX = 20;
const DEFAULT_QUEUE_POOL_MAX = 5;
/** The default query timeout is the statement timeout plus this: the server's own cancel comes first. */
const QUERY_TIMEOUT_MARGIN_MS = 5_000;

export function databaseSettings(env: EnvironmentVariables): DatabaseSettings {
  if (!env.DATABASE_URL) {
    throw new Error('DATABASE_URL is not set and no embedded PostgreSQL was started');
  }
  const statementMs = env.DATABASE_STATEMENT_TIMEOUT_MS ?? DEFAULT_DATABASE_TIMEOUTS.statementMs;
  const queryMs = env.DATABASE_QUERY_TIMEOUT_MS ?? statementMs + QUERY_TIMEOUT_MARGIN_MS;
  if (queryMs <= statementMs) {
    throw new InvalidEnvironmentError(
      `Invalid configuration:\n- DATABASE_QUERY_TIMEOUT_MS (${queryMs}) must be greater than DATABASE_STATEMENT_TIMEOUT_MS (${statementMs}), so that the server cancels a slow statement before the client gives up on it`,
    );
  }
  return {
    url: env.DATABASE_URL,
    timeouts: {
      connectMs: env.DATABASE_CONNECT_TIMEOUT_MS ?? DEFAULT_DATABASE_TIMEOUTS.connectMs,
      statementMs,
      idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs,
      queryMs,
    },
    poolMax: env.DATABASE_POOL_MAX ?? DEFAULT_POOL_MAX,
    queuePoolMax: env.DATABASE_QUEUE_POOL_MAX ?? DEFAULT_QUEUE_POOL_MAX,
  };
}
