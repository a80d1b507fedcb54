import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { createTestApp } from '../../setup/create-test-app.js';

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32"/></svg>';

/** A stand-in for Vite's output: index.html and the icon copied from dashboard/public/. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'assistant-dashboard-build-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Assistant</title><div id="root"></div>');
  writeFileSync(join(dir, 'favicon.svg'), ICON);
  return dir;
}

describe('the bare address and the icon', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApp({ env: { DASHBOARD_DIR: fakeBuild() } });
  });
  afterAll(() => app.close());

  it('redirects / to the dashboard for a GET, and only for a GET', async () => {
    await api(app).get('/').expect(302).expect('Location', '/dashboard/');
    await api(app).head('/').expect(302).expect('Location', '/dashboard/');
    expectError(await api(app).post('/').send({}), 404, 'Cannot POST /');
  });

  it("answers the browser's own /favicon.ico with the dashboard's icon, served as SVG and kept a day", async () => {
    await api(app).get('/favicon.ico').expect(301).expect('Location', '/dashboard/favicon.svg');
    const icon = await api(app).get('/dashboard/favicon.svg').expect(200).expect('Content-Type', /^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    expect(icon.body.toString()).toBe(ICON);
  });

  it('leaves the API, the OpenAI-compatible API, stored files and the health check where they were', async () => {
    await api(app).get('/api/health').expect(200).expect('Content-Type', /application\/json/);
    await api(app).get('/health').expect(404);
    expectError(await api(app).get('/api'), 404, 'Cannot GET /api');
    expectError(await api(app).get('/api/favicon.ico'), 404, 'Cannot GET /api/favicon.ico');
    expect((await api(app).get('/v1/models').expect(401)).body).toMatchObject({ error: { type: 'authentication_error' } });
    await api(app).get('/files/missing.png').expect(404);
  });
});
