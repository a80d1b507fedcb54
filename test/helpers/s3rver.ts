import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverConstructor = new (options: { address: string; port: number; directory: string; silent: boolean }) => S3rverInstance;

/**
 * Node closes a keep-alive connection idle for 5 s. A client that sends on it just then reads
 * ECONNRESET, and on a loaded machine (where the client, the app and the server share one busy
 * event loop, and a test's requests can be seconds apart) the client may not yet have seen the
 * close. A test's S3 servers keep idle connections longer than any test runs.
 */
const TEST_KEEP_ALIVE_MS = 600_000;

/** Keeps a test's HTTP server's idle keep-alive connections open for TEST_KEEP_ALIVE_MS. */
export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = TEST_KEEP_ALIVE_MS;
}

/**
 * For a test's own S3 client: a new connection per request, so no request is ever sent on a
 * connection the server is closing.
 */
export const oneConnectionPerRequest = new Agent({ keepAlive: false });

/** A local S3 server (s3rver) storing objects in a scratch folder of its own. */
export class S3rver {
  private instance?: S3rverInstance;
  private readonly directory = mkdtempSync(join(tmpdir(), 'assistant-test-s3-'));
  port = 0;

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    // s3rver ships no types and is CommonJS.
    const Constructor: S3rverConstructor = createRequire(import.meta.url)('s3rver');
    this.instance = new Constructor({ address: '127.0.0.1', port: 0, directory: this.directory, silent: true });
    this.port = (await this.instance.run()).port;
    keepIdleConnections(this.instance.httpServer!);
  }

  async close(): Promise<void> {
    // Idle keep-alive connections would hold close() for TEST_KEEP_ALIVE_MS.
    this.instance?.httpServer?.closeIdleConnections();
    await this.instance?.close();
    rmSync(this.directory, { recursive: true, force: true });
  }
}
