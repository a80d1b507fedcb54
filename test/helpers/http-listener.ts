import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that records every request it gets and answers each with a small PDF: the
 * target of URLs the service must never fetch (a request to it is what a test looks for).
 */
export class HttpListener {
  readonly requests: Pick<IncomingMessage, 'method' | 'url'>[] = [];
  private readonly server: Server = createServer((req, res) => {
    this.requests.push({ method: req.method, url: req.url });
    res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4\n%%EOF\n');
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
