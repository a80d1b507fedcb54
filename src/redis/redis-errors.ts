/**
 * Recognises the errors of ioredis that mean "Redis cannot be used right now" (stopped, restarting,
 * unreachable, frozen), as opposed to a fault of the command or of the code. A command never sees
 * the socket error itself: ioredis fails it with one of these (see redisConnector's options).
 */
const MESSAGES: [RegExp, string][] = [
  // Its connection failed again while the command waited for a reconnect (maxRetriesPerRequest).
  [/^Reached the max retries per request limit/, 'not reachable'],
  // No answer within REDIS_COMMAND_TIMEOUT_MS: frozen, overloaded, or still reconnecting.
  [/^Command timed out$/, 'command timed out'],
  [/^Stream isn't writeable/, 'not connected'],
  [/^Connection is closed\.$/, 'connection closed'],
  // A restarted Redis answers this until it has read its data back.
  [/^LOADING /, 'loading its data'],
];

/** How deep causes are searched (an error wrapped by the code that made the call). */
const MAX_CAUSES = 5;

/**
 * Why Redis is unavailable, in a few words ("command timed out", "not reachable"), or undefined when
 * the error is something else. The error or one of its causes must be ioredis's.
 */
export function redisUnavailableReason(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < MAX_CAUSES && current instanceof Error; depth++) {
    const { message } = current;
    const match = MESSAGES.find(([pattern]) => pattern.test(message));
    if (match) return match[1];
    current = current.cause;
  }
  return undefined;
}
