import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import { servedRoutes } from '../../../src/http/route-table.js';
import { api } from '../../helpers/api.js';
import { UNDOCUMENTED_PATHS } from '../../helpers/contract.js';
import { createTestApp } from '../../setup/create-test-app.js';

/** Where the document is written for `npx redocly lint` (CI's artifacts keep it). */
const DOCUMENT_FILE = 'test-artifacts/openapi.json';

/** `/api/workflows/:id` as OpenAPI writes it: `/api/workflows/{id}`. */
function openApiPath(expressPath: string): string {
  return expressPath.replace(/:(\w+)/g, '{$1}');
}

describe('the OpenAPI document (GET /api/openapi.json)', () => {
  let app: NestExpressApplication;
  let document: OpenAPIObject;

  beforeAll(async () => {
    app = await createTestApp();
    const response = await api(app).get('/api/openapi.json').expect(200).expect('content-type', /json/);
    document = response.body as OpenAPIObject;
    mkdirSync(dirname(DOCUMENT_FILE), { recursive: true });
    writeFileSync(DOCUMENT_FILE, JSON.stringify(document, null, 2));
  });

  afterAll(async () => {
    await app.close();
  });

  it('is served without credentials and names the server PUBLIC_URL gives, with Bearer and the session cookie', () => {
    expect(document.servers).toEqual([{ url: 'http://localhost:3000' }]);
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual(['bearer', 'cookie']);
    expect(document.security).toEqual([{ bearer: [] }, { cookie: [] }]);
  });

  it('has an operation for every route the app serves, each with a summary, an operationId and a schema for every answer', async () => {
    const routes = await servedRoutes(app, join(import.meta.dirname, '../../../src'));
    const gaps: string[] = [];
    for (const route of routes) {
      if (UNDOCUMENTED_PATHS.some((pattern) => pattern.test(route.path))) continue;
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase() as 'get'];
      const name = `${route.method} ${route.path}`;
      if (!operation) {
        gaps.push(`${name}: no operation`);
        continue;
      }
      if (!operation.summary) gaps.push(`${name}: no summary`);
      if (!operation.operationId) gaps.push(`${name}: no operationId`);
      for (const [status, response] of Object.entries(operation.responses) as [string, ResponseObject][]) {
        // A redirect or an empty answer (204) carries no body to describe.
        if (status === '204' || status.startsWith('3')) continue;
        if (response.content && Object.values(response.content).every((media) => media.schema)) continue;
        gaps.push(`${name}: ${status} has no schema`);
      }
    }
    expect(gaps).toEqual([]);
  });

  it('marks the public routes `security: []`, from their @Public() decorator', () => {
    const health = document.paths['/api/health']?.get as OperationObject;
    const me = document.paths['/api/auth/me']?.get as OperationObject;
    expect(health.security).toEqual([]);
    expect(me.security).not.toEqual([]);
    expect(me.responses['401']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBodyResponse' } } } });
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const lint = await promisify(execFile)('npx', ['redocly', 'lint', DOCUMENT_FILE, '--format=stylish'], { encoding: 'utf8' }).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(`${lint.stdout}\n${lint.stderr}`).toMatch(/Woohoo! Your API description is valid|You have \d+ warnings?/);
    expect(lint.stderr).not.toMatch(/\d+ errors?/);
  });
});
