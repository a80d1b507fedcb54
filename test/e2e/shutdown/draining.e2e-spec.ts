import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ShutdownService } from '../../../src/shutdown/shutdown.service.js';
import { api } from '../../helpers/api.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const DRAINING = 'This instance is shutting down; try again shortly';

/**
 * Issue 14's draining answer, in process: once the instance drains, every request on a connection
 * it still has open is refused with 503, Retry-After and `Connection: close`, in the error shape of
 * the API it was sent to, and nothing is stored. (The real SIGTERM is in test/faults/shutdown.)
 */
describe('requests while the instance drains', () => {
  let app: INestApplication;
  let alice: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    await resetDatabase(app);
    alice = await signUp(app);
    await app.get(ShutdownService).drain();
  });
  afterAll(() => app.close());

  const expectRefused = (response: request.Response) => {
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers.connection).toBe('close');
  };

  it('the API, signed in or not, answers in its own error shape', async () => {
    for (const response of [
      await request(app.getHttpServer()).get('/api/health'),
      await api(app, alice).get('/api/assets'),
      await api(app, alice).post('/api/assistant/router').send({ messages: [] }),
    ]) {
      expectRefused(response);
      expect(response.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: DRAINING });
    }
  });

  it('the OpenAI-compatible API answers in OpenAI’s error shape, which its clients read', async () => {
    for (const response of [
      await api(app, alice).get('/v1/models'),
      await api(app, alice).post('/v1/chat/completions').send({ model: 'router', messages: [{ role: 'user', content: 'Hello' }] }),
      await request(app.getHttpServer()).get('/v1'),
    ]) {
      expectRefused(response);
      expect(response.body).toEqual({ error: { message: DRAINING, type: 'server_error', param: null, code: 'service_unavailable' } });
    }
  });

  it('stores nothing', async () => {
    const email = `late-${Date.now()}@example.com`;
    expectRefused(await request(app.getHttpServer()).post('/api/auth/register').send({ email, password: 'correct horse battery', name: 'Late' }));
    const users = await app.get(DataSource).query('SELECT 1 FROM users WHERE email = $1', [email]);
    expect(users).toHaveLength(0);
  });
});
