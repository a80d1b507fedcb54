import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TcpProxy } from './tcp-proxy.js';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverConstructor = new (options: { address: string; port: number; directory: string; silent: boolean }) => S3rverInstance;

/**
 * s3rver behind a TCP proxy: `stop()` makes the store down as the app sees it (open connections cut,
 * new ones refused: ECONNREFUSED), `start()` brings it back on the same address with the same
 * objects. (Closing s3rver itself waits for the client's keep-alive connections to end.)
 */
export class StoppableS3 {
  private server?: S3rverInstance;
  private proxy?: TcpProxy;
  private readonly directory = mkdtempSync(join(tmpdir(), 'assistant-test-s3-'));

  get endpoint(): string {
    return `http://127.0.0.1:${this.proxy?.port ?? 0}`;
  }

  get port(): number {
    return this.proxy?.port ?? 0;
  }

  async open(): Promise<void> {
    // s3rver ships no types and is CommonJS.
    const S3rver: S3rverConstructor = createRequire(import.meta.url)('s3rver');
    this.server = new S3rver({ address: '127.0.0.1', port: 0, directory: this.directory, silent: true });
    const { port } = await this.server.run();
    // Node closes a keep-alive connection idle for 5 s; a client sending on it just then reads
    // ECONNRESET (seen on a loaded machine, where a test's requests can be seconds apart). The
    // proxy cuts the connections when the test stops the store, so they may idle long here.
    this.server.httpServer!.keepAliveTimeout = 120_000;
    this.proxy = await TcpProxy.start(`http://127.0.0.1:${port}`);
  }

  stop(): Promise<void> {
    return this.proxy!.refuse();
  }

  /** Accepts connections and answers nothing (a store that hangs); `start()` resumes it. */
  freeze(): void {
    this.proxy!.freeze();
  }

  start(): Promise<void> {
    return this.proxy!.resume();
  }

  async close(): Promise<void> {
    await this.proxy?.close();
    await this.server?.close();
    rmSync(this.directory, { recursive: true, force: true });
  }
}
