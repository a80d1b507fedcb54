import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createTestApp } from '../setup/create-test-app.js';
import { resetDatabase } from '../setup/reset-database.js';
// @ts-expect-error: plain JavaScript shared with the command-line runner, typed by its use here.
import { formatResults, loadCases, runEval } from './eval-core.mjs';

interface CategoryResult {
  score: number;
  passed: number;
  total: number;
  failures: { id: string; problems: string[] }[];
}

const EVAL_DIR = join(import.meta.dirname, '.');
/** Per-category floors: raised when the model gets better, never lowered (see README.md). */
const FLOOR = JSON.parse(readFileSync(join(EVAL_DIR, 'floor.json'), 'utf8')) as Record<string, number>;

/**
 * The evaluation set against the app on the offline model, through its HTTP API: every category
 * must score at least its floor in floor.json, so a change that makes answers worse fails CI.
 */
describe('evaluation set (offline model)', () => {
  let app: NestExpressApplication;
  let results: Record<string, CategoryResult>;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '100000' } });
    await resetDatabase(app);
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    results = (await runEval(`http://127.0.0.1:${port}`, loadCases(join(EVAL_DIR, 'cases')))) as Record<string, CategoryResult>;
    console.log(formatResults(results));
  }, 300_000);
  afterAll(() => app.close());

  it('has a floor for every category it scores, and cases for every floor', () => {
    expect(Object.keys(FLOOR).sort()).toEqual(Object.keys(results).sort());
  });

  it.each(Object.entries(FLOOR))('scores %s at or above its floor of %s', (category, floor) => {
    const result = results[category];
    expect(result, `no cases for ${category}`).toBeDefined();
    expect(result?.total).toBeGreaterThanOrEqual(35);
    expect(result?.score, JSON.stringify(result?.failures, null, 1)).toBeGreaterThanOrEqual(floor);
  });
});
