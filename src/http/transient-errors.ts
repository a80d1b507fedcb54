import { APICallError } from 'ai';
import { S3Error } from 'minio';
import { databaseUnavailableReason } from '../database/database-errors.js';
import { redisUnavailableReason } from '../redis/redis-errors.js';
import { StorageWriteError } from '../storage/storage.service.js';

/** Connection failures worth another try: the provider dropped, refused or timed out the connection. */
const TRANSIENT_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);
/** A full disk or quota, here (a local file) or the database's (SQLSTATE 53100 disk_full): space comes back when something is cleaned up. */
const DISK_FULL_CODES: Record<string, string> = { ENOSPC: 'the disk is full (ENOSPC)', EDQUOT: 'the disk quota is exceeded (EDQUOT)', '53100': "the database's disk is full" };
/** S3 error codes of a store that is overloaded, starting or failing inside (5xx), not of a refused request. */
const S3_TRANSIENT_CODES = new Set(['SlowDown', 'ServiceUnavailable', 'InternalError', 'RequestTimeout', 'OperationTimedOut', 'XMinioServerNotInitialized', 'XMinioReadQuorum', 'XMinioWriteQuorum']);
/** Node socket errors of the S3 client, in words. */
const SOCKET_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  ESOCKETTIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'host unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
};
/** How deep the `cause` chain is searched. */
const MAX_CAUSES = 5;
export const DEFAULT_RETRY_BASE_MS = 1000;
const MAX_DELAY_MS = 30_000;

/**
 * What made a failure transient, in a few words, or undefined when trying again would fail the
 * same way (a bad request, a refused key, the step's own timeout or a stop, which abort the call).
 * The one classifier of run steps: a model call that failed (a rate limit, a 5xx, a dropped
 * connection), the database unavailable (databaseUnavailableReason: refused, too many
 * connections, timed out...), Redis unavailable (redisUnavailableReason: a run's live events), a full disk (ENOSPC, EDQUOT, SQLSTATE 53100), object storage
 * unavailable (a StorageWriteError caused by the S3 client's socket errors and timeouts, S3's
 * SlowDown/ServiceUnavailable/5xx), or a timeout of one of those.
 */
export function transientFailure(error: unknown): string | undefined {
  const chain = causeChain(error);
  for (const current of chain) {
    if (APICallError.isInstance(current)) {
      if (!current.isRetryable) return undefined;
      // A stream cut off after a 200 fails with that status: the connection broke, not the answer.
      return current.statusCode && current.statusCode >= 400 ? `the model provider answered ${current.statusCode}` : 'the connection to the model provider failed';
    }
    // What object storage failed on is said as storage's, whatever the cause looks like.
    if (current instanceof StorageWriteError) {
      const reason = storageReason(current.cause);
      return reason ? `object storage unavailable: ${reason}` : undefined;
    }
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && Object.hasOwn(DISK_FULL_CODES, code)) return DISK_FULL_CODES[code];
    // TypeORM's QueryFailedError carries the driver's error aside, not as a cause.
    if ((current as { driverError?: { code?: unknown } }).driverError?.code === '53100') return DISK_FULL_CODES['53100'];
    // Errors a provider reports inside a stream say themselves whether they are worth another try.
    if ((current as { isRetryable?: unknown }).isRetryable === true) return 'the model provider reported a temporary error';
    if (typeof code === 'string' && code.startsWith('UND_ERR_') && TRANSIENT_CODES.has(code)) return `the connection to the model provider failed (${code})`;
  }
  for (const current of chain) {
    const code = (current as { code?: unknown }).code;
    // A bare socket error is the database's only when pg or TypeORM says so; it may come from any connection.
    if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return `a connection failed (${code})`;
    const database = databaseUnavailableReason(current);
    if (database) return `database unavailable: ${database}`;
    const redis = redisUnavailableReason(current);
    if (redis) return `Redis unavailable: ${redis}`;
  }
  return undefined;
}

/**
 * Why object storage failed, when it is worth another try: a socket error or timeout of the S3
 * client, an S3 answer of an overloaded or failing store, or a full disk under the disk driver.
 * Undefined for anything else (a refused key, a missing bucket).
 */
export function storageReason(error: unknown): string | undefined {
  for (const current of causeChain(error)) {
    if (current instanceof S3Error) return current.code && S3_TRANSIENT_CODES.has(current.code) ? `S3 answered ${current.code}` : undefined;
    const code = (current as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (Object.hasOwn(DISK_FULL_CODES, code)) return DISK_FULL_CODES[code];
    if (Object.hasOwn(SOCKET_WORDS, code)) return SOCKET_WORDS[code];
  }
  if (causeChain(error).some((current) => current.name === 'TimeoutError')) return 'timed out';
  return undefined;
}

/**
 * What a request failed on, when it is a dependency out of service for now rather than the request
 * or the code: the database's disk full (53100), a local disk full or over quota (ENOSPC, EDQUOT),
 * object storage unreachable or overloaded. Words that start with what failed, for a 503 the
 * client may retry; undefined for anything else. (An unreachable database is databaseUnavailableReason's.)
 */
export function unavailableStorage(error: unknown): string | undefined {
  for (const current of causeChain(error)) {
    if (current instanceof StorageWriteError) {
      const reason = storageReason(current.cause);
      return reason ? `Storage unavailable: ${reason}` : undefined;
    }
    const code = (current as { code?: unknown }).code;
    if (code === '53100') return `Database unavailable: ${DISK_FULL_CODES[code]}`;
    if (typeof code === 'string' && Object.hasOwn(DISK_FULL_CODES, code)) return `Storage unavailable: ${DISK_FULL_CODES[code]}`;
  }
  return undefined;
}

/** The pause before call `calls + 1`: doubling from `baseMs` (1 s), or what the provider's Retry-After asks (both at most 30 s). */
export function retryDelayMs(calls: number, error: unknown, baseMs = DEFAULT_RETRY_BASE_MS): number {
  const backoff = Math.min(MAX_DELAY_MS, baseMs * 2 ** (calls - 1));
  const apiError = causeChain(error).find((current) => APICallError.isInstance(current));
  const retryAfter = Number(apiError?.responseHeaders?.['retry-after']);
  return Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.min(MAX_DELAY_MS, retryAfter * 1000) : backoff;
}

/** The error and its causes, outermost first (also a QueryFailedError's driver error). */
function causeChain(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let current = error; current instanceof Error && chain.length < MAX_CAUSES; ) {
    chain.push(current);
    const driverError: unknown = (current as { driverError?: unknown }).driverError;
    current = current.cause ?? (driverError instanceof Error ? driverError : undefined);
  }
  return chain;
}
