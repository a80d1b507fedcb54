import type { INestApplication } from '@nestjs/common';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

describe('GET /api/assistant/agents and /api/assistant/models: what a chat client can offer', () => {
  let app: INestApplication;
  let user: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    await resetDatabase(app);
    user = await signUp(app);
  });
  afterAll(() => app.close());

  it('lists every agent with its niche and tools', async () => {
    const response = await api(app, user).get('/api/assistant/agents').expect(200);
    expect(response.body.map((agent: { id: string }) => agent.id)).toEqual(['social', 'video', 'finance', 'legal', 'general']);
    expect(response.body[0]).toMatchObject({ id: 'social', niche: 'social media', tools: expect.arrayContaining(['generate_image', 'format_post']) });
    expect(response.body.find((agent: { id: string }) => agent.id === 'general').tools).toEqual([]);
    for (const agent of response.body) expect(agent.description.length).toBeGreaterThan(0);
  });

  it('offers the offline model alone when no provider is configured', async () => {
    const response = await api(app, user).get('/api/assistant/models').expect(200);
    expect(response.body).toEqual({ defaultModel: 'offline', models: ['offline'] });
  });

  it('needs a session', async () => {
    expectError(await api(app).get('/api/assistant/agents'), 401);
    expectError(await api(app).get('/api/assistant/models'), 401);
  });
});

describe('GET /api/assistant/models with an OpenAI-compatible provider', () => {
  it('also offers the configured OpenAI model', async () => {
    const app = await createTestApp({ env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', DEFAULT_MODEL: 'openai:gpt-4.1-mini' } });
    try {
      const user = await signUp(app);
      const response = await api(app, user).get('/api/assistant/models').expect(200);
      expect(response.body).toEqual({ defaultModel: 'openai:gpt-4.1-mini', models: ['offline', 'openai:gpt-4.1-mini'] });
    } finally {
      await app.close();
    }
  });
});
