import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { McpConnectionTestResponse, McpServerResponse } from '../../../src/assistant/mcp/mcp-server.response.js';
import type { ResolvedAddress } from '../../../src/outbound/outbound-policy.js';
import { OutboundResolver } from '../../../src/outbound/outbound.service.js';
import { WebhookOutboxService } from '../../../src/webhook-events/webhook-outbox.service.js';
import type { DeliveriesResponse, WebhookWithSecretResponse } from '../../../src/webhooks/webhooks.response.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/**
 * Stands for a public address: the operator allows it (OUTBOUND_ALLOWED_HOSTS), so it passes the
 * check as a public one would, and a connection to it stays on this machine.
 */
const CHECKED = '127.0.0.2';
/** Where the rebinding name points once it has been checked: refused by the policy. */
const REBOUND = '127.0.0.1';

/**
 * A rebinding DNS for names under rebind.test, answering with no time to live: a name's first
 * answer is CHECKED, every later one REBOUND. It answers both the service's own look-up (the
 * OutboundResolver, before the check) and the system's (dns.lookup, which a socket asks when its
 * look-up is not pinned), as one DNS server would answer every query the process makes.
 */
class RebindingDns {
  private readonly queries = new Map<string, number>();

  answers(hostname: string): boolean {
    return hostname.endsWith('.rebind.test');
  }

  resolve(hostname: string): ResolvedAddress[] {
    const count = (this.queries.get(hostname) ?? 0) + 1;
    this.queries.set(hostname, count);
    return [{ address: count === 1 ? CHECKED : REBOUND, family: 4 }];
  }
}

/** A TCP listener counting the connections it accepts, closing each at once. */
async function listener(host: string, port: number): Promise<Server & { accepted: number }> {
  const server = Object.assign(
    createServer((socket) => {
      server.accepted += 1;
      socket.destroy();
    }),
    { accepted: 0 },
  );
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return server;
}

const close = (server: Server | undefined) => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));

/**
 * Issue 34 item 6: DNS that changes between check and connect. A name the team registers resolves
 * to an allowed address when the service checks it and to a loopback one right after; the service
 * connects to the address it checked (its socket's look-up is pinned), so nothing reaches the
 * loopback port, for an MCP server and for a webhook alike. Nor does a redirect from an allowed
 * address to loopback lead there.
 */
describe('DNS that changes between the check and the connection', () => {
  const rebinding = new RebindingDns();
  const systemLookup = dns.lookup;
  let app: INestApplication;
  let owner: TestUser;
  let checked: Server & { accepted: number };
  let rebound: Server & { accepted: number };
  let port: number;

  beforeAll(async () => {
    // The same port on both addresses: the URL names one port, the DNS picks the address.
    rebound = await listener(REBOUND, 0);
    port = (rebound.address() as AddressInfo).port;
    checked = await listener(CHECKED, port);
    // The system's look-up, as a socket without a pinned look-up would ask it.
    dns.lookup = ((hostname: string, options: LookupOptions | ((...args: unknown[]) => void), callback?: (...args: unknown[]) => void) => {
      const done = (typeof options === 'function' ? options : callback)!;
      const all = typeof options === 'object' && options.all === true;
      if (!rebinding.answers(hostname)) return (systemLookup as (...args: unknown[]) => void)(hostname, options, callback);
      const [first] = rebinding.resolve(hostname);
      if (all) done(null, [first] satisfies LookupAddress[]);
      else done(null, first.address, first.family);
    }) as typeof dns.lookup;
    app = await createTestApp({
      env: { OUTBOUND_ALLOWED_HOSTS: CHECKED, MCP_ALLOWED_HOSTS: `*.rebind.test,${CHECKED}`, RATE_LIMIT_FREE: '1000', WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_MAX_ATTEMPTS: '2', WEBHOOK_POLL_INTERVAL_MS: '50' },
      overrides: [{ provide: OutboundResolver, useValue: { resolve: (hostname: string) => Promise.resolve(rebinding.resolve(hostname)) } }],
    });
    await resetDatabase(app);
    owner = await signUp(app);
  }, 60_000);
  afterAll(async () => {
    dns.lookup = systemLookup;
    await app?.close();
    await close(checked);
    await close(rebound);
  });

  it('an MCP server: the connection goes to the address checked, never to the one the name points to after; the reply reports the server', async () => {
    const url = `https://mcp.rebind.test:${port}/mcp`;
    const server = (await api(app, owner).post(`/api/teams/${owner.teamId}/mcp-servers`).send({ name: 'rebinding', url }).expect(201)).body as McpServerResponse;
    const reply = await chat(app, owner, { agentId: 'general', messages: [userMessage('use echo with hello')] });
    const notice = reply.message.parts.find((part) => part.type === 'data-mcp-server-unreachable') as { data: { server: string; error: string } } | undefined;
    expect(notice?.data.server).toBe('rebinding');
    // The test connection is refused too: the name now resolves to a loopback address.
    const tested = (await api(app, owner).post(`/api/teams/${owner.teamId}/mcp-servers/${server.id}/test`).expect(200)).body as McpConnectionTestResponse;
    expect(tested.ok).toBe(false);
    expect(rebound.accepted).toBe(0);
    expect(checked.accepted).toBeGreaterThan(0);
  });

  it('an MCP server at an allowed address that redirects to loopback: the redirect is not followed, the test connection and the reply say so', async () => {
    const redirecting = createHttpServer((_request, response) => response.writeHead(307, { location: `http://${REBOUND}:${port}/mcp` }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, CHECKED, resolve));
    try {
      const url = `http://${CHECKED}:${(redirecting.address() as AddressInfo).port}/mcp`;
      const server = (await api(app, owner).post(`/api/teams/${owner.teamId}/mcp-servers`).send({ name: 'redirecting', url }).expect(201)).body as McpServerResponse;
      const tested = (await api(app, owner).post(`/api/teams/${owner.teamId}/mcp-servers/${server.id}/test`).expect(200)).body as McpConnectionTestResponse;
      expect(tested).toMatchObject({ ok: false, error: expect.stringMatching(/redirect \(307 to http:\/\/127\.0\.0\.1:\d+\/mcp\), which outbound requests do not follow/) as unknown });
      const reply = await chat(app, owner, { agentId: 'general', messages: [userMessage('use echo with hello')] });
      const notices = reply.message.parts.filter((part) => part.type === 'data-mcp-server-unreachable') as { data: { server: string; error: string } }[];
      expect(notices.find((notice) => notice.data.server === 'redirecting')?.data.error).toMatch(/redirect/);
      expect(reply.chunks.some((chunk) => chunk.type === 'error')).toBe(false);
      expect(rebound.accepted).toBe(0);
      await api(app, owner).delete(`/api/teams/${owner.teamId}/mcp-servers/${server.id}`).expect(200);
    } finally {
      redirecting.closeAllConnections();
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });

  it('a webhook: the delivery connects to the address checked, its retry is refused at the check; nothing reaches the loopback port', async () => {
    const acceptedBefore = checked.accepted;
    const url = `https://hooks.rebind.test:${port}/hook`;
    const webhook = (await api(app, owner).post(`/api/teams/${owner.teamId}/webhooks`).send({ url, eventTypes: ['budget.threshold'] }).expect(201)).body as WebhookWithSecretResponse;
    await app.get(DataSource).transaction((manager) => app.get(WebhookOutboxService).emit(manager, owner.teamId, 'budget.threshold', { percent: 80 }));
    // The first attempt connected to the address it checked (which closed the connection); the second
    // resolved again, got the loopback address and was refused before connecting.
    const [delivery] = await waitFor(async () => {
      const { items } = (await api(app, owner).get(`/api/teams/${owner.teamId}/webhooks/${webhook.id}/deliveries`).expect(200)).body as DeliveriesResponse;
      // Its attempt count rises when an attempt begins, so only the final status says the second one ended.
      return items[0]?.status === 'failed' ? items : undefined;
    }, 'both attempts of the delivery');
    expect(rebound.accepted).toBe(0);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 2, responseStatus: null });
    expect(delivery.error).toMatch(/resolves to a loopback address \(127\.0\.0\.1\), which outbound requests may not reach/);
    expect(checked.accepted).toBe(acceptedBefore + 1);
  });
});
