import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ASSET_SEARCH_DOCUMENT } from '../../../src/assets/assets.repository.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { joinTeam } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { insertAssets } from '../../factories/assets.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** Issue 35 item 3: the team's assets found by their words (GET /api/assets?q=), never another member's private ones nor another team's. */
describe('searching assets', () => {
  let app: INestApplication;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let ids: Record<string, number>;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    [owner, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
    await joinTeam(app, owner, owner.teamId, member, 'member');
    await api(app, member).post(`/api/teams/${owner.teamId}/activate`).expect(200);
    const rows = {
      bicycleTitle: { teamId: owner.teamId, title: 'Red bicycles for the spring fair', content: 'Photos from Saturday.' },
      bicycleText: { teamId: owner.teamId, type: 'post_outline' as const, title: 'Outline', content: 'Our new bicycle lanes open on **Monday**, with a ride for everyone.' },
      bakery: { teamId: owner.teamId, title: 'Bakery opening', content: 'Fresh bread and a red ribbon.' },
      memberPrivate: { teamId: owner.teamId, title: 'Secret bicycle plans', content: 'Only mine.', privateTo: member.userId },
      ownerPrivate: { teamId: owner.teamId, title: 'Bicycle budget', content: 'Only the owner’s.', privateTo: owner.userId },
      otherTeam: { teamId: outsider.teamId, title: 'Bicycle race', content: 'Another team’s.' },
    };
    const inserted = await insertAssets(app, Object.values(rows));
    ids = Object.fromEntries(Object.keys(rows).map((key, index) => [key, inserted[index]]));
  });
  afterAll(() => app.close());

  const found = async (user: TestUser, query: Record<string, string>) =>
    ((await api(app, user).get('/api/assets').query(query).expect(200)).body as { id: number }[]).map((asset) => asset.id).sort((a, b) => a - b);

  it('finds assets by words of their title or text, in any form of the word, newest first', async () => {
    expect(await found(member, { q: 'bicycle' })).toEqual([ids.bicycleTitle, ids.bicycleText, ids.memberPrivate].sort((a, b) => a - b));
    expect(await found(member, { q: 'Bicycles' })).toEqual(await found(member, { q: 'bicycle' }));
    expect(await found(member, { q: 'ribbon' })).toEqual([ids.bakery]);
    expect(await found(member, { q: 'red -bakery' })).toEqual([ids.bicycleTitle]);
    expect(await found(member, { q: '"spring fair"' })).toEqual([ids.bicycleTitle]);
    expect(await found(member, { q: 'bicycle or bread' })).toEqual([ids.bicycleTitle, ids.bicycleText, ids.bakery, ids.memberPrivate].sort((a, b) => a - b));
    expect(await found(member, { q: 'bicycle', type: 'post_outline' })).toEqual([ids.bicycleText]);
    expect(await found(member, { q: 'submarine' })).toEqual([]);
  });

  it("never finds another member's private asset, admins' and owners' included, nor another team's", async () => {
    expect(await found(owner, { q: 'bicycle' })).toEqual([ids.bicycleTitle, ids.bicycleText, ids.ownerPrivate].sort((a, b) => a - b));
    expect(await found(outsider, { q: 'bicycle' })).toEqual([ids.otherTeam]);
    expect(await found(outsider, { q: 'bakery' })).toEqual([]);
  });

  it('refuses words that are empty, too long or given twice (400)', async () => {
    expectError(await api(app, member).get('/api/assets').query({ q: '   ' }), 400, [/q must not be empty/]);
    expectError(await api(app, member).get('/api/assets').query({ q: 'x'.repeat(201) }), 400, [/q must be at most 200 characters/]);
    expectError(await api(app, member).get('/api/assets?q=a&q=b'), 400, [/q must be a string/]);
    // Operators a web search does not take are words, not errors.
    expect(await found(member, { q: "bicycle & ! ( ' :*" })).toEqual(await found(member, { q: 'bicycle' }));
  });

  it('reads the assets_search index: the listing searches the expression the index holds', async () => {
    const plan = await app.get(DataSource).transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return manager.query<{ 'QUERY PLAN': string }[]>(`EXPLAIN SELECT id FROM assets WHERE ${ASSET_SEARCH_DOCUMENT} @@ websearch_to_tsquery('english', 'bicycle')`);
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('Bitmap Index Scan on assets_search');
  });
});
