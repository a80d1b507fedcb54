import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { DataSource } from 'typeorm';
import type { AgentToolApprovalsResponse } from '../../../src/assistant/agent-tool-approvals/agent-tool-approvals.response.js';
import { AGENT_IDS, AGENTS } from '../../../src/assistant/agents/agents.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { StockChat } from '../../helpers/stock-chat.js';
import { joinTeam } from '../../helpers/teams.js';
import { textOfMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

type ToolPart = { type: string; toolCallId: string; state: string; input?: unknown; approval?: { id: string; approved?: boolean; reason?: string } };

function formatPostPart(message: UIMessage): ToolPart | undefined {
  return message.parts.find((part) => part.type === 'tool-format_post') as ToolPart | undefined;
}

/** Issue 34 item 2: per team and agent, built-in tools that need approval ask in chat exactly as a team's MCP tools do. */
describe('built-in tools that need approval', () => {
  let app: INestApplication;
  let db: DataSource;
  let owner: TestUser;
  let base: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    db = app.get(DataSource);
    owner = await signUp(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const path = (teamId: string, agentId?: string) => (agentId ? `/api/teams/${teamId}/agents/${agentId}/tool-approvals` : `/api/teams/${teamId}/agents/tool-approvals`);
  const listOf = async (caller: TestUser, teamId = caller.teamId) => (await api(app, caller).get(path(teamId)).expect(200)).body as AgentToolApprovalsResponse[];
  const set = (caller: TestUser, agentId: string, body: unknown, teamId = caller.teamId) => api(app, caller).put(path(teamId, agentId)).send(body as object);
  const stored = () => db.query<{ team_id: string; agent_id: string; tools: string[] }[]>('SELECT team_id, agent_id, tools FROM agent_tool_approvals ORDER BY team_id, agent_id');
  const auditOf = (teamId: string, action: string) =>
    db.query<{ actor_id: string; target_id: string; changes: Record<string, unknown> }[]>(
      'SELECT actor_id, target_id, changes FROM audit_events WHERE team_id = $1 AND action = $2 ORDER BY id',
      [teamId, action],
    );
  const assetCount = async (teamId: string) => (await db.query<{ count: number }[]>('SELECT count(*)::int AS count FROM assets WHERE team_id = $1', [teamId]))[0].count;
  const stockChat = (caller: TestUser) => new StockChat(`${base}/api/assistant/router`, caller.token, { agentId: 'social' });

  it('none by default: every agent is listed with its tools, none needing approval, and a chat asks nothing', async () => {
    const list = await listOf(owner);
    expect(list).toEqual(AGENT_IDS.map((agentId) => ({ agentId, tools: [...AGENTS[agentId].tools], approvalTools: [] })));
    const chat = stockChat(owner);
    await chat.sendMessage({ text: 'use format_post with launch day for our new app' });
    expect(formatPostPart(chat.last)?.state).toBe('output-available');
  });

  it('set for the social agent: the owner sets it, it is recorded, and any member reads it', async () => {
    const answer = await set(owner, 'social', { approvalTools: ['format_post'] }).expect(200);
    expect(answer.body).toEqual({ agentId: 'social', tools: [...AGENTS.social.tools], approvalTools: ['format_post'] });
    expect((await listOf(owner)).find((agent) => agent.agentId === 'social')?.approvalTools).toEqual(['format_post']);
    expect(await auditOf(owner.teamId, 'agent.tool_approvals_changed')).toEqual([
      { actor_id: owner.userId, target_id: 'social', changes: { approvalTools: { before: [], after: ['format_post'] } } },
    ]);
    const viewer = await signUp(app);
    await joinTeam(app, owner, owner.teamId, viewer, 'viewer');
    expect((await listOf(viewer, owner.teamId)).find((agent) => agent.agentId === 'social')?.approvalTools).toEqual(['format_post']);
  });

  it('in chat the tool asks first: approved, it runs and saves its asset; denied, nothing runs and the model is told', async () => {
    const assetsBefore = await assetCount(owner.teamId);
    const chat = stockChat(owner);
    await chat.sendMessage({ text: 'use format_post with launch day for our new app' });
    const asked = formatPostPart(chat.last);
    expect(asked).toMatchObject({ state: 'approval-requested', approval: { id: expect.any(String) as unknown } });
    expect(await assetCount(owner.teamId)).toBe(assetsBefore);

    let finished = chat.nextFinish();
    await chat.addToolApprovalResponse({ id: asked!.approval!.id, approved: true });
    await finished;
    expect(formatPostPart(chat.last)).toMatchObject({ state: 'output-available', approval: { approved: true } });
    expect(chat.last.parts.some((part) => part.type === 'data-asset')).toBe(true);
    expect(await assetCount(owner.teamId)).toBe(assetsBefore + 1);
    const [approved] = (await auditOf(owner.teamId, 'tool_call.approved')).filter((row) => row.changes.approvalId === asked!.approval!.id);
    expect(approved.changes).toMatchObject({ toolName: 'format_post', approved: true });

    await chat.sendMessage({ text: 'use format_post with a teaser for next week' });
    const second = formatPostPart(chat.last);
    expect(second?.state).toBe('approval-requested');
    finished = chat.nextFinish();
    await chat.addToolApprovalResponse({ id: second!.approval!.id, approved: false, reason: 'not yet' });
    await finished;
    expect(formatPostPart(chat.last)).toMatchObject({ state: 'output-denied', approval: { approved: false, reason: 'not yet' } });
    expect(textOfMessage(chat.last)).toContain('I did not run Format post: it was denied (not yet)');
    expect(await assetCount(owner.teamId)).toBe(assetsBefore + 1);
  });

  it('where nobody can be asked (/v1), the tool is refused with a tool error saying why, and saves nothing', async () => {
    const assetsBefore = await assetCount(owner.teamId);
    const response = await api(app, owner)
      .post('/v1/chat/completions')
      .send({ model: 'social', messages: [{ role: 'user', content: 'use format_post with launch day from a script' }] })
      .expect(200);
    expect((response.body as { choices: { message: { content: string } }[] }).choices[0].message.content).toMatch(/format_post needs a person's approval/);
    expect(await assetCount(owner.teamId)).toBe(assetsBefore);
  });

  it('refuses bad input with a 400 or 404 naming it, storing and recording nothing', async () => {
    const before = await stored();
    const auditBefore = await auditOf(owner.teamId, 'agent.tool_approvals_changed');
    expectError(await set(owner, 'social', { approvalTools: ['format_reel'] }), 400, /format_reel is not a tool of the social agent/);
    expectError(await set(owner, 'social', { approvalTools: ['format_post', 'nope', 'generate_image'] }), 400, /nope is not a tool/);
    expectError(await set(owner, 'social', { approvalTools: ['format_post', 'format_post'] }), 400, [/must not name a tool twice/]);
    expectError(await set(owner, 'social', { approvalTools: [42] }), 400, [/approvalTools must be tool names/]);
    expectError(await set(owner, 'social', { approvalTools: 'format_post' }), 400, [/approvalTools must be an array/]);
    expectError(await set(owner, 'social', {}), 400, [/approvalTools/]);
    expectError(await set(owner, 'social', { approvalTools: [], extra: true }), 400, [/extra/]);
    expectError(await set(owner, 'nobody', { approvalTools: [] }), 404, /No agent "nobody"/);
    expectError(await api(app, owner).put(`/api/teams/not-a-uuid/agents/social/tool-approvals`).send({ approvalTools: [] }), 400);
    expect(await stored()).toEqual(before);
    expect(await auditOf(owner.teamId, 'agent.tool_approvals_changed')).toEqual(auditBefore);
  });

  it("a member, a read token and another team's owner cannot set it; nothing is stored", async () => {
    const before = await stored();
    const member = await signUp(app);
    await joinTeam(app, owner, owner.teamId, member, 'member');
    expectError(await set(member, 'social', { approvalTools: [] }, owner.teamId), 403, /Only the team's owners and admins choose which tools need approval/);
    const readToken = (await api(app, owner).post('/api/auth/tokens').send({ name: 'read', scope: 'read' }).expect(201)).body as { token: string };
    expectError(await api(app, readToken).put(path(owner.teamId, 'social')).send({ approvalTools: [] }), 403, /read-only/);
    const stranger = await signUp(app);
    expectError(await set(stranger, 'social', { approvalTools: [] }, owner.teamId), 404, /Team not found/);
    await api(app, stranger).get(path(owner.teamId)).expect(404);
    expect(await stored()).toEqual(before);
    // The stranger's own team is untouched by the owner's setting.
    expect((await listOf(stranger)).every((agent) => agent.approvalTools.length === 0)).toBe(true);
  });

  it('an admin clears it with []: the row goes and a chat asks nothing again', async () => {
    const admin = await signUp(app);
    await joinTeam(app, owner, owner.teamId, admin, 'admin');
    await set(admin, 'social', { approvalTools: [] }, owner.teamId).expect(200);
    expect((await stored()).filter((row) => row.team_id === owner.teamId)).toEqual([]);
    const [, cleared] = await auditOf(owner.teamId, 'agent.tool_approvals_changed');
    expect(cleared).toMatchObject({ actor_id: admin.userId, changes: { approvalTools: { before: ['format_post'], after: [] } } });
    const chat = stockChat(owner);
    await chat.sendMessage({ text: 'use format_post with launch day for our new app' });
    expect(formatPostPart(chat.last)?.state).toBe('output-available');
  });
});
