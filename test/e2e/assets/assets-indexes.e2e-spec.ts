import type { INestApplication } from '@nestjs/common';
import { escapeLiteral } from 'pg';
import { DataSource } from 'typeorm';
import { ASSET_TYPES } from '../../../src/assets/asset-types.js';
import { PreparedQueries } from '../../../src/database/prepared-queries.js';
import { api } from '../../helpers/api.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { insertFinishedRun } from '../../factories/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** One node of `EXPLAIN (FORMAT JSON)` output, with the fields this file reads. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const TEAMS = 5;
const ROWS = 5000;

/**
 * DESIGN "Assets": the listing is indexed for team + createdAt, team + type, conversation and run.
 * For each filter combination GET /api/assets supports, this captures the SQL the endpoint really
 * sends (a prepared statement) and checks that PostgreSQL plans it through an assets index, both
 * with its parameters and as the generic plan a prepared statement may switch to.
 */
describe('GET /api/assets query plans', () => {
  let app: INestApplication;
  let dataSource: DataSource;
  let alice: TestUser;
  let conversationId: string;
  let runId: number;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    dataSource = app.get(DataSource);
    alice = await signUp(app);
    const others = await dataSource.query<{ id: string }[]>(
      `INSERT INTO teams (name) SELECT 'Team ' || g FROM generate_series(2, $1::int) AS g RETURNING id`,
      [TEAMS],
    );
    const [conversation] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO conversations (team_id, title) VALUES ($1, 'Indexed') RETURNING id`,
      [alice.teamId],
    );
    conversationId = conversation.id;
    runId = await insertFinishedRun(app, alice.teamId);

    // Row g goes to team 1 + g % TEAMS (alice's is the first, ~1,000 rows each), spread over a year
    // and the eight types; one in ten of alice's is in the conversation, one in ten in the run.
    await dataSource.query(
      `INSERT INTO assets (team_id, conversation_id, run_id, type, title, content, created_at)
       SELECT ($1::uuid[])[1 + g % $5::int],
              CASE WHEN g % $5::int = 0 AND (g / $5::int) % 10 = 0 THEN $2::uuid END,
              CASE WHEN g % $5::int = 0 AND (g / $5::int) % 10 = 1 THEN $3::int END,
              ($4::text[])[1 + (g / $5::int) % 8],
              'Asset ' || g, 'Some **Markdown**',
              now() - make_interval(mins => (g * 7919) % 525600)
         FROM generate_series(1, $6::int) AS g`,
      [[alice.teamId, ...others.map((team) => team.id)], conversationId, runId, ASSET_TYPES, TEAMS, ROWS],
    );
    await dataSource.query('ANALYZE assets');
  });
  afterAll(() => app.close());

  /** Calls the endpoint and returns the one assets query it ran, with its parameters. */
  async function listingQuery(query: string): Promise<{ sql: string; parameters: unknown[] }> {
    const prepared = vi.spyOn(app.get(PreparedQueries), 'query');
    try {
      await api(app, alice).get(`/api/assets?${query}`).expect(200);
      const calls = prepared.mock.calls.filter(([sql]) => /\bFROM "?assets"?\s/.test(sql));
      expect(calls).toHaveLength(1);
      const [sql, parameters] = calls[0];
      return { sql, parameters };
    } finally {
      prepared.mockRestore();
    }
  }

  /**
   * The plan's nodes, depth first: with the parameters (`custom`) or the prepared statement's
   * generic plan. Seq scans are disabled so a tiny table cannot hide a missing index.
   */
  async function planNodes(sql: string, parameters: unknown[], plan: 'custom' | 'generic'): Promise<PlanNode[]> {
    const [row] = await dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      if (plan === 'custom') return manager.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
      await manager.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await manager.query(`PREPARE listing AS ${sql}`);
      // EXECUTE takes its arguments as literals, coerced to the statement's parameter types.
      const literals = parameters.map((value) => escapeLiteral(value instanceof Date ? value.toISOString() : String(value))).join(', ');
      const explained = await manager.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(`EXPLAIN (FORMAT JSON) EXECUTE listing(${literals})`);
      await manager.query('DEALLOCATE listing');
      return explained;
    });
    const nodes: PlanNode[] = [];
    const walk = (node: PlanNode) => {
      nodes.push(node);
      node.Plans?.forEach(walk);
    };
    walk(row['QUERY PLAN'][0].Plan);
    return nodes;
  }

  const month = (monthsAgo: number) => new Date(Date.now() - monthsAgo * 30 * 86_400_000).toISOString();

  it.each<[string, () => string, string]>([
    ['no filter', () => '', 'assets_team_created_idx'],
    ['type', () => 'type=image', 'assets_team_type_created_idx'],
    ['conversationId', () => `conversationId=${conversationId}`, 'assets_conversation_created_idx'],
    ['runId', () => `runId=${runId}`, 'assets_run_created_idx'],
    ['from/to', () => `from=${month(2)}&to=${month(1)}`, 'assets_team_created_idx'],
    ['type + from', () => `type=script&from=${month(3)}`, 'assets_team_type_created_idx'],
    ['conversationId + type', () => `conversationId=${conversationId}&type=social_post`, 'assets_conversation_created_idx'],
    ['runId + type', () => `runId=${runId}&type=post_outline`, 'assets_run_created_idx'],
  ])('%s is planned through an assets index', async (_name, query, index) => {
    const { sql, parameters } = await listingQuery(query());
    expect(sql).toMatch(/ORDER BY\s+"?created_at"? DESC,\s+"?id"? DESC\s+LIMIT/);
    expect(parameters).toContain(60);

    for (const plan of ['custom', 'generic'] as const) {
      const nodes = await planNodes(sql, parameters, plan);
      const indexScans = nodes.filter(
        (node) => /^(Index Scan|Index Only Scan|Bitmap Index Scan)$/.test(node['Node Type']) && node['Index Name']?.startsWith('assets_'),
      );
      expect(indexScans.map((node) => node['Index Name']), plan).toContain(index);
      expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'assets'), plan).toEqual([]);
    }
  });
});
