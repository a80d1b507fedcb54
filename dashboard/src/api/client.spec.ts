import { describe, expect, it } from 'vitest';
import createClient from 'openapi-fetch';
import { ApiError, apiErrorMessage, CLIENT_OPTIONS, send } from './client';
import type { paths } from './schema';

/** The generated client against canned answers: what a call resolves to, or the ApiError it throws. */
function answering(response: () => Response) {
  const requests: Request[] = [];
  const client = createClient<paths>({
    ...CLIENT_OPTIONS,
    baseUrl: 'http://dashboard.test',
    fetch: (request: Request) => {
      requests.push(request);
      return Promise.resolve(response());
    },
  });
  return { client, requests };
}

const json = (status: number, body: unknown, statusText = '') => new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the dashboard API client', () => {
  it('resolves to the body of a success, sent same-origin with the session cookie', async () => {
    const { client, requests } = answering(() => json(200, { mode: 'open' }));
    await expect(send(client.GET('/api/auth/options'))).resolves.toEqual({ mode: 'open' });
    expect(requests[0].credentials).toBe('same-origin');
    expect(requests[0].url).toBe('http://dashboard.test/api/auth/options');
  });

  it('resolves to undefined for 204', async () => {
    const { client } = answering(() => new Response(null, { status: 204 }));
    await expect(send(client.DELETE('/api/teams/{id}/group-mappings/{mappingId}', { params: { path: { id: 't', mappingId: 'm' } } }))).resolves.toBeUndefined();
  });

  it("throws ApiError with the status and the error body's message", async () => {
    const { client } = answering(() => json(409, { statusCode: 409, error: 'Conflict', message: 'The run already finished' }));
    const error = await refusal(send(client.POST('/api/workflows/{id}/runs/{runId}/stop', { params: { path: { id: 'w', runId: 1 } } })));
    expect(error.status).toBe(409);
    expect(error.message).toBe('The run already finished');
  });

  it("joins a validation refusal's messages", async () => {
    const { client } = answering(() => json(400, { statusCode: 400, error: 'Bad Request', message: ['name must be shorter', 'email must be an email'] }));
    const error = await refusal(send(client.POST('/api/auth/login', { body: { email: 'x', password: 'y' } })));
    expect(error).toMatchObject({ status: 400, message: 'name must be shorter; email must be an email' });
  });

  it('falls back to the status line for a body that is not the error body (a proxy page, empty JSON)', async () => {
    let answer = () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    const { client } = answering(() => answer());
    expect(await refusal(send(client.GET('/api/auth/me')))).toMatchObject({ status: 502, message: '502 Bad Gateway' });
    answer = () => json(503, {}, 'Service Unavailable');
    expect(await refusal(send(client.GET('/api/auth/me')))).toMatchObject({ status: 503, message: '503 Service Unavailable' });
  });

  it('leaves empty query values out, as a blank filter', async () => {
    const { client, requests } = answering(() => json(200, []));
    await send(client.GET('/api/assets', { params: { query: { conversationId: '', runId: 7, limit: 24 } } }));
    expect(requests[0].url).toBe('http://dashboard.test/api/assets?runId=7&limit=24');
  });

  it("reads a raw response's error message the same way (the chat's stream requests)", async () => {
    await expect(apiErrorMessage(json(429, { statusCode: 429, error: 'Too Many Requests', message: 'Slow down' }))).resolves.toBe('Slow down');
    await expect(apiErrorMessage(new Response('oops', { status: 500, statusText: 'Internal Server Error' }))).resolves.toBe('500 Internal Server Error');
  });
});
