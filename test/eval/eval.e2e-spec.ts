import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createTestApp } from '../setup/create-test-app.js';
import { resetDatabase } from '../setup/reset-database.js';
// @ts-expect-error: plain JavaScript shared with the command-line runner, typed by its use here.
import { formatResults, loadSets, runSets } from './eval-core.mjs';

interface CategoryResult {
  score: number;
  passed: number;
  total: number;
  failures: { id: string; problems: string[] }[];
}

const EVAL_DIR = join(import.meta.dirname, '.');
/**
 * Per-set, per-category floors: raised when the model gets better, never lowered (see README.md).
 * The held-out floors are the ones that say the model reads new wording; the development floors
 * only hold what the rules were written for.
 */
const FLOOR = JSON.parse(readFileSync(join(EVAL_DIR, 'floor.json'), 'utf8')) as Record<string, Record<string, number>>;
/** Each set's least number of cases per category: fewer, and one case moves a score too far. */
const LEAST_CASES: Record<string, number> = { development: 35, heldOut: 8 };

/**
 * Both evaluation sets against the app on the offline model, through its HTTP API, printed side by
 * side: every category of each set must score at least its floor in floor.json, so a change that
 * makes answers worse fails CI.
 */
describe('evaluation sets (offline model)', () => {
  let app: NestExpressApplication;
  let results: Record<string, Record<string, CategoryResult>>;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '100000' } });
    await resetDatabase(app);
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    results = (await runSets(`http://127.0.0.1:${port}`, loadSets(EVAL_DIR))) as Record<string, Record<string, CategoryResult>>;
    console.log(formatResults(results));
  }, 600_000);
  afterAll(() => app.close());

  it('has a floor for every set and category it scores, and cases for every floor', () => {
    expect(Object.keys(FLOOR).sort()).toEqual(Object.keys(results).sort());
    for (const [set, floors] of Object.entries(FLOOR)) expect(Object.keys(floors).sort(), set).toEqual(Object.keys(results[set] ?? {}).sort());
  });

  it.each(Object.entries(FLOOR).flatMap(([set, floors]) => Object.entries(floors).map(([category, floor]) => [set, category, floor] as const)))(
    'scores %s/%s at or above its floor of %s',
    (set, category, floor) => {
      const result = results[set]?.[category];
      expect(result, `no cases for ${set}/${category}`).toBeDefined();
      expect(result?.total).toBeGreaterThanOrEqual(LEAST_CASES[set] ?? 0);
      expect(result?.score, JSON.stringify(result?.failures, null, 1)).toBeGreaterThanOrEqual(floor);
    },
  );
});
