import { QueryFailedError } from 'typeorm';

/**
 * Recognises the errors that mean "the database cannot be used right now" (it is down, restarting,
 * unreachable, frozen or overloaded) as opposed to a fault of the request or of the code. They
 * arrive in many shapes: a Node socket error from `pg` (ECONNREFUSED, ...), a `pg` or `pg-pool`
 * message (connection terminated, connect or query timeout), a PostgreSQL error with a SQLSTATE
 * (57P01 admin shutdown, ...), wrapped by TypeORM in a QueryFailedError (`driverError`), by Node in
 * an AggregateError (`errors`: one per address tried) or in a `cause`, or copied into a plain
 * object (pg-boss spreads errors into its `error` events).
 */

/** Node socket and DNS error codes, and what they mean for the database. */
const SOCKET_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'host unreachable',
  EHOSTDOWN: 'host unreachable',
  ENETDOWN: 'host unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
};

/** SQLSTATEs of a server that is going away, not there yet, or full. Class 08 (connection exception) is matched as a class. */
const SQLSTATES: Record<string, string> = {
  '57P01': 'server shutting down', // admin_shutdown
  '57P02': 'server crashed', // crash_shutdown
  '57P03': 'server not accepting connections', // cannot_connect_now: starting up, shutting down, in recovery
  '53300': 'too many connections', // too_many_connections
};

/** Messages of `pg`, `pg-pool` and pg-boss, which carry no code. */
const MESSAGES: [RegExp, string][] = [
  [/^Connection terminated due to connection timeout/, 'connection timed out'],
  [/^timeout exceeded when trying to connect/, 'connection timed out'],
  [/^timeout expired$/, 'connection timed out'],
  [/^Connection terminated unexpectedly/, 'connection lost'],
  [/^Connection terminated$/, 'connection lost'],
  [/^Client has encountered a connection error and is not queryable/, 'connection lost'],
  [/^Query read timeout/, 'query timed out'],
  [/^LISTEN\/NOTIFY heartbeat timed out/, 'query timed out'],
];

const QUERY_CANCELED = '57014';

/**
 * Why the database is unavailable, in a few words ("connection refused", "query timed out"), or
 * undefined when the error is something else (a constraint, a bug, bad input).
 */
export function databaseUnavailableReason(error: unknown): string | undefined {
  return visit(error, 0, new Set());
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== undefined;
}

function visit(error: unknown, depth: number, seen: Set<object>): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 5 || seen.has(error)) return undefined;
  seen.add(error);
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    const reason = SOCKET_CODES[code] ?? SQLSTATES[code] ?? (/^08[0-9A-Z]{3}$/.test(code) ? 'connection failure' : undefined);
    if (reason) return reason;
    // A statement cancelled by the server's statement_timeout (not by a user's cancel request).
    if (code === QUERY_CANCELED && typeof message === 'string' && /statement timeout/.test(message)) return 'statement timed out';
  }
  if (typeof message === 'string') {
    const match = MESSAGES.find(([pattern]) => pattern.test(message));
    if (match) return match[1];
  }
  const nested = error as { driverError?: unknown; cause?: unknown; errors?: unknown };
  const inner = [nested.driverError, nested.cause, ...(Array.isArray(nested.errors) ? (nested.errors as unknown[]) : [])];
  for (const candidate of inner) {
    const reason = visit(candidate, depth + 1, seen);
    if (reason) return reason;
  }
  return undefined;
}

/** A statement refused for breaking a constraint: `23505` unique, `23503` foreign key. */
export function violatedConstraint(error: unknown, sqlstate: '23505' | '23503'): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError: unknown = error.driverError;
  return typeof driverError === 'object' && driverError !== null && 'code' in driverError && driverError.code === sqlstate;
}
