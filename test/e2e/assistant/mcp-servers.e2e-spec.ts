import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { DataSource } from 'typeorm';
import { Metrics } from '../../../src/metrics/metrics.service.js';
import type { McpConnectionTestResponse, McpServerResponse } from '../../../src/assistant/mcp/mcp-server.response.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { EverythingServer } from '../../helpers/mcp-everything.js';
import { joinTeam } from '../../helpers/teams.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const CALL_TIMEOUT_MS = 4000;

/** The part of a reply's call to a tool (MCP tools are dynamic tools: their schemas come from the server). */
function toolPart(message: UIMessage, toolName: string): UIMessage['parts'][number] | undefined {
  return message.parts.find((part) => (part.type === 'dynamic-tool' && part.toolName === toolName) || part.type === `tool-${toolName}`);
}

/** Issue 34 items 1 and 6: a team's MCP servers, registered, tested and used by the agents. */
describe('MCP servers', () => {
  let app: INestApplication;
  let db: DataSource;
  let everything: EverythingServer;
  let owner: TestUser;

  beforeAll(async () => {
    everything = await EverythingServer.start();
    app = await createTestApp({ env: { MCP_ALLOWED_HOSTS: '127.0.0.1,*', MCP_CALL_TIMEOUT_MS: String(CALL_TIMEOUT_MS), RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    db = app.get(DataSource);
    owner = await signUp(app);
  }, 60_000);
  afterAll(async () => {
    await everything.stop();
    await app.close();
  });

  const register = async (caller: TestUser, body: Record<string, unknown>): Promise<McpServerResponse> =>
    (await api(app, caller).post(`/api/teams/${caller.teamId}/mcp-servers`).send(body).expect(201)).body as McpServerResponse;
  const count = async (teamId: string): Promise<number> =>
    Number((await db.query<{ count: string }[]>('SELECT count(*) FROM mcp_servers WHERE team_id = $1', [teamId]))[0].count);

  it('stores headers and a bearer token encrypted, and shows them only masked', async () => {
    const server = await register(owner, { name: 'secrets', url: everything.url, bearerToken: 'sk-live-0123456789', headers: { 'X-Api-Key': 'key-abcdef-987' } });
    expect(server.headers).toEqual({ 'X-Api-Key': '********', Authorization: '********' });
    const listed = (await api(app, owner).get(`/api/teams/${owner.teamId}/mcp-servers`).expect(200)).text;
    const got = (await api(app, owner).get(`/api/teams/${owner.teamId}/mcp-servers/${server.id}`).expect(200)).text;
    for (const body of [listed, got]) {
      expect(body).not.toContain('sk-live-0123456789');
      expect(body).not.toContain('key-abcdef-987');
    }
    const [row] = await db.query<Record<string, unknown>[]>('SELECT * FROM mcp_servers WHERE id = $1', [server.id]);
    expect(JSON.stringify(row)).not.toContain('sk-live-0123456789');
    expect(JSON.stringify(row)).not.toContain('key-abcdef-987');
    expect(row.sealed_headers).toMatch(/^v1\./);

    const updated = (await api(app, owner).patch(`/api/teams/${owner.teamId}/mcp-servers/${server.id}`).send({ headers: {} }).expect(200)).body as McpServerResponse;
    expect(updated.headers).toEqual({});
    await api(app, owner).delete(`/api/teams/${owner.teamId}/mcp-servers/${server.id}`).expect(200);
    await api(app, owner).get(`/api/teams/${owner.teamId}/mcp-servers/${server.id}`).expect(404);
  });

  it('refuses URLs the outbound policy refuses, and bad fields, storing nothing', async () => {
    const before = await count(owner.teamId);
    const refused: [Record<string, unknown>, RegExp | RegExp[]][] = [
      [{ name: 'meta', url: 'https://169.254.169.254/latest/meta-data/' }, /link-local/],
      [{ name: 'private', url: 'https://10.0.0.5/mcp' }, /private address/],
      [{ name: 'loop', url: 'https://127.0.0.2/mcp' }, /loopback/],
      [{ name: 'local', url: 'https://localhost/mcp' }, /loopback/],
      [{ name: 'plain', url: 'http://mcp.example.com/mcp' }, /must use https/],
      [{ name: 'stdio', url: 'stdio:///usr/bin/env' }, /must use https/],
      [{ name: 'file', url: 'file:///etc/passwd' }, /must use https/],
      [{ name: 'Bad Name', url: 'https://mcp.example.com/mcp' }, [/name must be/]],
      [{ name: 'hdr', url: 'https://mcp.example.com/mcp', headers: { 'X-Evil': 'a\r\nHost: x' } }, /single-line/],
      [{ name: 'hdr2', url: 'https://mcp.example.com/mcp', headers: { Host: 'x' } }, /set by the connection/],
      [{ name: 'both', url: 'https://mcp.example.com/mcp', bearerToken: 'a', headers: { authorization: 'b' } }, /not both/],
      [{ name: 'agents', url: 'https://mcp.example.com/mcp', agentIds: ['nobody'] }, [/agentIds must be among/]],
    ];
    for (const [body, message] of refused) {
      expectError(await api(app, owner).post(`/api/teams/${owner.teamId}/mcp-servers`).send(body), 400, message);
    }
    expect(await count(owner.teamId)).toBe(before);
  });

  it('is for owners and admins of the team only; another team neither sees nor uses the server', async () => {
    const server = await register(owner, { name: 'private_tools', url: everything.url });
    const member = await signUp(app);
    await joinTeam(app, owner, owner.teamId, member, 'member');
    const memberOfTeam: TestUser = { ...member, teamId: owner.teamId };
    expectError(await api(app, memberOfTeam).get(`/api/teams/${owner.teamId}/mcp-servers`), 403, /owners and admins/);
    expectError(await api(app, memberOfTeam).post(`/api/teams/${owner.teamId}/mcp-servers/${server.id}/test`), 403);

    const stranger = await signUp(app);
    await api(app, stranger).get(`/api/teams/${owner.teamId}/mcp-servers`).expect(404);
    await api(app, stranger).get(`/api/teams/${stranger.teamId}/mcp-servers/${server.id}`).expect(404);
    await api(app, stranger).post(`/api/teams/${stranger.teamId}/mcp-servers/${server.id}/test`).expect(404);
    await api(app, stranger).delete(`/api/teams/${stranger.teamId}/mcp-servers/${server.id}`).expect(404);
    const reply = await chat(app, stranger, { agentId: 'general', messages: [userMessage('use echo with nobody else')] });
    expect(reply.message.parts.some((part) => part.type.startsWith('tool-') || part.type === 'dynamic-tool')).toBe(false);
    await api(app, owner).delete(`/api/teams/${owner.teamId}/mcp-servers/${server.id}`).expect(200);
  });

  it('tests the connection: lists the tools, marking those not allowed and those that need approval', async () => {
    const server = await register(owner, { name: 'everything', url: everything.url, approvalTools: ['get-env'] });
    const result = (await api(app, owner).post(`/api/teams/${owner.teamId}/mcp-servers/${server.id}/test`).expect(200)).body as McpConnectionTestResponse;
    if (!result.ok) throw new Error(result.error);
    const byName = new Map(result.tools.map((tool) => [tool.name, tool]));
    expect(byName.get('echo')).toMatchObject({ agentToolName: 'mcp_everything__echo', status: 'available' });
    expect(byName.get('get-sum')).toMatchObject({ status: 'available' });
    expect(byName.get('get-env')).toMatchObject({ status: 'needs_approval', note: expect.stringMatching(/asks the user/) as unknown });

    await api(app, owner).patch(`/api/teams/${owner.teamId}/mcp-servers/${server.id}`).send({ allowedTools: ['echo', 'trigger-long-running-operation'] }).expect(200);
    const narrowed = (await api(app, owner).post(`/api/teams/${owner.teamId}/mcp-servers/${server.id}/test`).expect(200)).body as McpConnectionTestResponse;
    if (!narrowed.ok) throw new Error(narrowed.error);
    expect(narrowed.tools.find((tool) => tool.name === 'get-sum')?.status).toBe('not_allowed');
  });

  it('a chat turn of the general agent calls the MCP tool the user names, and the result stays message content', async () => {
    const reply = await chat(app, owner, { agentId: 'general', messages: [userMessage('use echo with hello from the team')] });
    const call = toolPart(reply.message, 'mcp_everything__echo') as { state: string; input: unknown } | undefined;
    expect(call).toMatchObject({ state: 'output-available', input: { message: 'hello from the team' } });
    expect(textOfMessage(reply.message)).toContain('Echo: hello from the team');
    const [{ assets }] = await db.query<{ assets: string }[]>('SELECT count(*) AS assets FROM assets WHERE team_id = $1', [owner.teamId]);
    expect(Number(assets)).toBe(0);
    // Stored with the reply: its tool call and result.
    const history = (await api(app, owner).get('/api/assistant/history').query({ id: reply.conversationId }).expect(200)).body as { messages: { parts: { type: string }[] }[] };
    expect(JSON.stringify(history.messages.at(-1)?.parts)).toContain('mcp_everything__echo');
    expect(reply.message.metadata).toMatchObject({ mcpCalls: [{ server: 'everything', tool: 'echo', outcome: 'ok', durationMs: expect.any(Number) as unknown }] });
    const { values } = await app.get(Metrics).mcpToolCalls.get();
    expect(values.find((sample) => sample.labels.outcome === 'ok')?.value).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(values)).not.toContain(owner.teamId);
  });

  it('a tool slower than MCP_CALL_TIMEOUT_MS is a tool error in the reply, not a failed reply', async () => {
    const reply = await chat(app, owner, { agentId: 'general', messages: [userMessage('use trigger-long-running-operation with ten seconds')] });
    const call = toolPart(reply.message, 'mcp_everything__trigger-long-running-operation') as { state: string; errorText?: string } | undefined;
    expect(call).toMatchObject({ state: 'output-error', errorText: expect.stringMatching(new RegExp(`did not answer within ${CALL_TIMEOUT_MS} ms`)) as unknown });
    expect(textOfMessage(reply.message)).toMatch(/could not finish trigger-long-running-operation \(everything\)/);
    expect(reply.chunks.some((chunk) => chunk.type === 'error')).toBe(false);
  });

  it('a server killed mid-call, then down, is reported in the reply; the chat never answers 500', async () => {
    const before = everything.posts;
    const pending = chat(app, owner, { agentId: 'general', messages: [userMessage('use trigger-long-running-operation with a long wait')] });
    // initialize, initialized, tools/list, tools/call (the optional discovery probe may come first).
    await waitFor(() => Promise.resolve(everything.posts >= before + 4), 'the tool call to reach the MCP server', 15_000);
    await everything.stop();
    const reply = await pending;
    // The kill lands during the call, or just before it while the reply connects: either way it is reported in a 200 reply.
    const call = toolPart(reply.message, 'mcp_everything__trigger-long-running-operation') as { state: string } | undefined;
    const unreachable = reply.message.parts.some((part) => part.type === 'data-mcp-server-unreachable');
    expect(call?.state === 'output-error' || unreachable).toBe(true);
    expect(textOfMessage(reply.message)).not.toBe('');

    const after = await chat(app, owner, { agentId: 'general', messages: [userMessage('use echo with anyone there?')] });
    const notice = after.message.parts.find((part) => part.type === 'data-mcp-server-unreachable') as { data: { server: string; error: string } } | undefined;
    expect(notice?.data.server).toBe('everything');
    expect(notice?.data.error).not.toBe('');
    expect(textOfMessage(after.message)).not.toBe('');
    const test = (await api(app, owner).get(`/api/teams/${owner.teamId}/mcp-servers`).expect(200)).body as McpServerResponse[];
    const tested = (await api(app, owner).post(`/api/teams/${owner.teamId}/mcp-servers/${test[0].id}/test`).expect(200)).body as McpConnectionTestResponse;
    expect(tested).toMatchObject({ ok: false, error: expect.any(String) as unknown });
  });
});
