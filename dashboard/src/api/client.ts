/** A failed API call: the service's error body `{statusCode, error, message}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | undefined>;

/** Calls `/api<path>` with the session cookie; JSON in and out, errors as ApiError. */
export async function api<T>(method: string, path: string, options: { body?: unknown; query?: Query } = {}): Promise<T> {
  const response = await fetch(`/api${withQuery(path, options.query)}`, {
    method,
    credentials: 'same-origin',
    headers: options.body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) throw new ApiError(response.status, await apiErrorMessage(response));
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** `path?query`, leaving out empty values. */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The `message` of the service's error body `{statusCode, error, message}`, else the status line. */
export async function apiErrorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: string | string[] };
    if (Array.isArray(body.message)) return body.message.join('; ');
    if (body.message) return body.message;
  } catch {
    // Not JSON (a proxy's page, say): the status line is all there is.
  }
  return `${response.status} ${response.statusText}`.trim();
}
