import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import type { McpServerResponse } from '../../../src/assistant/mcp/mcp-server.response.js';
import type { InboxItem, StepInboxItem } from '../../../src/approvals/approvals.response.js';
import type { RunDetailResponse } from '../../../src/runs/runs.response.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { EVERYTHING } from '../../helpers/mcp-everything.js';
import { StockChat } from '../../helpers/stock-chat.js';
import { waitForRun } from '../../helpers/runs.js';
import { textOfMessage, userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

type ToolPart = { type: string; toolName?: string; state: string; input?: unknown; errorText?: string; approval?: { id: string } };

function toolPart(message: UIMessage, toolName: string): ToolPart | undefined {
  return message.parts.find((part) => part.type === 'dynamic-tool' && part.toolName === toolName) as ToolPart | undefined;
}

const directory = mkdtempSync(join(tmpdir(), 'mcp-stdio-'));

/** Writes an operator's servers file and returns its path. */
function serversFile(name: string, content: unknown): string {
  const file = join(directory, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const everything = { command: process.execPath, args: [EVERYTHING, 'stdio'] };

/** Issue 34 item 1: stdio MCP servers the operator configures for the whole deployment, in a file. */
describe('operator stdio MCP servers', () => {
  let app: INestApplication;
  let owner: TestUser;
  let base: string;

  beforeAll(async () => {
    const file = serversFile('servers.json', {
      servers: [
        // For the general agent: echo and get-sum only, asking nothing.
        { name: 'desk', ...everything, agentIds: ['general'], allowedTools: ['echo', 'get-sum'] },
        // For the social agent: echo, asked first.
        { name: 'careful', ...everything, agentIds: ['social'], allowedTools: ['echo'], approvalTools: ['echo'] },
        // A command that exits at once.
        { name: 'broken', command: process.execPath, args: ['-e', 'process.exit(3)'], agentIds: ['general'] },
      ],
    });
    app = await createTestApp({ env: { MCP_STDIO_SERVERS_FILE: file, RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    owner = await signUp(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it("an agent uses the server's tool in chat, metered with the reply; a server whose command exits at once is reported, not a failed reply", async () => {
    const reply = await chat(app, owner, { agentId: 'general', messages: [userMessage('use echo with hello from the operator')] });
    expect(toolPart(reply.message, 'mcp_desk__echo')).toMatchObject({ state: 'output-available', input: { message: 'hello from the operator' } });
    expect(textOfMessage(reply.message)).toContain('Echo: hello from the operator');
    expect(reply.message.metadata).toMatchObject({ mcpCalls: [{ server: 'desk', tool: 'echo', outcome: 'ok' }] });
    const notice = reply.message.parts.find((part) => part.type === 'data-mcp-server-unreachable') as { data: { server: string; error: string } } | undefined;
    expect(notice?.data).toMatchObject({ server: 'broken', error: expect.stringMatching(/exited|closed/) as unknown });
    expect(reply.chunks.some((chunk) => chunk.type === 'error')).toBe(false);
  });

  it('a tool the operator marked needing approval asks first, and runs once approved', async () => {
    const stock = new StockChat(`${base}/api/assistant/router`, owner.token, { agentId: 'social' });
    await stock.sendMessage({ text: 'use echo with the careful words' });
    const asked = toolPart(stock.last, 'mcp_careful__echo');
    expect(asked).toMatchObject({ state: 'approval-requested', input: { message: 'the careful words' } });
    const finished = stock.nextFinish();
    await stock.addToolApprovalResponse({ id: asked!.approval!.id, approved: true });
    await finished;
    expect(toolPart(stock.last, 'mcp_careful__echo')?.state).toBe('output-available');
    expect(textOfMessage(stock.last)).toContain('Echo: the careful words');
  });

  /** An active workflow of one step, the agent's, asking for the tool by name (its plan edited to that step, then approved). */
  const workflowOf = async (agentId: string, description: string): Promise<string> => {
    const { workflowId } = await createWorkflow(app, owner, { goal: 'Write a LinkedIn post about our product launch.' });
    await api(app, owner).post(`/api/workflows/${workflowId}/steps`).send({ steps: [{ description, agentId }] }).expect(200);
    const decided = await api(app, owner).post('/api/approvals/decide').send({ decisions: [{ kind: 'plan', workflowId, planVersion: 2, action: 'approve' }] }).expect(200);
    expect((decided.body as { results: { status: number }[] }).results[0].status).toBe(200);
    return workflowId;
  };
  /** The run's step replies, from its conversation as the API reads it. */
  const stepReplies = async (workflowId: string, runId: number): Promise<UIMessage[]> => {
    const run = (await api(app, owner).get(`/api/workflows/${workflowId}/runs/${runId}`).expect(200)).body as RunDetailResponse;
    const history = (await api(app, owner).get(`/api/assistant/history?id=${run.conversationId!}`).expect(200)).body as { messages: UIMessage[] };
    return history.messages.filter((message) => message.role === 'assistant');
  };

  it("a run step's agent calls the deployment's stdio tool; the run's record holds the call, its result and its metering", async () => {
    const workflowId = await workflowOf('general', 'Use echo with hello from the run');
    const { runId } = (await api(app, owner).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, owner, workflowId, runId, 'completed', 30_000);
    const [reply] = await stepReplies(workflowId, runId);
    expect(toolPart(reply, 'mcp_desk__echo')).toMatchObject({ state: 'output-available', input: { message: 'hello from the run' } });
    expect(JSON.stringify((toolPart(reply, 'mcp_desk__echo') as ToolPart & { output?: unknown }).output)).toContain('Echo: hello from the run');
    expect(textOfMessage(reply)).toContain('Echo: hello from the run');
    expect(reply.metadata).toMatchObject({ mcpCalls: [{ server: 'desk', tool: 'echo', outcome: 'ok' }] });
  });

  it("a run step's call of a stdio tool the operator marked needing approval pauses the step; approved, the tool runs and the run completes", async () => {
    const workflowId = await workflowOf('social', 'Use echo with the run\'s careful words');
    const { runId } = (await api(app, owner).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, owner, workflowId, runId, 'awaiting_approval', 30_000);
    const inbox = (await api(app, owner).get('/api/approvals').expect(200)).body as InboxItem[];
    const item = inbox.find((candidate): candidate is StepInboxItem => candidate.kind === 'step' && candidate.runId === runId);
    expect(item?.toolCalls).toEqual([{ toolName: 'mcp_careful__echo', input: { message: "the run's careful words" } }]);

    await api(app, owner).post(`/api/workflows/${workflowId}/runs/${runId}/decision`).send({ stepIndex: 0, action: 'approve' }).expect(200);
    await waitForRun(app, owner, workflowId, runId, 'completed', 30_000);
    const replies = await stepReplies(workflowId, runId);
    const reply = replies.at(-1)!;
    expect(toolPart(reply, 'mcp_careful__echo')?.state).toBe('output-available');
    expect(textOfMessage(reply)).toContain("Echo: the run's careful words");
    const detail = (await api(app, owner).get(`/api/workflows/${workflowId}/runs/${runId}`).expect(200)).body as RunDetailResponse;
    expect(detail.decisions).toEqual([expect.objectContaining({ stepIndex: 0, action: 'approve', channel: 'dashboard' })]);
  });

  it("teams neither see nor take the deployment's servers: their listing leaves them out, and their names are refused", async () => {
    const listed = (await api(app, owner).get(`/api/teams/${owner.teamId}/mcp-servers`).expect(200)).body as McpServerResponse[];
    expect(listed).toEqual([]);
    expectError(await api(app, owner).post(`/api/teams/${owner.teamId}/mcp-servers`).send({ name: 'desk', url: 'https://mcp.example.com/mcp' }), 409, /desk is the name of a server of the deployment/);
    // Nor does a team start a process of its own: a command is no field of a team's server, and a stdio URL is refused.
    const stdio: Record<string, unknown>[] = [
      { name: 'local', url: 'https://mcp.example.com/mcp', command: process.execPath, args: [EVERYTHING, 'stdio'] },
      { name: 'local', url: 'https://mcp.example.com/mcp', transport: 'stdio' },
      { name: 'local', url: `stdio://${process.execPath}` },
    ];
    for (const body of stdio) expectError(await api(app, owner).post(`/api/teams/${owner.teamId}/mcp-servers`).send(body), 400);
    expect((await api(app, owner).get(`/api/teams/${owner.teamId}/mcp-servers`).expect(200)).body).toEqual([]);
  });

  it('a missing, unreadable or invalid file refuses the start, naming the fault', async () => {
    const refused: [string, RegExp][] = [
      [join(directory, 'missing.json'), /MCP_STDIO_SERVERS_FILE: cannot read .*missing\.json \(ENOENT\)/],
      [serversFile('not-json.json', '{ servers: '), /MCP_STDIO_SERVERS_FILE: .*not-json\.json is not JSON/],
      [serversFile('bad-name.json', { servers: [{ name: 'Bad Name', command: 'x' }] }), /servers\.0\.name: must be 1 to 24 of a-z/],
      [serversFile('no-command.json', { servers: [{ name: 'a' }] }), /servers\.0\.command/],
      [serversFile('twice.json', { servers: [{ name: 'a', command: 'x' }, { name: 'a', command: 'y' }] }), /a is named twice/],
      [serversFile('agent.json', { servers: [{ name: 'a', command: 'x', agentIds: ['nobody'] }] }), /MCP_STDIO_SERVERS_FILE: a: agentIds: nobody is not an agent/],
    ];
    for (const [file, message] of refused) {
      await expect(createTestApp({ env: { MCP_STDIO_SERVERS_FILE: file } })).rejects.toThrow(message);
    }
  });
});
