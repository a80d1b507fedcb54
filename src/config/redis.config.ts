import { integer, namespace, text } from './environment.js';

export const REDIS_VARIABLES = namespace('Redis', {
  url: text({
    name: 'REDIS_URL',
    pattern: /^rediss?:\/\/\S+$/,
    problem: 'must be a redis:// or rediss:// URL',
    doc:
      'Redis for rate-limit counters and live streams (chat resume/stop, run events) shared by all instances, e.g. redis://redis:6379. ' +
      'Unset: in memory (one instance).',
  }),
  commandTimeoutMs: integer({
    name: 'REDIS_COMMAND_TIMEOUT_MS',
    default: 1000,
    min: 50,
    max: 60_000,
    doc: 'How long a Redis command may take before it fails, in ms: a stopped or frozen Redis then answers 503 (or falls back to memory, see docs/operations.md) within it instead of hanging.',
  }),
});

/** The redis namespace's values, as read. */
export interface RedisSettings {
  /** Shared store for rate-limit counters and live streams across instances; unset means in memory. */
  url?: string;
  /** How long a Redis command may take, queued while reconnecting included, before it fails (see src/redis). */
  commandTimeoutMs: number;
}
