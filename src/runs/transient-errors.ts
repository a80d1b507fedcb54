import { APICallError } from 'ai';

/** Connection failures worth another try: the provider dropped, refused or timed out the connection. */
const TRANSIENT_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);
/** How deep the `cause` chain is searched. */
const MAX_CAUSES = 5;
const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/**
 * What made a failed model call transient, in a few words (a rate limit, a 5xx, a dropped
 * connection), or undefined when trying again would fail the same way (a bad request, a refused
 * key, the step's own timeout or a stop, which abort the call).
 */
export function transientFailure(error: unknown): string | undefined {
  for (const current of causeChain(error)) {
    if (APICallError.isInstance(current)) {
      if (!current.isRetryable) return undefined;
      // A stream cut off after a 200 fails with that status: the connection broke, not the answer.
      return current.statusCode && current.statusCode >= 400 ? `the model provider answered ${current.statusCode}` : 'the connection to the model provider failed';
    }
    // Errors a provider reports inside a stream say themselves whether they are worth another try.
    if ((current as { isRetryable?: unknown }).isRetryable === true) return 'the model provider reported a temporary error';
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return `the connection to the model provider failed (${code})`;
  }
  return undefined;
}

/** The pause before model call `calls + 1`: doubling from 1 s, or what the provider's Retry-After asks (both at most 30 s). */
export function retryDelayMs(calls: number, error: unknown): number {
  const backoff = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (calls - 1));
  const apiError = causeChain(error).find((current) => APICallError.isInstance(current));
  const retryAfter = Number(apiError?.responseHeaders?.['retry-after']);
  return Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.min(MAX_DELAY_MS, retryAfter * 1000) : backoff;
}

/** The error and its causes, outermost first. */
function causeChain(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let current = error; current instanceof Error && chain.length < MAX_CAUSES; current = current.cause) chain.push(current);
  return chain;
}
