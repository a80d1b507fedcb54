import type { Response } from 'supertest';
import { STATUS_CODES } from 'node:http';

/**
 * Asserts the standard error body. `message` may be the exact text, a pattern, or (for
 * validation errors) a list of patterns that must each match one of the listed messages.
 */
export function expectError(response: Response, statusCode: number, message?: string | RegExp | RegExp[]): void {
  expect({ status: response.status, body: response.body as unknown }).toMatchObject({
    status: statusCode,
    body: { statusCode, error: STATUS_CODES[statusCode] },
  });
  const actual = (response.body as { message: string | string[] }).message;
  if (message === undefined) return;
  if (Array.isArray(message)) {
    expect(Array.isArray(actual)).toBe(true);
    for (const pattern of message) expect(actual).toEqual(expect.arrayContaining([expect.stringMatching(pattern)]));
  } else {
    expect(actual).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  }
}
