import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { DataSource } from 'typeorm';
import { StorageService } from '../../../src/storage/storage.service.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { FakeOpenAI } from '../../helpers/fake-openai.js';
import { HttpListener } from '../../helpers/http-listener.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * Files as an OpenAI-compatible provider gets them: a link to the team's stored image is read
 * from storage and sent inline (the AI SDK would otherwise hand the URL to the provider, which
 * supports image URLs, to fetch), a text file is sent as text (the provider takes no text files),
 * and a URL stored before the checks is never sent. PUBLIC_URL is a local listener that must get
 * no request. Also: a request refused once its turn is stored (a reply already under way) leaves
 * nothing behind.
 */
describe('chat files through an OpenAI-compatible provider', () => {
  const fake = new FakeOpenAI();
  const listener = new HttpListener();
  let app: INestApplication;
  let user: TestUser;
  let publicUrl: string;

  beforeAll(async () => {
    const providerUrl = await fake.start();
    publicUrl = await listener.start();
    app = await createTestApp({
      env: { OPENAI_BASE_URL: providerUrl, OPENAI_API_KEY: 'sk-test', DEFAULT_MODEL: 'openai:gpt-test', PUBLIC_URL: publicUrl, RATE_LIMIT_FREE: '1000' },
    });
    await resetDatabase(app);
    user = await signUp(app);
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });
  afterEach(() => expect(listener.requests.splice(0)).toEqual([]));
  afterAll(async () => {
    await app?.close();
    await fake.stop();
    await listener.stop();
  });

  /** What the agent's (streamed) model call was sent. */
  const agentCall = () => fake.requests.filter((request) => request.stream).at(-1);

  it("sends a link to the team's stored image inline, read from storage, never as the URL", async () => {
    const stored = await app.get(StorageService).put(user.teamId, 'images', PNG, 'image/png');
    const reply = await chat(app, user, { messages: [userMessage('What colour is this?', [{ type: 'file', mediaType: 'image/png', url: stored.url }])] });
    expect(reply.chunks.filter((chunk) => chunk.type === 'error')).toEqual([]);
    const sent = JSON.stringify(agentCall()?.messages);
    expect(sent).toContain(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(sent).not.toContain(stored.url);
  });

  it('sends a text file as text after the message, which the provider could not take as a file', async () => {
    const notes = '# Launch notes\nShip on Friday.';
    const file = { type: 'file' as const, mediaType: 'text/markdown', filename: 'notes.md', url: `data:text/markdown;base64,${Buffer.from(notes).toString('base64')}` };
    const reply = await chat(app, user, { messages: [userMessage('Summarize my notes', [file])] });
    expect(reply.chunks.filter((chunk) => chunk.type === 'error')).toEqual([]);
    expect(agentCall()?.messages?.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Summarize my notes' },
        { type: 'text', text: `\n\nAttached file "notes.md" (text/markdown):\n${notes}` },
      ],
    });
  });

  it('never sends a URL stored before the checks (left out of the prompt)', async () => {
    const first = await chat(app, user, { messages: [userMessage('Hello')] });
    const legacy = `${publicUrl}/elsewhere/photo.png`;
    await app.get(DataSource).query(`INSERT INTO messages (conversation_id, message_id, role, parts) VALUES ($1, $2, 'user', $3::jsonb)`, [
      first.conversationId,
      randomUUID(),
      JSON.stringify([{ type: 'file', mediaType: 'image/png', url: legacy }, { type: 'text', text: 'An old upload' }]),
    ]);
    const next = await chat(app, user, { messages: [userMessage('And now?')], conversationId: first.conversationId });
    expect(next.chunks.filter((chunk) => chunk.type === 'error')).toEqual([]);
    expect(JSON.stringify(agentCall()?.messages)).not.toContain('/elsewhere/photo.png');
  });

  it('a message refused because a reply is already under way (409 after routing) is not stored', async () => {
    const first = await chat(app, user, { messages: [userMessage('Hello')] });
    // Both requests pass the "nothing under way" check, then route together: one claims the
    // conversation, the other finds the claim taken once its message is stored. The winner's
    // reply is held at the model until the loser has its answer, so the claim is still there.
    fake.holdRoutes(2);
    fake.holdReplies();
    const [one, two] = [userMessage('First of two'), userMessage('Second of two')];
    const send = (message: UIMessage) => api(app, user).post('/api/assistant/router').send({ messages: [message], conversationId: first.conversationId });
    const requests = [one, two].map((message) => Promise.resolve(send(message)));
    expect((await Promise.race(requests)).status).toBe(409);
    fake.releaseReplies();
    const responses = await Promise.all(requests);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const winnerIndex = responses.findIndex((response) => response.status === 200);
    expectError(responses[1 - winnerIndex], 409, 'A reply is already being generated in this conversation');
    const [winner, loser] = winnerIndex === 0 ? [one, two] : [two, one];

    const history = (await api(app, user).get(`/api/assistant/history?id=${first.conversationId}`).expect(200)).body.messages as UIMessage[];
    expect(history.map((message) => [message.role, textOfMessage(message)])).toEqual([
      ['user', 'Hello'],
      ['assistant', 'Hello from the fake model.'],
      ['user', textOfMessage(winner)],
      ['assistant', 'Hello from the fake model.'],
    ]);
    expect(history.map((message) => message.id)).not.toContain(loser.id);
  });
});
