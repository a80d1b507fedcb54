import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { createTestApp } from '../../setup/create-test-app.js';

const INDEX = '<!doctype html><title>Dashboard</title><div id="root"></div>';
const BUNDLE = 'console.log("dashboard");';

/** A stand-in for Vite's output: index.html and one content-hashed bundle. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'assistant-dashboard-build-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-Abc123.js'), BUNDLE);
  writeFileSync(join(dir, 'secret.txt'), 'not for the web');
  return dir;
}

describe('GET /dashboard: the built-in web app', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApp({ env: { DASHBOARD_DIR: fakeBuild() } });
  });
  afterAll(() => app.close());

  it('redirects /dashboard to /dashboard/, where the app is', async () => {
    await api(app).get('/dashboard').expect(301).expect('Location', '/dashboard/');
    const response = await api(app).get('/dashboard/').expect(200).expect('Content-Type', /text\/html/);
    expect(response.text).toBe(INDEX);
  });

  // An asset's page shares the bundles' folder: its id has no extension, as every bundle's name has.
  it.each(['/dashboard/chat', '/dashboard/workflows/7f1c6a52-2f0e-4f43-9d7e-1d1f1b0c9a11', '/dashboard/assets?type=image', '/dashboard/assets/42', '/dashboard/assets/42?runId=7'])(
    'answers the app for the deep link %s, revalidated on every load, with a content security policy',
    async (path) => {
      const response = await api(app).get(path).expect(200);
      expect(response.text).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      // Stored images are linked by PUBLIC_URL (here the default), which the page may show.
      expect(response.headers['content-security-policy']).toContain("img-src 'self' data: http://localhost:3000");
    },
  );

  it('serves hashed bundles as immutable files with their content type, without a session', async () => {
    const response = await api(app).get('/dashboard/assets/index-Abc123.js').expect(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.text).toBe(BUNDLE);
  });

  it('answers 404 for a bundle that does not exist, and never serves other files of the build folder', async () => {
    expectError(await api(app).get('/dashboard/assets/index-Missing.js'), 404, 'No dashboard file assets/index-Missing.js');
    const paths = [
      '/dashboard/secret.txt',
      '/dashboard/assets/../secret.txt',
      '/dashboard/assets/%2e%2e/secret.txt',
      '/dashboard/assets/..%2fsecret.txt',
      '/dashboard/%2e%2e/%2e%2e/package.json',
    ];
    for (const path of paths) {
      // Any path that is not a bundle is a deep link of the app: the page, never the file.
      const response = await api(app).get(path);
      expect([path, response.status, response.headers['content-type']]).toEqual([path, 200, expect.stringMatching(/^text\/html/)]);
      expect(response.text).toBe(INDEX);
    }
  });

  it('leaves the API and its JSON errors alone', async () => {
    expectError(await api(app).get('/api/dashboard'), 404, 'Cannot GET /api/dashboard');
    await api(app).get('/api/health').expect(200).expect('Content-Type', /application\/json/);
  });
});

describe('GET /dashboard without a build', () => {
  it('says how to build it', async () => {
    const app = await createTestApp({ env: { DASHBOARD_DIR: mkdtempSync(join(tmpdir(), 'assistant-no-dashboard-')) } });
    try {
      expectError(await api(app).get('/dashboard/'), 404, 'The dashboard is not built: run npm run build');
      expectError(await api(app).get('/dashboard/workflows/x'), 404, 'The dashboard is not built: run npm run build');
    } finally {
      await app.close();
    }
  });
});
