import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1: records every request, and answers each path with the statuses
 * the test queued for it (then 200).
 */
export class Receiver {
  readonly received: Received[] = [];
  readonly answers = new Map<string, number[]>();
  private readonly server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      this.received.push({ path, headers: request.headers, body });
      if (path === '/redirect') {
        response.writeHead(302, { location: `${this.base}/elsewhere` }).end();
        return;
      }
      const status = this.answers.get(path)?.shift() ?? (path.startsWith('/dead') ? 500 : 200);
      response.writeHead(status).end(status === 200 ? 'ok' : 'nope');
    });
  });
  base = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  at(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** The Standard Webhooks signature check written from the spec: HMAC-SHA256 of `id.timestamp.body` with the base64 secret, any `v1,` entry. */
export function verifiesBySpec(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = Buffer.from(createHmac('sha256', key).update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`).digest('base64'));
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

export function verifiesWithLibrary(secret: string, { headers, body }: Received): boolean {
  try {
    new Webhook(secret).verify(body, headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}
