import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { INestApplication } from '@nestjs/common';
import { api } from '../../helpers/api.js';
import { SERVER_ENTRY } from '../../helpers/server-process.js';
import { createTestApp } from '../../setup/create-test-app.js';

/** The generator `npm run openapi` and `npm run build:dashboard` run, from the build under test. */
const GENERATOR = join(SERVER_ENTRY, '..', 'write-openapi-document.js');
const COMMITTED_SCHEMA = 'dashboard/src/api/schema.d.ts';

describe("the dashboard's generated client types (npm run openapi)", () => {
  let app: INestApplication;
  let generated: { document: unknown; schema: string };

  beforeAll(async () => {
    app = await createTestApp();
    const out = mkdtempSync(join(tmpdir(), 'assistant-openapi-'));
    await promisify(execFile)(process.execPath, [GENERATOR, join(out, 'openapi.json'), join(out, 'schema.d.ts')]);
    generated = { document: JSON.parse(readFileSync(join(out, 'openapi.json'), 'utf8')), schema: readFileSync(join(out, 'schema.d.ts'), 'utf8') };
    // A second Node process boots the app's modules and runs openapi-typescript: seconds alone, a minute on a busy machine.
  }, 180_000);

  afterAll(() => app.close());

  it('are made from the document the app serves at /api/openapi.json, built without a database', async () => {
    const served = await api(app).get('/api/openapi.json').expect(200);
    expect(generated.document).toEqual(served.body);
  });

  it(`are the ones committed in ${COMMITTED_SCHEMA} (stale: run \`npm run openapi\` and commit the file)`, () => {
    // One assertion on the whole text: a stale file fails with the diff of what changed.
    expect(readFileSync(COMMITTED_SCHEMA, 'utf8')).toBe(generated.schema);
  });
});
