import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AssetsService } from '../../../src/assets/assets.service.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { joinTeam } from '../../helpers/teams.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { insertAssets } from '../../factories/assets.js';
import { insertFinishedRun } from '../../factories/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/**
 * Issue 35 item 1: assets follow their conversation. What a member's private chat made is theirs
 * alone (the listing, the asset, its versions, its deletion), for every other role, and stays so
 * once the chat is deleted; a run's assets and assets of no conversation are the team's.
 */
describe("assets of a member's private chat", () => {
  let app: INestApplication;
  let owner: TestUser;
  let author: TestUser;
  let member: TestUser;
  let admin: TestUser;
  let outsider: TestUser;
  let privateIds: number[];
  let runAsset: number;
  let teamAsset: number;
  let conversationId: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
    await resetDatabase(app);
    [owner, author, member, admin, outsider] = [await signUp(app), await signUp(app), await signUp(app), await signUp(app), await signUp(app)];
    for (const [user, role] of [[author, 'member'], [member, 'member'], [admin, 'admin']] as const) {
      await joinTeam(app, owner, owner.teamId, user, role);
      await api(app, user).post(`/api/teams/${owner.teamId}/activate`).expect(200);
    }
    const reply = await chat(app, author, { messages: [userMessage('Write a LinkedIn post about our week, and make an image of a red bicycle')] });
    conversationId = reply.conversationId;
    privateIds = ((await api(app, author).get(`/api/assets?conversationId=${conversationId}`).expect(200)).body as { id: number }[]).map((asset) => asset.id);
    const runId = await insertFinishedRun(app, owner.teamId);
    [runAsset, teamAsset] = await insertAssets(app, [{ teamId: owner.teamId, runId }, { teamId: owner.teamId }]);
  });
  afterAll(() => app.close());

  const listed = async (user: TestUser, query = '') => ((await api(app, user).get(`/api/assets${query}`).expect(200)).body as { id: number }[]).map((asset) => asset.id);

  it('are listed, read and versioned for their author only', async () => {
    expect(privateIds.length).toBeGreaterThan(0);
    expect(await listed(author)).toEqual(expect.arrayContaining([...privateIds, runAsset, teamAsset]));
    for (const reader of [member, admin, owner]) {
      const ids = await listed(reader);
      expect(ids).toEqual(expect.arrayContaining([runAsset, teamAsset]));
      expect(ids.filter((id) => privateIds.includes(id))).toEqual([]);
      expect(await listed(reader, `?conversationId=${conversationId}`)).toEqual([]);
      for (const id of privateIds) {
        expectError(await api(app, reader).get(`/api/assets/${id}`), 404, 'Asset not found');
        expectError(await api(app, reader).get(`/api/assets/${id}/versions`), 404, 'Asset not found');
      }
      await api(app, reader).get(`/api/assets/${runAsset}`).expect(200);
    }
    for (const id of privateIds) {
      await api(app, author).get(`/api/assets/${id}`).expect(200);
      await api(app, author).get(`/api/assets/${id}/versions`).expect(200);
      expectError(await api(app, outsider).get(`/api/assets/${id}`), 404, 'Asset not found');
    }
  });

  it('send no asset.created event to the team’s webhooks, as the team’s assets do', async () => {
    await api(app, owner).post(`/api/teams/${owner.teamId}/webhooks`).send({ url: 'http://127.0.0.1:9/hook', eventTypes: ['asset.created'] }).expect(201);
    const events = async () =>
      (await app.get(DataSource).query<{ id: number }[]>(`SELECT (data->>'assetId')::int AS id FROM webhook_events WHERE team_id = $1 AND type = 'asset.created'`, [owner.teamId])).map(
        (event) => event.id,
      );
    const made = await chat(app, author, { messages: [userMessage('Write a LinkedIn post about our new office')] });
    const [privateAsset] = (await api(app, author).get(`/api/assets?conversationId=${made.conversationId}`).expect(200)).body as { id: number }[];
    expect(privateAsset).toBeDefined();
    // The same write for an asset of no conversation (the team's) does send its event.
    const shared = await app.get(AssetsService).create({ teamId: owner.teamId, conversationId: null, runId: null }, { type: 'post_outline', title: 'Shared', content: '# Shared', metadata: {} });
    expect(await events()).toEqual([shared.id]);
  });

  it('cannot be deleted by anyone else, admins and owners included', async () => {
    for (const reader of [member, admin, owner]) {
      for (const id of privateIds) expectError(await api(app, reader).delete(`/api/assets/${id}`), 404, 'Asset not found');
    }
    const [{ count }] = await app.get(DataSource).query<{ count: number }[]>('SELECT count(*)::int AS count FROM assets WHERE id = ANY($1)', [privateIds]);
    expect(count).toBe(privateIds.length);
  });

  it('stay their author’s once the conversation is deleted', async () => {
    await api(app, author).delete(`/api/assistant/conversations?id=${conversationId}`).expect(200);
    for (const reader of [member, admin, owner]) expect((await listed(reader)).filter((id) => privateIds.includes(id))).toEqual([]);
    expect(await listed(author)).toEqual(expect.arrayContaining(privateIds));
    await api(app, author).delete(`/api/assets/${privateIds[0]}`).expect(200);
  });
});
