import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import type { AbstractHttpAdapter } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { servedRoutes } from '../../../src/http/route-table.js';
import { api } from '../../helpers/api.js';
import { SERVER_ENTRY } from '../../helpers/server-process.js';
import { createTestApp } from '../../setup/create-test-app.js';

/** Express's router as the test reads it: its route layers, in the order it tries them. */
interface RouteLayer {
  match(path: string): unknown;
  route?: { path: string; methods: Record<string, boolean | undefined>; _handlesMethod(method: string): boolean };
}

/** A URL the route answers: every parameter and wildcard filled with a value no route spells out. */
function urlOf(path: string): string {
  return path.replace(/\{?\/?\*\w+\}?/g, '/x1').replace(/:\w+/g, 'p1');
}

/**
 * Express tries routes in the order they were registered, and Nest registers them module by
 * module: with the modules read in another order, GET /api/workflows/resume (the step link of an
 * approval mail) reached GET /api/workflows/:id, whose sign-in guard answered 401.
 */
describe('route matching does not depend on the order of the modules', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await createTestApp({ reversedModules: true });
  });

  afterAll(async () => {
    await app.close();
  });

  it('serves the step link GET /api/workflows/resume from the approval links, not from GET /api/workflows/:id', async () => {
    // A client without a browser's user agent gets the link's confirmation page, here refused for
    // the action it lacks: the step link's own check, not a workflow lookup.
    const response = await api(app).get('/api/workflows/resume').expect(400);
    expect(response.body.message).toBe('action must be approve or reject');
  });

  it('tries each literal route before every parameter or wildcard route that would also match its URL', () => {
    const { router } = (app.getHttpAdapter() as AbstractHttpAdapter).getInstance<{ router: { stack: RouteLayer[] } }>();
    const layers = router.stack.filter((layer) => layer.route);
    const overlaps: string[] = [];
    // A path with and without its trailing slash is one route to Express (the API docs register both).
    const samePath = (left: string, right: string) => left.replace(/\/$/, '') === right.replace(/\/$/, '');
    for (const layer of layers) {
      const { path, methods } = layer.route!;
      for (const method of Object.keys(methods).filter((name) => methods[name])) {
        const url = urlOf(path);
        const answering = layers.filter(
          (other) => other.route!._handlesMethod(method) && other.match(url) && (other === layer || !samePath(other.route!.path, path)),
        );
        expect(answering[0] === layer, `${method} ${url} (route ${path}) reaches ${answering[0]?.route?.path}`).toBe(true);
        for (const other of answering.slice(1)) overlaps.push(`${method.toUpperCase()} ${path} before ${other.route!.path}`);
      }
    }
    // The pairs this checks, so a new one shows up here; each was answered by the first route above.
    expect(overlaps).toEqual(
      expect.arrayContaining(['GET /api/workflows/resume before /api/workflows/:id', 'GET /v1/models before /v1/{*path}']),
    );
  });

  it('names the controller file of every route but the API document\'s and its UI\'s', async () => {
    const routes = (await servedRoutes(app, join(import.meta.dirname, '../../../src'))).map(({ method, path, file }) => ({ method, path, file }));
    expect(routes.filter((route) => !route.file.endsWith('.controller.ts') && !route.path.startsWith('/api/docs') && route.path !== '/api/openapi.json')).toEqual([]);
    expect(routes).toContainEqual({ method: 'GET', path: '/api/openapi.json', file: 'src/app.setup.ts' });
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/workflows/resume', file: 'src/approvals/approvals.controller.ts' },
        { method: 'GET', path: '/api/workflows/:id', file: 'src/workflows/workflows.controller.ts' },
        { method: 'DELETE', path: '/api/assistant/conversations', file: 'src/assistant/conversations.controller.ts' },
        { method: 'GET', path: '/api/assistant/conversations', file: 'src/assistant/conversations.controller.ts' },
        { method: 'GET', path: '/v1/models', file: 'src/openai-api/openai-api.controller.ts' },
      ]),
    );
  });

  it('npm run routes prints method, path and file of the built app, in the order Express tries them', () => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: 'error' };
    const run = spawnSync(process.execPath, [join(dirname(SERVER_ENTRY), 'routes.js')], { env, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n').map((line) => line.trim().split(/\s+/).join(' '));
    expect(lines).toEqual(
      expect.arrayContaining([
        'GET /api/workflows/resume src/approvals/approvals.controller.ts',
        'POST /api/workflows/:id/run src/runs/runs.controller.ts',
        'PATCH /api/workflows/:id/schedule src/schedules/schedules.controller.ts',
        'POST /api/assistant/conversations/:id/stop src/assistant/conversations.controller.ts',
      ]),
    );
    expect(lines.indexOf('GET /api/workflows/resume src/approvals/approvals.controller.ts')).toBeLessThan(
      lines.indexOf('GET /api/workflows/:id src/workflows/workflows.controller.ts'),
    );
  }, 60_000);
});
