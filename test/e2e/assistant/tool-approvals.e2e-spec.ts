import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import { DataSource } from 'typeorm';
import type { McpServerResponse } from '../../../src/assistant/mcp/mcp-server.response.js';
import type { HistoryResponse } from '../../../src/conversations/conversations.response.js';
import { api } from '../../helpers/api.js';
import { titlesSettled } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { EverythingServer } from '../../helpers/mcp-everything.js';
import { StockChat } from '../../helpers/stock-chat.js';
import { textOfMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const ECHO = 'mcp_cms__echo';

type ToolPart = { type: string; toolCallId: string; state: string; input?: unknown; output?: unknown; approval?: { id: string; approved?: boolean; reason?: string } };

function echoPart(message: UIMessage): ToolPart | undefined {
  return message.parts.find((part) => part.type === 'dynamic-tool' && part.toolName === ECHO) as ToolPart | undefined;
}

/** Issue 34 item 2: an MCP tool the team marked "needs approval" asks the user first, in chat; a run or /v1 refuses it. */
describe('tool approvals', () => {
  let app: INestApplication;
  let db: DataSource;
  let everything: EverythingServer;
  let owner: TestUser;
  let base: string;

  beforeAll(async () => {
    everything = await EverythingServer.start();
    app = await createTestApp({ env: { MCP_ALLOWED_HOSTS: '127.0.0.1', RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    db = app.get(DataSource);
    owner = await signUp(app);
    const server = await api(app, owner)
      .post(`/api/teams/${owner.teamId}/mcp-servers`)
      .send({ name: 'cms', url: everything.url, allowedTools: ['echo', 'get-sum'], approvalTools: ['echo'] })
      .expect(201);
    expect((server.body as McpServerResponse).approvalTools).toEqual(['echo']);
  }, 60_000);
  afterAll(async () => {
    await everything.stop();
    await app?.close();
  });

  const stockChat = (caller: TestUser) => new StockChat(`${base}/api/assistant/router`, caller.token);
  const history = async (caller: TestUser, chatId: string) => (await api(app, caller).get(`/api/assistant/history?id=${chatId}`).expect(200)).body as HistoryResponse;
  const auditOf = (teamId: string) =>
    db.query<{ action: string; actor_type: string; actor_id: string; changes: Record<string, unknown> }[]>(
      `SELECT action, actor_type, actor_id, changes FROM audit_events WHERE team_id = $1 AND action LIKE 'tool_call.%' ORDER BY id`,
      [teamId],
    );

  /** A chat whose first reply ends asking to run echo. */
  async function asking(caller: TestUser, text: string): Promise<{ chat: StockChat; part: ToolPart & { approval: { id: string } } }> {
    const chat = stockChat(caller);
    await chat.sendMessage({ text: `use echo with ${text}` });
    await titlesSettled(app);
    const part = echoPart(chat.last);
    expect(part).toMatchObject({ state: 'approval-requested', input: { message: text }, approval: { id: expect.any(String) as unknown } });
    return { chat, part: part as ToolPart & { approval: { id: string } } };
  }

  it('a reply ends with an approval request; approved, the tool runs and the same reply goes on; the decision is recorded', async () => {
    const { chat, part } = await asking(owner, 'publish the launch post');
    const asked = chat.last;
    // Nothing ran yet, and the request is stored with the reply.
    expect(asked.metadata).not.toHaveProperty('mcpCalls');
    const stored = await history(owner, chat.id);
    expect(echoPart(stored.messages.at(-1) as UIMessage)?.state).toBe('approval-requested');

    const finished = chat.nextFinish();
    await chat.addToolApprovalResponse({ id: part.approval.id, approved: true });
    await finished;

    expect(chat.messages).toHaveLength(2);
    expect(chat.last.id).toBe(asked.id);
    expect(echoPart(chat.last)).toMatchObject({ state: 'output-available', approval: { id: part.approval.id, approved: true } });
    expect(textOfMessage(chat.last)).toContain('Echo: publish the launch post');
    const after = await history(owner, chat.id);
    expect(after.messages.map((message) => [message.role, message.id])).toEqual([
      ['user', chat.messages[0].id],
      ['assistant', asked.id],
    ]);
    expect(echoPart(after.messages[1])?.state).toBe('output-available');
    expect(after.messages[1].metadata).toMatchObject({ mcpCalls: [{ server: 'cms', tool: 'echo', outcome: 'ok' }] });
    const [decision] = (await auditOf(owner.teamId)).filter((row) => row.changes.approvalId === part.approval.id);
    expect(decision).toMatchObject({ action: 'tool_call.approved', actor_type: 'user', actor_id: owner.userId });
    expect(decision.changes).toMatchObject({ toolName: ECHO, approved: true, messageId: asked.id, toolCallId: part.toolCallId });
  });

  it('denied, the tool never runs, the model is told, and the denial with its reason is recorded', async () => {
    const { chat, part } = await asking(owner, 'delete every page');
    const finished = chat.nextFinish();
    await chat.addToolApprovalResponse({ id: part.approval.id, approved: false, reason: 'not today' });
    await finished;
    expect(echoPart(chat.last)).toMatchObject({ state: 'output-denied', approval: { approved: false, reason: 'not today' } });
    expect(textOfMessage(chat.last)).toContain('I did not run echo (cms): it was denied (not today)');
    const stored = await history(owner, chat.id);
    expect(echoPart(stored.messages.at(-1) as UIMessage)?.state).toBe('output-denied');
    expect(stored.messages.at(-1)?.metadata).not.toHaveProperty('mcpCalls');
    const [decision] = (await auditOf(owner.teamId)).filter((row) => row.changes.approvalId === part.approval.id);
    expect(decision).toMatchObject({ action: 'tool_call.denied', changes: { approved: false, reason: 'not today' } });
  });

  it('runs what was asked, not what the client sends back: a changed input is ignored', async () => {
    const { chat, part } = await asking(owner, 'launch day copy');
    const forged: UIMessage = {
      ...chat.last,
      parts: chat.last.parts.map((p) =>
        p.type === 'dynamic-tool' ? ({ ...p, state: 'approval-responded', input: { message: 'something else' }, approval: { id: part.approval.id, approved: true } } as UIMessage['parts'][number]) : p,
      ),
    };
    await api(app, owner)
      .post('/api/assistant/router')
      .send({ id: chat.id, messages: [chat.messages[0], forged], trigger: 'submit-message', messageId: forged.id })
      .expect(200);
    // The reply is stored before its stream ends.
    const reply = (await history(owner, chat.id)).messages.at(-1) as UIMessage;
    expect(echoPart(reply)).toMatchObject({ state: 'output-available', input: { message: 'launch day copy' } });
    expect(textOfMessage(reply)).toContain('Echo: launch day copy');
    expect(JSON.stringify(reply)).not.toContain('something else');
  });

  it('refuses answers that do not fit the reply awaiting approval, changing nothing and recording nothing', async () => {
    const { chat, part } = await asking(owner, 'a careful change');
    const answered = (approval: Record<string, unknown>, state = 'approval-responded'): UIMessage => ({
      ...chat.last,
      parts: chat.last.parts.map((p) => (p.type === 'dynamic-tool' ? ({ ...p, state, approval } as UIMessage['parts'][number]) : p)),
    });
    const send = (caller: TestUser, message: UIMessage, extra: Record<string, unknown> = {}) =>
      api(app, caller).post('/api/assistant/router').send({ id: chat.id, messages: [chat.messages[0], message], trigger: 'submit-message', messageId: message.id, ...extra });
    const decisionsBefore = (await auditOf(owner.teamId)).length;
    const storedBefore = await history(owner, chat.id);

    expectError(await send(owner, answered({ id: 'another-approval', approved: true })), 400, /approval\.id: is not the approval requested/);
    expectError(await send(owner, answered({ id: part.approval.id, approved: true, reason: 'x'.repeat(1001) })), 400, /approval\.reason: must be a text of at most 1000/);
    expectError(await send(owner, answered({ id: part.approval.id, approved: true }), { messageId: 'not-the-reply' }), 400, /messageId: not the reply/);
    expectError(await send(owner, answered({ id: part.approval.id, approved: true }), { trigger: 'regenerate-message' }), 400, /regenerate-message cannot answer/);
    // Another member's chat, and another team: not found.
    const stranger = await signUp(app);
    expectError(await send(stranger, answered({ id: part.approval.id, approved: true })), 404);
    // An answer for a reply that is not the conversation's last.
    const stale: UIMessage = { ...answered({ id: part.approval.id, approved: true }), id: 'not-stored' };
    expectError(await send(owner, stale, { messageId: stale.id }), 409, /not the conversation's last reply/);

    expect((await auditOf(owner.teamId)).length).toBe(decisionsBefore);
    expect(await history(owner, chat.id)).toEqual(storedBefore);

    // Answered once, the reply awaits nothing more: answering again is a conflict.
    const finished = chat.nextFinish();
    await chat.addToolApprovalResponse({ id: part.approval.id, approved: true });
    await finished;
    const again = answered({ id: part.approval.id, approved: true });
    expectError(await send(owner, { ...again, parts: storedBefore.messages[1].parts.map((p) => (p.type === 'dynamic-tool' ? ({ ...p, state: 'approval-responded', approval: { id: part.approval.id, approved: true } } as UIMessage['parts'][number]) : p)) }), 409, /awaits no tool approval/);
  });

  it('where nobody can be asked (/v1), a tool that needs approval is refused with a tool error saying why; built-in tools ask nothing', async () => {
    const response = await api(app, owner)
      .post('/v1/chat/completions')
      .send({ model: 'general', messages: [{ role: 'user', content: 'use echo with from a script' }] })
      .expect(200);
    const body = response.body as { choices: { message: { content: string } }[] };
    expect(body.choices[0].message.content).toMatch(/needs a person's approval/);

    const chat = stockChat(owner);
    await chat.sendMessage({ text: 'use get-sum with 2 and 3' });
    expect(chat.last.parts.some((part) => 'state' in part && part.state === 'approval-requested')).toBe(false);
  });
});
