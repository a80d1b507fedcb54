/** An open long-lived response: `ended` resolves when the server ends it (or cuts it); `close` leaves it. */
export interface OpenStream {
  response: Response;
  ended: Promise<void>;
  close: () => void;
}

/**
 * Opens a long-lived stream (run events, a chat reply, a resume) with a bearer token, expects 200, reads
 * its first bytes (the run's state, the reply's start), then keeps reading in the background.
 */
export async function openStream(url: string, token: string, body?: unknown): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  await reader.read();
  const ended = (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // Cut: ended all the same.
    }
  })();
  return { response, ended, close: () => controller.abort() };
}
