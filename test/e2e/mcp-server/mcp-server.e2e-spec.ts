import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { insertAssets } from '../../factories/assets.js';
import { api } from '../../helpers/api.js';
import { BROWSER, pathOf, startSmtpServer, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { REVIEWED_GOAL, REVIEWED_STEP } from '../../helpers/paused-run.js';
import { waitForRun } from '../../helpers/runs.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const READ_TOOLS = ['get_asset', 'get_run', 'list_assets', 'list_pending_approvals', 'list_workflows'];
const WRITE_TOOLS = ['ask_agent', 'decide_step', 'start_run'];

describe('MCP server: POST /mcp with API tokens, through the SDK’s own Client', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let url: URL;
  let alice: TestUser;
  let mallory: TestUser;
  const clients: Client[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error' } });
    await resetDatabase(app);
    await app.listen(0, '127.0.0.1');
    url = new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`);
    [alice, mallory] = [await signUp(app), await signUp(app)];
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await app.close();
    await smtp.close();
  });

  async function apiToken(user: TestUser, scope: 'read' | 'read-write'): Promise<string> {
    return ((await api(app, user).post('/api/auth/tokens').send({ name: `mcp ${scope}`, scope }).expect(201)).body as { token: string }).token;
  }

  async function connect(token: string): Promise<Client> {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    clients.push(client);
    return client;
  }

  async function callJson(client: Client, name: string, args: Record<string, unknown> = {}): Promise<unknown> {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
    return JSON.parse((result.content[0] as { text: string }).text);
  }

  async function toolError(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError).toBe(true);
    return (result.content[0] as { text: string }).text;
  }

  it('offers the write tools to read-write tokens only', async () => {
    const writer = await connect(await apiToken(alice, 'read-write'));
    const reader = await connect(await apiToken(alice, 'read'));
    expect((await writer.listTools()).tools.map((tool) => tool.name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    expect((await reader.listTools()).tools.map((tool) => tool.name).sort()).toEqual(READ_TOOLS);
    // A tool it is not offered cannot be called either.
    const hidden = await reader.callTool({ name: 'start_run', arguments: { workflowId: '00000000-0000-4000-8000-000000000000' } }).catch((error: unknown) => error);
    expect(hidden instanceof Error ? hidden.message : JSON.stringify(hidden)).toMatch(/not found/i);
  });

  it('refuses a missing or bad token with 401', async () => {
    const bare = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(bare.status).toBe(401);
    const bad = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer nope', 'content-type': 'application/json' }, body: '{}' });
    expect(bad.status).toBe(401);
    await expect(connect('not-a-token')).rejects.toThrow(/401/);
  });

  it('drives a workflow with a reviewed step to completion: start_run, get_run, decide_step', async () => {
    const created = await createWorkflow(app, alice, { goal: REVIEWED_GOAL });
    const planMail = await mailTo(smtp, alice.email, /^Approve the plan/);
    await api(app).get(pathOf(planMail.links.find((link) => link.includes('/approve?token='))!)).set('User-Agent', BROWSER).expect(302);
    const workflowId = created.workflowId;
    const writer = await connect(await apiToken(alice, 'read-write'));
    const reader = await connect(await apiToken(alice, 'read'));

    expect(await callJson(reader, 'list_workflows')).toEqual([expect.objectContaining({ id: workflowId, status: 'active' })]);
    const { runId } = (await callJson(writer, 'start_run', { workflowId })) as { runId: number };
    await waitForRun(app, alice, workflowId, runId, 'awaiting_approval');
    expect(await callJson(reader, 'list_pending_approvals')).toEqual([
      expect.objectContaining({ kind: 'step', workflowId, runId, stepIndex: REVIEWED_STEP, attempt: 1, output: expect.any(String) as unknown, dueAt: expect.any(String) as unknown }),
    ]);
    expect(await callJson(await connect(await apiToken(mallory, 'read')), 'list_pending_approvals')).toEqual([]);
    expect(await callJson(reader, 'get_run', { workflowId, runId })).toMatchObject({ id: runId, status: 'awaiting_approval', currentStepIndex: REVIEWED_STEP });

    expect(await toolError(writer, 'start_run', { workflowId })).toBe('A run of this workflow is already running or awaiting approval');
    expect(await toolError(writer, 'decide_step', { workflowId, runId, stepIndex: 'one', action: 'approve' })).toMatch(/stepIndex|Invalid/i);
    expect(await toolError(writer, 'decide_step', { workflowId, runId, stepIndex: 0, action: 'approve' })).toMatch(/no longer awaiting approval/);
    await callJson(writer, 'decide_step', { workflowId, runId, stepIndex: REVIEWED_STEP, action: 'approve' });
    await waitForRun(app, alice, workflowId, runId, 'completed');
    expect(await callJson(reader, 'list_pending_approvals')).toEqual([]);
    expect(await callJson(reader, 'get_run', { workflowId, runId })).toMatchObject({ status: 'completed', decisions: [expect.objectContaining({ action: 'approve' })] });
  });

  it("keeps each token in its team: another team's asset, workflow or run is an error", async () => {
    const [assetId] = await insertAssets(app, [{ teamId: alice.teamId }]);
    const alices = await connect(await apiToken(alice, 'read'));
    const mallorys = await connect(await apiToken(mallory, 'read-write'));
    expect(await callJson(alices, 'get_asset', { assetId })).toMatchObject({ id: assetId });
    const resource = await alices.readResource({ uri: `asset://${assetId}` });
    expect(JSON.parse((resource.contents[0] as { text: string }).text)).toMatchObject({ id: assetId });

    expect(await toolError(mallorys, 'get_asset', { assetId })).toMatch(/not found/i);
    await expect(mallorys.readResource({ uri: `asset://${assetId}` })).rejects.toThrow();
    expect(await callJson(mallorys, 'list_assets')).toEqual([]);
    expect(await callJson(mallorys, 'list_workflows')).toEqual([]);
    expect(await toolError(mallorys, 'get_asset', { assetId: -1 })).toMatch(/assetId|Invalid/i);
  });

  it('ask_agent is a chat turn: the reply text and its assets as asset:// links, stored as a conversation that can go on', async () => {
    const writer = await connect(await apiToken(alice, 'read-write'));
    const first = (await callJson(writer, 'ask_agent', { message: 'Write a LinkedIn post about our launch', agentId: 'social' })) as {
      conversationId: string;
      text: string;
      assets: { id: number; type: string; uri: string }[];
    };
    expect(first.text).not.toBe('');
    expect(first.assets).toEqual([expect.objectContaining({ type: 'social_post', uri: `asset://${first.assets[0]?.id}` })]);
    const resource = await writer.readResource({ uri: first.assets[0].uri });
    expect(JSON.parse((resource.contents[0] as { text: string }).text)).toMatchObject({ id: first.assets[0].id, conversationId: first.conversationId });

    const next = (await callJson(writer, 'ask_agent', { message: 'And one more thing', conversationId: first.conversationId })) as { conversationId: string; text: string };
    expect(next.conversationId).toBe(first.conversationId);
    const history = (await api(app, alice).get(`/api/assistant/history?id=${first.conversationId}`).expect(200)).body as { messages: { role: string }[] };
    expect(history.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);

    // Bad input and another team's conversation are tool errors, and start nothing.
    const mallorys = await connect(await apiToken(mallory, 'read-write'));
    expect(await toolError(mallorys, 'ask_agent', { message: 'hello', conversationId: first.conversationId })).toBe('Conversation not found');
    expect(await toolError(writer, 'ask_agent', { message: '' })).toMatch(/message|Invalid/i);
    expect(await toolError(writer, 'ask_agent', { message: 'hello', agentId: 'nobody' })).toMatch(/agentId|Invalid/i);
    expect(await toolError(writer, 'ask_agent', { message: 'hello', conversationId: '../x' })).toMatch(/conversationId|Invalid/i);
    expect(((await api(app, mallory).get('/api/assistant/conversations').expect(200)).body as unknown[]).length).toBe(0);
  });
});
