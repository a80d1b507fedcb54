import { Controller, Get, type INestApplication } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { DataSource } from 'typeorm';
import { Public } from '../../../src/common/public.decorator.js';
import { ApiAlwaysRefused } from '../../../src/http/openapi/api-responses.decorator.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { signUp } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

@Controller('test-failures')
class FailingController {
  @Public()
  @Get('crash')
  @ApiAlwaysRefused(500, 'A database failure, answered as a bare 500')
  crash(): never {
    throw new QueryFailedError('SELECT secret FROM users', [], new Error('relation "secret_table" does not exist'));
  }
}

describe('HTTP behaviour shared by every endpoint', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApp({ env: { BODY_LIMIT: '1kb' }, controllers: [FailingController] });
    await resetDatabase(app);
  });
  afterAll(() => app.close());

  it('GET /api/health is public and checks the database and storage', async () => {
    const response = await api(app).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up', storage: 'up' });
  });

  it('answers malformed JSON with 400 and the standard body', async () => {
    const response = await api(app).post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": "a@b.c",');
    expectError(response, 400, 'Malformed JSON in request body');
  });

  it.each(['utf-16le', 'iso-8859-1', 'us-ascii', 'utf8', 'windows-1252'])('answers JSON labelled charset=%s with 415 saying what is taken', async (charset) => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'correct horse battery' });
    const response = await api(app)
      .post('/api/auth/login')
      .set('Content-Type', `application/json; charset=${charset}`)
      .send(charset === 'utf-16le' ? Buffer.from(body, 'utf16le') : body);
    expectError(response, 415, 'JSON bodies must be UTF-8');
  });

  it('answers a body over the limit with 413', async () => {
    const response = await api(app).post('/api/auth/register').send({ email: 'big@example.com', password: 'x'.repeat(2000), name: 'Big' });
    expectError(response, 413, 'Request body too large');
    const [{ count }] = await app.get(DataSource).query(`SELECT count(*)::int AS count FROM users WHERE email = 'big@example.com'`);
    expect(count).toBe(0);
  });

  it('answers unknown routes with a JSON 404', async () => {
    expectError(await api(app).get('/api/does-not-exist'), 404, 'Cannot GET /api/does-not-exist');
  });

  it('answers an unexpected failure with a bare 500: no SQL, no stack', async () => {
    const response = await api(app).get('/api/test-failures/crash');
    expectError(response, 500, 'Internal server error');
    expect(JSON.stringify(response.body)).not.toMatch(/SELECT|secret|stack|at /);
  });

  it('gives every response a request id, and keeps a sane one the caller sent', async () => {
    const generated = await api(app).get('/api/health').expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await api(app).get('/api/health').set('x-request-id', 'trace-123').expect(200);
    expect(given.headers['x-request-id']).toBe('trace-123');
    const hostile = await api(app).get('/api/health').set('x-request-id', 'a b <script>').expect(200);
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers and CORS for the frontend origin with credentials', async () => {
    const response = await api(app).get('/api/health').set('Origin', 'http://localhost:3000').expect(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('serves the OpenAPI document with the auth schemes', async () => {
    const response = await api(app).get('/api/openapi.json').expect(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/teams', '/api/health']));
    expect(response.body.components.securitySchemes).toMatchObject({ bearer: { type: 'http', scheme: 'bearer' } });
    await api(app).get('/api/docs').expect(200);
  });

  it('API answers, credentials and errors included, are never stored by browser or proxy caches; the dashboard revalidates', async () => {
    const email = `cache-${Date.now()}@example.com`;
    const registered = await api(app).post('/api/auth/register').send({ email, password: 'correct horse battery', name: 'Cache' }).expect(201);
    const login = await api(app).post('/api/auth/login').send({ email, password: 'correct horse battery' }).expect(200);
    const caller = { token: login.body.accessToken as string };
    for (const response of [
      registered,
      login,
      await api(app, caller).get('/api/auth/me').expect(200),
      await api(app, caller).get('/api/assets').expect(200),
      await api(app, caller).get('/v1/models').expect(200),
      await api(app).get('/api/health').expect(200),
      await api(app).get('/api/assets').expect(401),
    ]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect((await api(app).get('/dashboard/')).headers['cache-control']).not.toBe('no-store');
  });

  it('rejects unknown fields rather than ignoring them', async () => {
    const user = await signUp(app);
    expectError(await api(app, user).post('/api/teams').send({ name: 'A', teamId: user.teamId }), 400, [/^teamId: property teamId should not exist$/]);
  });

  it.each([
    ['a value of the wrong kind', { name: 123 }, ['name must be a string']],
    ['a list where one value belongs', { name: ['A', 'B'] }, ['name must be a string']],
    ['no value', {}, ['name must be a string', 'name should not be empty']],
  ])('says only what is wrong with %s, not the rules that only apply to the right kind', async (_case, body, messages) => {
    const user = await signUp(app);
    const response = await api(app, user).post('/api/teams').send(body);
    expectError(response, 400);
    expect([...(response.body as { message: string[] }).message].sort()).toEqual(messages.sort());
  });
});
