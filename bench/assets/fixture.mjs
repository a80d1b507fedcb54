// The assets benchmarks' data: 1,000,000 assets over 1,000 teams, the first few with a registered
// user whose listings are requested, and the mix of listing requests sent to every target.
import pg from 'pg';
import { ASSET_TYPES } from '../../dist/src/assets/asset-types.js';
import { signUpBenchUser } from '../lib/users.mjs';

const TEAMS = 1000;
const ASSETS = 1_000_000;
/** Teams with a registered user, whose listings are queried (the first ones seeded). */
const QUERIED_TEAMS = 8;
const CONVERSATIONS_PER_TEAM = 3;
const RUNS_PER_QUERIED_TEAM = 2;
const DAY_MS = 86_400_000;


/**
 * 1,000 teams (the registered ones first) with 1,000 assets each: created_at spread over a year,
 * the eight types in turn, half of them in one of the team's three conversations, and one in ten
 * of the queried teams' assets made by one of their workflow runs. Foreign-key triggers are off
 * for the bulk insert (the rows are consistent by construction), and the assets indexes are
 * dropped first and rebuilt afterwards from their own definitions: a bulk build beats 1M inserts.
 */
async function seed(client, queriedTeamIds) {
  await client.query(`INSERT INTO teams (name) SELECT 'Bench team ' || g FROM generate_series($1::int, $2::int) AS g`, [
    queriedTeamIds.length,
    TEAMS - 1,
  ]);
  await client.query(`
    CREATE TEMP TABLE bench_teams AS
    SELECT (row_number() OVER (ORDER BY array_position($1::uuid[], id), created_at, id) - 1)::int AS n, id
      FROM teams`, [queriedTeamIds]);
  await client.query(`
    CREATE TEMP TABLE bench_conversations AS
    WITH made AS (
      INSERT INTO conversations (team_id, title)
      SELECT t.id, 'Bench conversation ' || t.n || '.' || k FROM bench_teams t, generate_series(0, $1::int - 1) AS k
      RETURNING id, team_id, title)
    SELECT t.n, split_part(made.title, '.', 2)::int AS k, made.id FROM made JOIN bench_teams t ON t.id = made.team_id`,
  [CONVERSATIONS_PER_TEAM]);
  await client.query(`
    CREATE TEMP TABLE bench_runs AS
    WITH workflows AS (
      INSERT INTO workflows (team_id, title, goal, status)
      SELECT t.id, 'Bench workflow ' || t.n || '.' || k, 'A goal', 'active'
        FROM bench_teams t, generate_series(0, $1::int - 1) AS k WHERE t.n < $2::int
      RETURNING id, team_id, title),
    runs AS (
      INSERT INTO workflow_runs (workflow_id, team_id, run_number, status, total_steps, finished_at)
      SELECT id, team_id, 1, 'completed', 1, now() FROM workflows
      RETURNING id, workflow_id)
    SELECT t.n, split_part(w.title, '.', 2)::int AS k, runs.id
      FROM runs JOIN workflows w ON w.id = runs.workflow_id JOIN bench_teams t ON t.id = w.team_id`,
  [RUNS_PER_QUERIED_TEAM, queriedTeamIds.length]);

  const indexes = await client.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'assets' AND indexname <> 'assets_pkey'`,
  );
  for (const { indexname } of indexes.rows) await client.query(`DROP INDEX ${indexname}`);
  await client.query(`SET session_replication_role = replica`);
  await client.query(`SET maintenance_work_mem = '512MB'`);
  // Row g: team g % 1000, the g / 1000-th asset of that team, made (g * 7919) % 525600 minutes ago.
  await client.query(
    `INSERT INTO assets (team_id, conversation_id, run_id, type, title, content, metadata, created_at)
     SELECT t.id, c.id, r.id, ($2::text[])[1 + (g / $3::int) % 8], 'Bench asset ' || g,
            'A **Markdown** draft for the team: a hook, three short paragraphs and a call to action. '
              || repeat('Lorem ipsum dolor sit amet, consectetur adipiscing elit. ', 4),
            '{"platform": "linkedin"}', now() - make_interval(mins => (g::bigint * 7919 % 525600)::int)
       FROM generate_series(0, $1::int - 1) AS g
       JOIN bench_teams t ON t.n = g % $3::int
       LEFT JOIN bench_conversations c ON (g / $3::int) % 2 = 0 AND c.n = t.n AND c.k = (g / $3::int / 2) % $4::int
       LEFT JOIN bench_runs r ON (g / $3::int) % 10 = 1 AND r.n = t.n AND r.k = (g / $3::int / 10) % $5::int`,
    [ASSETS, ASSET_TYPES, TEAMS, CONVERSATIONS_PER_TEAM, RUNS_PER_QUERIED_TEAM],
  );
  await client.query(`SET session_replication_role = DEFAULT`);
  for (const { indexdef } of indexes.rows) await client.query(indexdef);
  await client.query(`VACUUM ANALYZE assets`);
  await client.query(`ANALYZE teams, conversations, workflows, workflow_runs`);
  const conversations = await client.query(`SELECT n, id FROM bench_conversations WHERE n < $1 AND k = 0 ORDER BY n`, [
    queriedTeamIds.length,
  ]);
  return conversations.rows.map((row) => row.id);
}

/** The typical listing filters, rotating per request: none, a type, a month, a conversation. */
function filterMix(conversationId) {
  const iso = (daysAgo) => new Date(Date.now() - daysAgo * DAY_MS).toISOString();
  return ['', 'type=image', `from=${iso(60)}&to=${iso(30)}`, `conversationId=${conversationId}`];
}

/**
 * Signs up the queried teams' users on the service at `base`, seeds the assets, and returns the
 * listing requests to rotate through: each a path with its query string, and the team and token
 * it is sent for (QUERIED_TEAMS teams × no filter | type | a month | conversation).
 */
export async function seedAssets(databaseUrl, base) {
  const users = [];
  for (let i = 0; i < QUERIED_TEAMS; i++) users.push(await signUpBenchUser(base));
  const seeding = performance.now();
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  let conversationIds;
  try {
    conversationIds = await seed(admin, users.map((user) => user.teamId));
  } finally {
    await admin.end();
  }
  console.log(
    `seeded ${ASSETS.toLocaleString('en')} assets over ${TEAMS.toLocaleString('en')} teams in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  return users.flatMap((user, i) =>
    filterMix(conversationIds[i]).map((query) => ({ path: `/api/assets${query ? `?${query}` : ''}`, teamId: user.teamId, userId: user.userId, token: user.token })),
  );
}
