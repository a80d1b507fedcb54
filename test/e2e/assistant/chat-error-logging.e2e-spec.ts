import { randomUUID } from 'node:crypto';
import { FakeOpenAI } from '../../helpers/fake-openai.js';
import { startServer } from '../../helpers/server-process.js';

/** What the provider's error says: logged once, by the service's logger, and never sent to the client. */
const UPSTREAM_DETAIL = 'upstream detail 7f3a: model shard unavailable';

/**
 * A model call that fails is logged once, through the service's logger (so LOG_LEVEL applies),
 * not a second time by the AI SDK's default `onError`, which prints the whole provider error and
 * its stack to stderr. Read from the real process's output.
 */
describe('a failing model call in the logs', () => {
  const fake = new FakeOpenAI();

  afterAll(() => fake.stop());

  it('is logged exactly once, with its reason, and the client gets the safe message', async () => {
    fake.failWith = UPSTREAM_DETAIL;
    const server = await startServer({ env: { OPENAI_BASE_URL: await fake.start(), OPENAI_API_KEY: 'sk-test', DEFAULT_MODEL: 'openai:gpt-test' } });
    try {
      const { accessToken } = await server.json<{ accessToken: string }>('POST', '/api/auth/register', undefined, {
        email: `logs-${randomUUID()}@example.com`,
        password: 'correct horse battery',
        name: 'Logs',
      });
      const response = await server.fetch('/api/assistant/router', {
        method: 'POST',
        token: accessToken,
        json: { messages: [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'Hello' }] }], agentId: 'general' },
      });
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toContain('The agent failed while answering. Please try again.');
      expect(body).not.toContain(UPSTREAM_DETAIL);

      await server.waitForLog(/Reply failed/);
      const mentions = server.logs.split('\n').filter((line) => line.includes(UPSTREAM_DETAIL));
      expect(mentions).toHaveLength(1);
      expect(mentions[0]).toMatch(/^\{.*"level":50.*Reply failed: .*upstream detail 7f3a/);
    } finally {
      await server.dispose();
    }
  }, 120_000);
});
