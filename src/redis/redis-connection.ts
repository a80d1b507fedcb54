import { hostname } from 'node:os';
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';

/** Opens a new connection for a purpose (named after it); its owner closes it (`quit`) at shutdown. */
export type RedisConnector = (purpose: string) => Redis;

export const DEFAULT_COMMAND_TIMEOUT_MS = 1000;
/** The longest pause between two reconnect attempts: a Redis that is back is in use within it. */
const MAX_RECONNECT_DELAY_MS = 1000;

/** A connection's name in CLIENT LIST: its purpose, the host and the process, for an operator to find it. */
export function redisConnectionName(purpose: string): string {
  return `${purpose}:${hostname()}:${process.pid}`;
}

/**
 * Every connection to Redis is made here, with the same outage behaviour. A command waits for a
 * reconnect under way (a restart, a failover) but fails after one more failed attempt, and never
 * later than `commandTimeoutMs`, queued or sent: a stopped or frozen Redis fails each command
 * within seconds, for its caller to answer 503 or fall back (see redisUnavailableReason), instead
 * of hanging it. Reconnecting never stops, so all resumes by itself when Redis is back. An outage
 * is logged once per connection, and its end once.
 */
export function redisConnector(url: string, commandTimeoutMs = DEFAULT_COMMAND_TIMEOUT_MS): RedisConnector {
  return (purpose) => {
    const logger = new Logger(`Redis ${purpose}`);
    const redis = new Redis(url, {
      connectionName: redisConnectionName(purpose),
      commandTimeout: commandTimeoutMs,
      connectTimeout: Math.max(commandTimeoutMs, 1000),
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      retryStrategy: (attempts) => Math.min(attempts * 100, MAX_RECONNECT_DELAY_MS),
    });
    let downSince: number | undefined;
    redis.on('error', (error: Error) => {
      if (downSince !== undefined) return;
      downSince = Date.now();
      logger.error(`Redis unavailable: ${error.message}; reconnecting`);
    });
    redis.on('ready', () => {
      if (downSince === undefined) return;
      logger.log(`Redis available again after ${Math.round((Date.now() - downSince) / 1000)} s`);
      downSince = undefined;
    });
    return redis;
  };
}
