import { Logger, type INestApplication } from '@nestjs/common';
import pg from 'pg';
import { pino } from 'pino';
import { AppLogger } from '../../../src/logging/app-logger.js';
import { api } from '../../helpers/api.js';
import { titlesSettled } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { FakeOpenAI } from '../../helpers/fake-openai.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

interface LogLine {
  level: number;
  context?: string;
  msg?: string;
}

/**
 * The title written after a conversation's first reply runs off the reply's path; these hold its
 * model call open (the fake provider's title gate) to see what waits for it and what it touches.
 */
describe('conversation titles under way', () => {
  const model = new FakeOpenAI();
  let app: INestApplication | undefined;
  let user: TestUser;
  let lines: LogLine[];
  let baseUrl: string;

  beforeAll(async () => {
    model.title = 'Launch week plan';
    baseUrl = await model.start();
  });

  afterAll(() => model.stop());

  beforeEach(async () => {
    lines = [];
    app = await createTestApp({ env: { OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: 'sk-test', DEFAULT_MODEL: 'openai:gpt-test' } });
    await resetDatabase(app);
    // Logs are read from after the reset, whose TRUNCATE may deadlock with the app's pollers (see input-refusals-are-warnings).
    app.useLogger(new AppLogger(pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) })));
    user = await signUp(app);
    model.holdTitles();
  });

  afterEach(async () => {
    model.releaseTitles();
    await app?.close();
    Logger.overrideLogger(new Logger());
  });

  /** A first message whose reply has been read whole; its title call is then held. */
  async function firstReply(running: INestApplication): Promise<string> {
    const response = await api(running, user).post('/api/assistant/router').send({ messages: [userMessage('Plan our launch week')] }).expect(200);
    await waitFor(() => Promise.resolve(model.heldTitles === 1), 'the title call');
    return String(response.headers['x-conversation-id']);
  }

  it('shutting down waits for a title under way: it is stored, and its call is in the ledger', async () => {
    const running = app as INestApplication;
    const conversationId = await firstReply(running);
    let closed = false;
    const closing = running.close().then(() => (closed = true));
    app = undefined;
    // Either the app closed with the title still out (the bug), or it says it waits for it.
    await waitFor(() => Promise.resolve(closed || lines.some((line) => line.context === 'ConversationTitles' && /^Waiting for 1 conversation title/.test(line.msg ?? ''))), 'the shutdown');
    expect(closed).toBe(false);
    model.releaseTitles();
    await closing;

    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ title: string; title_final: boolean }>('SELECT title, title_final FROM conversations WHERE id = $1', [conversationId]);
      expect(rows).toEqual([{ title: 'Launch week plan', title_final: true }]);
      const calls = await client.query("SELECT 1 FROM usage_records WHERE conversation_id = $1 AND kind = 'title'", [conversationId]);
      expect(calls.rowCount).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('a title that arrives after its conversation was deleted writes nothing and fails nothing', async () => {
    const running = app as INestApplication;
    const conversationId = await firstReply(running);
    await api(running, user).delete(`/api/assistant/conversations?id=${conversationId}`).expect(200);
    model.releaseTitles();
    await titlesSettled(running, conversationId);

    expectError(await api(running, user).get(`/api/assistant/history?id=${conversationId}`), 404, 'Conversation not found');
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  });
});
