import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundPolicy, OutboundUrlError, type Resolver } from './outbound-policy.js';
import { OutboundRequestError, safeFetch, type SafeFetchOptions } from './safe-fetch.js';

/** A real server on 127.0.0.1 whose routes the tests choose, recording the Host header of each request. */
let server: Server;
let port: number;
const hosts: string[] = [];
const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  '/ok': (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end(`got ${request.method} ${body}`));
  },
  '/redirect': (_request, response) => response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  '/big': (_request, response) => response.writeHead(200).end('x'.repeat(4096)),
  '/slow': (_request, response) => response.writeHead(200).write('first'),
};

beforeAll(async () => {
  server = createServer((request, response) => {
    hosts.push(request.headers.host ?? '');
    (routes[request.url ?? ''] ?? ((_req: IncomingMessage, res: ServerResponse) => res.writeHead(404).end()))(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** hooks.example.test resolves to 127.0.0.1 the first time and to a public address after: a rebinding name. */
function rebindingResolver(): Resolver & { calls: number } {
  const resolver = Object.assign(
    (hostname: string) => {
      resolver.calls += 1;
      if (hostname !== 'hooks.example.test') return Promise.reject(new Error('ENOTFOUND'));
      return Promise.resolve([{ address: resolver.calls === 1 ? '127.0.0.1' : '93.184.216.34', family: 4 as const }]);
    },
    { calls: 0 },
  );
  return resolver;
}

function options(allowed: string[], resolve: Resolver = rebindingResolver()): SafeFetchOptions {
  return { policy: new OutboundPolicy(allowed), timeoutMs: 2000, maxResponseBytes: 1024, resolve };
}

describe('safeFetch', () => {
  it('refuses a name that resolves to 127.0.0.1 unless it is allowed, before connecting', async () => {
    const before = hosts.length;
    await expect(safeFetch(`http://hooks.example.test:${port}/ok`, {}, options([]))).rejects.toThrow(OutboundUrlError);
    await expect(safeFetch(`https://hooks.example.test:${port}/ok`, {}, options([]))).rejects.toThrow(/resolves to a loopback address/);
    expect(hosts.length).toBe(before);
  });

  it('connects to the address it checked, resolving once, when the name is allowed', async () => {
    const resolve = rebindingResolver();
    const response = await safeFetch(`http://hooks.example.test:${port}/ok`, { method: 'POST', body: 'hello', headers: { 'content-type': 'text/plain' } }, options(['hooks.example.test'], resolve));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('got POST hello');
    // The socket's own look-up was pinned: a second answer (public here) was never asked for.
    expect(resolve.calls).toBe(1);
    expect(hosts.at(-1)).toBe(`hooks.example.test:${port}`);
  });

  it('reaches a listed address by its literal', async () => {
    const response = await safeFetch(`http://127.0.0.1:${port}/ok`, {}, options(['127.0.0.1']));
    expect(await response.text()).toBe('got GET ');
  });

  it('refuses a redirect, naming where it pointed', async () => {
    const error = await safeFetch(`http://127.0.0.1:${port}/redirect`, {}, options(['127.0.0.1'])).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundRequestError);
    expect((error as OutboundRequestError).reason).toBe('redirect');
    expect((error as Error).message).toMatch(/redirect \(302 to http:\/\/169\.254\.169\.254/);
  });

  it('fails a body larger than the cap', async () => {
    const response = await safeFetch(`http://127.0.0.1:${port}/big`, {}, options(['127.0.0.1']));
    await expect(response.text()).rejects.toThrow(/larger than 1024 bytes/);
  });

  it('times out a response that never ends', async () => {
    const response = await safeFetch(`http://127.0.0.1:${port}/slow`, { timeoutMs: 200 }, options(['127.0.0.1']));
    await expect(response.text()).rejects.toThrow(/timed out after 200 ms/);
  });

  it('times out a server that never answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    const error = await safeFetch(`http://127.0.0.1:${silentPort}/`, { timeoutMs: 200 }, options(['127.0.0.1'])).catch((caught: unknown) => caught);
    expect((error as OutboundRequestError).reason).toBe('timeout');
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('reports a refused connection as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await safeFetch(`http://127.0.0.1:${closedPort}/`, {}, options(['127.0.0.1'])).catch((caught: unknown) => caught);
    expect((error as OutboundRequestError).reason).toBe('network');
  });
});
