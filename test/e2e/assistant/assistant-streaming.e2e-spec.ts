import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { ConversationsService } from '../../../src/conversations/conversations.service.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { readUIStream } from '../../helpers/read-ui-stream.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
import { signUp } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** The router over a real socket, with a model that takes its time, as a remote one would. */
describe('assistant: streaming over a real connection', () => {
  let app: INestApplication;
  let baseUrl: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { OFFLINE_MODEL_CHUNK_DELAY_MS: '15', RATE_LIMIT_FREE: '4' } });
    await resetDatabase(app);
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  function post(token: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    return fetch(`${baseUrl}/api/assistant/router`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal,
    });
  }

  it('sends the conversation id before the first byte of the reply, and streams the reply piece by piece', async () => {
    const user = await signUp(app);
    const response = await post(user.token, { messages: [userMessage('Tell me something')] });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-conversation-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { chunks, message } = await readUIStream(response.body!);
    expect(chunks.filter((chunk) => chunk.type === 'text-delta').length).toBeGreaterThan(20);
    expect(chunks[0]).toMatchObject({ type: 'start', messageMetadata: { agentId: 'general' } });
    expect(textOfMessage(message)).toContain('You wrote: "Tell me something"');
  });

  it('finishes and stores the whole reply when the client disconnects mid-stream', async () => {
    const user = await signUp(app);
    const controller = new AbortController();
    const response = await post(user.token, { messages: [userMessage('Are you still there after I leave?')] }, controller.signal);
    const conversationId = response.headers.get('x-conversation-id')!;
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"type":"start"');
    controller.abort();

    const conversations = app.get(ConversationsService);
    const stored = await waitFor(async () => {
      const messages = await conversations.messagesOf(conversationId);
      return messages.length >= 2 && messages;
    }, 'the reply stored after the client left');
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(textOfMessage(stored[1])).toMatch(/^This is the offline model[\s\S]*You wrote: "Are you still there after I leave\?"$/);
  });

  it("answers 429 with Retry-After once the team's plan limit is used up", async () => {
    const user = await signUp(app);
    for (let i = 0; i < 4; i++) await api(app, user).post('/api/assistant/router').send({ messages: [userMessage(`Hi ${i}`)] }).expect(200);
    const limited = await api(app, user).post('/api/assistant/router').send({ messages: [userMessage('One more')] });
    expectError(limited, 429, /Rate limit of your team's plan exceeded \(4 requests per 60 s\)/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
