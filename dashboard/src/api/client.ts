import createClient, { type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema';

/** A failed API call: the service's error body `{statusCode, error, message}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Same origin, the session cookie sent; a query leaves out empty values (a filter left blank), as
 * the routes read an empty value as a bad one.
 */
export const CLIENT_OPTIONS: ClientOptions = {
  credentials: 'same-origin',
  // The dashboard's queries are flat: strings and numbers.
  querySerializer: (query: Record<string, unknown>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if ((typeof value === 'string' && value !== '') || typeof value === 'number') params.set(key, String(value));
    return params.toString();
  },
};

/** A schema of the document by name: a request body (`RegisterDto`) or a response (`MeResponse`). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The API as the document the app serves describes it (src/write-openapi-document.ts): `/api/...` paths, typed. */
export const client = createClient<paths>(CLIENT_OPTIONS);

/** What openapi-fetch resolves to: the parsed body of a success, or of a refusal. */
interface Answer<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/** The body of a successful call (undefined for 204); a refusal throws ApiError with its message. */
export async function send<Data>(call: Promise<Answer<Data>>): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, errorMessage(error, response));
  return data as Data;
}

/** The `message` of the service's error body `{statusCode, error, message}` on a raw response, else the status line. */
export async function apiErrorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    return errorMessage(JSON.parse(text), response);
  } catch {
    // Not JSON (a proxy's page, say): the status line is all there is.
    return statusLine(response);
  }
}

function errorMessage(body: unknown, response: Response): string {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string' && message) return message;
  return statusLine(response);
}

function statusLine(response: Response): string {
  return `${response.status} ${response.statusText}`.trim();
}
