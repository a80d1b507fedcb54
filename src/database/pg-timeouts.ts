import type { DatabaseTimeouts } from '../config/database.config.js';

/** The `pg` client/pool options that carry the timeouts; every connection the service opens uses them. */
export interface PgTimeoutOptions {
  connectionTimeoutMillis: number;
  statement_timeout: number;
  idle_in_transaction_session_timeout: number;
  query_timeout: number;
  keepAlive: true;
  keepAliveInitialDelayMillis: number;
}

/**
 * Connect timeout (also the longest wait for a free pooled connection), the two server-side
 * timeouts (sent with each connection's startup), a client-side query timeout for a server that
 * accepts and never answers, and TCP keepalive so that a connection to a vanished host dies.
 */
export function pgTimeoutOptions(timeouts: DatabaseTimeouts): PgTimeoutOptions {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.queryMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}
