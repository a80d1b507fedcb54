import { S3rver } from './s3rver.js';
import { TcpProxy } from './tcp-proxy.js';

/**
 * s3rver behind a TCP proxy: `stop()` makes the store down as the app sees it (open connections cut,
 * new ones refused: ECONNREFUSED), `start()` brings it back on the same address with the same
 * objects. (Closing s3rver itself waits for the client's keep-alive connections to end.)
 */
export class StoppableS3 {
  private readonly server = new S3rver();
  private proxy?: TcpProxy;

  get endpoint(): string {
    return `http://127.0.0.1:${this.proxy?.port ?? 0}`;
  }

  get port(): number {
    return this.proxy?.port ?? 0;
  }

  async open(): Promise<void> {
    await this.server.start();
    this.proxy = await TcpProxy.start(this.server.endpoint);
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
    await this.server.close();
  }
}
