import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { McpConnectionTestResponse, McpServerResponse } from '../../../src/assistant/mcp/mcp-server.response.js';
import { OutboundResolver } from '../../../src/outbound/outbound.service.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { EverythingServer } from '../../helpers/mcp-everything.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const UNLISTED = /^The host 127\.0\.0\.1 is not among the hosts the operator allows \(MCP_ALLOWED_HOSTS\)$/;

/**
 * Issue 34 item 1: a team's MCP servers are denied by default. The operator lists the hosts in
 * MCP_ALLOWED_HOSTS (`*`, `*.domain`, names, addresses, blocks); the list is checked when a server
 * is registered and again before every request to it, after DNS.
 */
describe('MCP_ALLOWED_HOSTS', () => {
  let everything: EverythingServer;
  let app: INestApplication | undefined;
  let owner: TestUser;

  const mcpServers = (teamId: string): Promise<{ count: string }[]> =>
    app!.get(DataSource).query<{ count: string }[]>('SELECT count(*) FROM mcp_servers WHERE team_id = $1', [teamId]);
  const register = (body: Record<string, unknown>) => api(app!, owner).post(`/api/teams/${owner.teamId}/mcp-servers`).send(body);
  const testConnection = async (serverId: string): Promise<McpConnectionTestResponse> =>
    (await api(app!, owner).post(`/api/teams/${owner.teamId}/mcp-servers/${serverId}/test`).expect(200)).body as McpConnectionTestResponse;

  beforeAll(async () => {
    everything = await EverythingServer.start();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await everything.stop();
  });

  it('unset, a team registers no MCP server, public or local, although webhooks may reach the hosts OUTBOUND_ALLOWED_HOSTS lists', async () => {
    app = await createTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    owner = await signUp(app);
    for (const url of [everything.url, 'https://mcp.example.com/mcp', 'https://93.184.216.34/mcp']) {
      expectError(await register({ name: 'tools', url }), 400, /^The operator allows no hosts for this \(MCP_ALLOWED_HOSTS is unset\)$/);
    }
    expect(await mcpServers(owner.teamId)).toEqual([{ count: '0' }]);
    await api(app, owner)
      .post(`/api/teams/${owner.teamId}/webhooks`)
      .send({ url: 'http://127.0.0.1:9/hook', eventTypes: ['budget.threshold'] })
      .expect(201);
    await app.close();
    app = undefined;
  }, 60_000);

  it('a server registered while its host was listed is refused at its next use once the operator drops the host: nothing reaches it', async () => {
    app = await createTestApp({ env: { MCP_ALLOWED_HOSTS: '127.0.0.1', RATE_LIMIT_FREE: '1000' } });
    owner = await signUp(app);
    const server = (await register({ name: 'everything', url: everything.url }).expect(201)).body as McpServerResponse;
    expect(await testConnection(server.id)).toMatchObject({ ok: true });
    await app.close();

    // The same database, now with a list that no longer holds the server's host.
    app = await createTestApp({ env: { MCP_ALLOWED_HOSTS: 'mcp.example.com', RATE_LIMIT_FREE: '1000' } });
    const posts = everything.posts;
    expect(await testConnection(server.id)).toEqual({ ok: false, error: expect.stringMatching(UNLISTED) as unknown });
    const reply = await chat(app, owner, { agentId: 'general', messages: [userMessage('use echo with is anyone there')] });
    const notice = reply.message.parts.find((part) => part.type === 'data-mcp-server-unreachable') as { data: { server: string; error: string } } | undefined;
    expect(notice?.data).toEqual({ server: 'everything', error: expect.stringMatching(UNLISTED) as unknown });
    expect(everything.posts).toBe(posts);
    // Changing the server's URL passes the list again: still refused.
    expectError(await api(app, owner).patch(`/api/teams/${owner.teamId}/mcp-servers/${server.id}`).send({ url: `${everything.url}?again` }), 400, UNLISTED);
    await app.close();
    app = undefined;
  }, 90_000);

  it('`*.domain` admits its subdomains over https, and only where their addresses are public: a name resolving to loopback is refused at connect', async () => {
    app = await createTestApp({
      env: { MCP_ALLOWED_HOSTS: '*.tools.test', RATE_LIMIT_FREE: '1000' },
      // The team's DNS answers its tools' names with this machine's loopback address.
      overrides: [{ provide: OutboundResolver, useValue: { resolve: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]) } }],
    });
    owner = await signUp(app);
    const before = await mcpServers(owner.teamId);
    for (const [url, message] of [
      ['https://tools.test/mcp', /^The host tools\.test is not among the hosts/],
      ['https://crm.tools.test.evil.example/mcp', /^The host crm\.tools\.test\.evil\.example is not among the hosts/],
      ['http://crm.tools.test/mcp', /plain http only to hosts the operator lists in MCP_ALLOWED_HOSTS/],
      ['https://127.0.0.1/mcp', /^The host 127\.0\.0\.1 is not among the hosts/],
      [everything.url, /^The host 127\.0\.0\.1 is not among the hosts/],
    ] as const) {
      expectError(await register({ name: 'refused', url }), 400, message);
    }
    expect(await mcpServers(owner.teamId)).toEqual(before);

    const server = (await register({ name: 'crm', url: 'https://crm.tools.test/mcp' }).expect(201)).body as McpServerResponse;
    expect(await testConnection(server.id)).toEqual({
      ok: false,
      error: expect.stringMatching(/The host crm\.tools\.test resolves to a loopback address \(127\.0\.0\.1\)/) as unknown,
    });
    await app.close();
    app = undefined;
  }, 90_000);
});
