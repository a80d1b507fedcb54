import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ConversationResponse, HistoryResponse } from '../../../src/conversations/conversations.response.js';
import type { SearchHitResponse } from '../../../src/conversations/search.response.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { joinTeam } from '../../helpers/teams.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { insertFinishedRun } from '../../factories/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/**
 * Issue 35 item 1: a chat is its author's unless they share it with the team: the others then
 * list, read and search it, never continue or change it, and may continue a copy of their own.
 * Its assets follow it both ways.
 */
describe('a chat shared with the team', () => {
  let app: INestApplication;
  let db: DataSource;
  let owner: TestUser;
  let author: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let conversationId: string;
  let madeWhilePrivate: number[];

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    db = app.get(DataSource);
    [owner, author, member, outsider] = [await signUp(app), await signUp(app), await signUp(app), await signUp(app)];
    for (const user of [author, member]) {
      await joinTeam(app, owner, owner.teamId, user, 'member');
      await api(app, user).post(`/api/teams/${owner.teamId}/activate`).expect(200);
    }
    const reply = await chat(app, author, { agentId: 'social', messages: [userMessage('Write a LinkedIn post about our marzipan week')] });
    conversationId = reply.conversationId;
    madeWhilePrivate = await assetIds(author, `?conversationId=${conversationId}`);
  });
  afterAll(() => app.close());

  const assetIds = async (user: TestUser, query = '') => ((await api(app, user).get(`/api/assets${query}`).expect(200)).body as { id: number }[]).map((asset) => asset.id);
  const listed = async (user: TestUser) => (await api(app, user).get('/api/assistant/conversations').expect(200)).body as ConversationResponse[];
  const share = (user: TestUser, shared: unknown, id = conversationId) => api(app, user).put(`/api/assistant/conversations/${id}/sharing`).send({ shared });
  const messageCount = async (id: string) => Number((await db.query<{ count: string }[]>('SELECT count(*) FROM messages WHERE conversation_id = $1', [id]))[0].count);
  const sharedAt = async () => (await db.query<{ shared_at: Date | null }[]>('SELECT shared_at FROM conversations WHERE id = $1', [conversationId]))[0].shared_at;

  it('is private until shared: no other member lists, reads, searches or copies it, nor its assets', async () => {
    expect(madeWhilePrivate.length).toBeGreaterThan(0);
    expect((await listed(member)).map((conversation) => conversation.id)).not.toContain(conversationId);
    expectError(await api(app, member).get('/api/assistant/history').query({ id: conversationId }), 404, 'Conversation not found');
    expectError(await api(app, member).post(`/api/assistant/conversations/${conversationId}/copies`), 404, 'Conversation not found');
    const hits = (await api(app, member).get('/api/assistant/search').query({ q: 'marzipan' }).expect(200)).body as SearchHitResponse[];
    expect(hits).toEqual([]);
    for (const id of madeWhilePrivate) expectError(await api(app, member).get(`/api/assets/${id}`), 404, 'Asset not found');
  });

  it('refuses a malformed body, and anyone but its author (404, nothing changed)', async () => {
    for (const body of [{}, { shared: 'yes' }, { shared: 1 }, { shared: null }]) {
      expectError(await api(app, author).put(`/api/assistant/conversations/${conversationId}/sharing`).send(body), 400, [/shared must be a boolean/]);
    }
    expectError(await share(member, true), 404, 'Conversation not found');
    expectError(await share(owner, true), 404, 'Conversation not found');
    expectError(await share(outsider, true), 404, 'Conversation not found');
    expectError(await share(author, true, '00000000-0000-4000-8000-000000000000'), 404, 'Conversation not found');
    expect(await sharedAt()).toBeNull();
  });

  it('shared, the team lists it with its author, reads and searches it; its assets, earlier and later, are the team’s', async () => {
    const shared = (await share(author, true).expect(200)).body as ConversationResponse;
    expect(shared).toMatchObject({ id: conversationId, shared: true, author: { id: author.userId, name: expect.any(String) as unknown } });
    for (const reader of [member, owner]) {
      const row = (await listed(reader)).find((conversation) => conversation.id === conversationId);
      expect(row).toMatchObject({ shared: true, author: { id: author.userId } });
      const history = (await api(app, reader).get('/api/assistant/history').query({ id: conversationId }).expect(200)).body as HistoryResponse;
      expect(history.messages.length).toBe(await messageCount(conversationId));
      await api(app, reader).get(`/api/assistant/conversations/${conversationId}/branches`).expect(200);
      const hits = (await api(app, reader).get('/api/assistant/search').query({ q: 'marzipan' }).expect(200)).body as SearchHitResponse[];
      expect(hits.find((hit) => hit.conversationId === conversationId)).toMatchObject({ shared: true, workflowRun: false, author: { id: author.userId, name: expect.any(String) as unknown } });
      expect(await assetIds(reader)).toEqual(expect.arrayContaining(madeWhilePrivate));
    }
    // The author goes on: what the chat makes now is the team's too.
    await chat(app, author, { conversationId, agentId: 'social', messages: [userMessage('Now a short outline for a marzipan workshop')] });
    const all = await assetIds(author, `?conversationId=${conversationId}`);
    expect(all.length).toBeGreaterThan(madeWhilePrivate.length);
    expect(await assetIds(member, `?conversationId=${conversationId}`)).toEqual(all);
    // Another team sees none of it.
    expect((await listed(outsider)).map((conversation) => conversation.id)).not.toContain(conversationId);
    expectError(await api(app, outsider).get('/api/assistant/history').query({ id: conversationId }), 404, 'Conversation not found');
    for (const id of all) expectError(await api(app, outsider).get(`/api/assets/${id}`), 404, 'Asset not found');
    expect(await db.query('SELECT action, actor_id FROM audit_events WHERE target_id = $1 ORDER BY id', [conversationId])).toEqual([{ action: 'conversation.shared', actor_id: author.userId }]);
  });

  it('is read-only for the others: they cannot continue, rename, rate, stop, branch, unshare or delete it, nor delete its assets', async () => {
    const before = await messageCount(conversationId);
    expectError(await api(app, member).post('/api/assistant/router').send({ conversationId, messages: [userMessage('Add a line about me')] }), 404, 'Conversation not found');
    expectError(await api(app, member).patch(`/api/assistant/conversations/${conversationId}`).send({ title: 'Mine now' }), 404, 'Conversation not found');
    expectError(await api(app, member).post(`/api/assistant/conversations/${conversationId}/stop`), 404, 'Conversation not found');
    expectError(await api(app, member).post(`/api/assistant/conversations/${conversationId}/branches`).send({ version: '1' }), 404, 'Conversation not found');
    expectError(await share(member, false), 404, 'Conversation not found');
    expectError(await api(app, member).delete('/api/assistant/conversations').query({ id: conversationId }), 404, 'Conversation not found');
    const [reply] = (await api(app, member).get('/api/assistant/history').query({ id: conversationId }).expect(200)).body.messages.filter((message: { role: string }) => message.role === 'assistant') as { id: string }[];
    expect((await api(app, member).put(`/api/assistant/conversations/${conversationId}/messages/${reply.id}/feedback`).send({ rating: 'up' })).status).toBe(404);
    // What it made is read-only for them too: an admin or owner included.
    for (const id of madeWhilePrivate) {
      expectError(await api(app, member).delete(`/api/assets/${id}`), 403, /only its author deletes it/);
      expectError(await api(app, owner).delete(`/api/assets/${id}`), 403, /only its author deletes it/);
    }
    expect(await assetIds(author, `?conversationId=${conversationId}`)).toEqual(expect.arrayContaining(madeWhilePrivate));
    expect(await messageCount(conversationId)).toBe(before);
    expect(await sharedAt()).not.toBeNull();
    expect(await db.query('SELECT 1 FROM message_feedback WHERE conversation_id = $1', [conversationId])).toEqual([]);
  });

  it('“continue as my own copy”: a private chat of the reader with the same history, which they continue; the original is untouched', async () => {
    const before = await messageCount(conversationId);
    const copy = (await api(app, member).post(`/api/assistant/conversations/${conversationId}/copies`).expect(201)).body as ConversationResponse;
    expect(copy).toMatchObject({ shared: false, author: { id: member.userId }, workflowRun: null });
    expect(copy.id).not.toBe(conversationId);
    const original = (await api(app, author).get('/api/assistant/history').query({ id: conversationId }).expect(200)).body as HistoryResponse;
    const copied = (await api(app, member).get('/api/assistant/history').query({ id: copy.id }).expect(200)).body as HistoryResponse;
    expect(copied.messages).toEqual(original.messages);
    expect(copied.conversation.title).toBe(original.conversation.title);

    await chat(app, member, { conversationId: copy.id, agentId: 'social', messages: [userMessage('Make it about the bakery instead')] });
    expect(await messageCount(copy.id)).toBe(before + 2);
    expect(await messageCount(conversationId)).toBe(before);
    // The copy is the member's alone, and keeps its title.
    expect((await listed(author)).map((conversation) => conversation.id)).not.toContain(copy.id);
    expectError(await api(app, author).get('/api/assistant/history').query({ id: copy.id }), 404, 'Conversation not found');
    expect(((await api(app, member).get('/api/assistant/history').query({ id: copy.id }).expect(200)).body as HistoryResponse).conversation.title).toBe(original.conversation.title);
  });

  it('made private again, the others lose it and its assets; the author keeps both', async () => {
    const all = await assetIds(author, `?conversationId=${conversationId}`);
    const unshared = (await share(author, false).expect(200)).body as ConversationResponse;
    expect(unshared.shared).toBe(false);
    expect((await listed(member)).map((conversation) => conversation.id)).not.toContain(conversationId);
    expectError(await api(app, member).get('/api/assistant/history').query({ id: conversationId }), 404, 'Conversation not found');
    expectError(await api(app, member).post(`/api/assistant/conversations/${conversationId}/copies`), 404, 'Conversation not found');
    for (const id of all) expectError(await api(app, member).get(`/api/assets/${id}`), 404, 'Asset not found');
    expect(await assetIds(author, `?conversationId=${conversationId}`)).toEqual(all);
  });

  it('once its author has left the team, an owner or admin deletes a shared chat (the members still cannot)', async () => {
    const leaver = await signUp(app);
    await joinTeam(app, owner, owner.teamId, leaver, 'member');
    await api(app, leaver).post(`/api/teams/${owner.teamId}/activate`).expect(200);
    const { conversationId: left } = await chat(app, leaver, { agentId: 'social', messages: [userMessage('Write a LinkedIn post about our nougat fair')] });
    await share(leaver, true, left).expect(200);
    await api(app, owner).delete(`/api/teams/${owner.teamId}/members/${leaver.userId}`).expect(200);
    expect((await listed(member)).find((conversation) => conversation.id === left)).toMatchObject({ shared: true });
    expectError(await api(app, member).delete('/api/assistant/conversations').query({ id: left }), 404, 'Conversation not found');
    await api(app, owner).delete('/api/assistant/conversations').query({ id: left }).expect(200, { success: true });
    expect((await listed(member)).map((conversation) => conversation.id)).not.toContain(left);
    expect(await db.query('SELECT 1 FROM conversations WHERE id = $1', [left])).toEqual([]);
  });

  it("a run's conversation is the team's already (409), and any member may copy it", async () => {
    const runId = await insertFinishedRun(app, owner.teamId);
    const summary = { id: runId, status: 'completed', totalSteps: 1, currentStepDescription: 'Write a post', workflow: { id: '00000000-0000-4000-8000-000000000001', title: 'Factory workflow' } };
    const [{ id: runConversation }] = await db.query<{ id: string }[]>(`INSERT INTO conversations (team_id, title, workflow_run) VALUES ($1, 'Run 1', $2) RETURNING id`, [owner.teamId, summary]);
    await db.query('UPDATE workflow_runs SET conversation_id = $2 WHERE id = $1', [runId, runConversation]);
    expectError(await share(owner, true, runConversation), 409, /already/);
    const copy = (await api(app, member).post(`/api/assistant/conversations/${runConversation}/copies`).expect(201)).body as ConversationResponse;
    expect(copy).toMatchObject({ workflowRun: null, author: { id: member.userId }, shared: false });
  });
});
