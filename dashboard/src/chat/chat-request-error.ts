import { apiErrorMessage } from '../api/client';

/**
 * Why a message could not be sent, as the router answered it (status, the API's own message, a
 * 429's wait) or as the browser failed to reach it (status 0). The chat's transport throws it, so
 * `useChat` hands it back as its `error`.
 */
export class ChatRequestError extends Error {
  /** When sending may start again (epoch ms), for a 429 that said how long to wait. */
  readonly retryAt?: number;

  constructor(
    /** The HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    /** Seconds to wait before sending again, from a 429's Retry-After (or its message). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    if (retryAfterSeconds !== undefined) this.retryAt = Date.now() + retryAfterSeconds * 1000;
  }

  static async fromResponse(response: Response): Promise<ChatRequestError> {
    const message = await apiErrorMessage(response);
    const retryAfter = response.status === 429 ? (seconds(response.headers.get('retry-after')) ?? secondsInMessage(message)) : undefined;
    return new ChatRequestError(response.status, message, retryAfter);
  }

  static unreachable(): ChatRequestError {
    return new ChatRequestError(0, 'Could not reach the server. Check your connection and send again.');
  }
}

/** Retry-After in seconds; its HTTP-date form is turned into seconds from now. */
function seconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const value = Number(header);
  if (Number.isFinite(value)) return Math.max(0, Math.ceil(value));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** "retry in 42 s" / "try again in 42 s", as the service words some of its limits. */
function secondsInMessage(message: string): number | undefined {
  const match = /(?:retry|try again) in (\d+) ?s\b/i.exec(message);
  return match ? Number(match[1]) : undefined;
}
