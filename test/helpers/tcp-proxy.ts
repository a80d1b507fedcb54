import { createServer, type Server, type Socket, connect } from 'node:net';

interface Pair {
  client: Socket;
  upstream: Socket;
  /** Bytes held while frozen, per direction, sent in order on resume. */
  toUpstream: Buffer[];
  toClient: Buffer[];
  /** The end of what the client sent last, so a statement split across two reads is still seen. */
  tail: Buffer;
  /** Set when this connection carried the statement a cut waits for: the server's answer is kept from the client. */
  answering?: Buffer;
}

/** Where `cutAt` cuts: before the statement reaches the server, or once the server has answered it. */
export type CutPoint = 'before' | 'after-answer';

/** PostgreSQL's ReadyForQuery message: the server has finished (and committed) what it was sent. */
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5]);

/**
 * A TCP proxy in front of a server (here PostgreSQL), which a test can turn into an outage:
 * `refuse()` closes every connection and refuses new ones (the server is down), `freeze()` keeps
 * accepting but moves no byte either way (the server is stopped with SIGSTOP: the kernel still
 * accepts, nobody answers), `resume()` brings it back (held bytes are delivered, as a SIGCONT would).
 */
export class TcpProxy {
  private server: Server;
  private readonly pairs = new Set<Pair>();
  private frozen = false;
  private refusing = false;
  private cut?: { needle: Buffer; point: CutPoint; done: () => void };
  /** Called once the server's answer to the statement cut after has come (and been kept). */
  private answered?: () => void;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
    readonly port: number,
  ) {
    this.server = this.createServer();
  }

  /** Starts a proxy on a free loopback port for the server of `databaseUrl`. */
  static async start(databaseUrl: string): Promise<TcpProxy> {
    const target = new URL(databaseUrl);
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    if (!address || typeof address === 'string') throw new Error('No port');
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432), address.port);
    await proxy.listen();
    return proxy;
  }

  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** Connections currently open through the proxy. */
  get connections(): number {
    return this.pairs.size;
  }

  /** The server is down: open connections are cut, new ones refused. */
  async refuse(): Promise<void> {
    if (this.refusing) return;
    this.refusing = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const pair of this.pairs) this.drop(pair);
    await closed;
  }

  /**
   * The server goes down (as `refuse`) exactly at a statement: the first time a client sends bytes
   * containing `needle`. `before`: the statement never reaches the server. `after-answer`: the
   * server gets it, runs and commits it, and its answer is lost with the connection (the client
   * cannot know whether it was stored). Resolves once the cut has happened.
   */
  cutAt(needle: string, point: CutPoint): Promise<void> {
    return new Promise((resolve) => (this.cut = { needle: Buffer.from(needle), point, done: resolve }));
  }

  /** The server stops answering: connections are accepted and kept, but no byte moves. */
  freeze(): void {
    this.frozen = true;
  }

  /** Back to normal: listening again after `refuse`, held bytes delivered after `freeze`. */
  async resume(): Promise<void> {
    this.frozen = false;
    for (const pair of this.pairs) {
      for (const chunk of pair.toUpstream.splice(0)) pair.upstream.write(chunk);
      for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
    }
    if (this.refusing) {
      this.refusing = false;
      this.server = this.createServer();
      await this.listen();
    }
  }

  async close(): Promise<void> {
    this.frozen = false;
    for (const pair of this.pairs) this.drop(pair);
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private createServer(): Server {
    return createServer((client) => this.accept(client));
  }

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  private accept(client: Socket): void {
    const upstream = connect(this.targetPort, this.targetHost);
    const pair: Pair = { client, upstream, toUpstream: [], toClient: [], tail: Buffer.alloc(0) };
    this.pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (this.cutsAt(pair, chunk)) return;
      if (this.frozen) pair.toUpstream.push(chunk);
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (pair.answering) return this.holdAnswer(pair, chunk);
      if (this.frozen) pair.toClient.push(chunk);
      else client.write(chunk);
    });
    // Either side going away takes the other with it, as a dead server or client would.
    for (const socket of [client, upstream]) {
      socket.on('error', () => this.drop(pair));
      socket.on('close', () => this.drop(pair));
    }
  }

  /** Whether `chunk` from the client is where the cut happens and must not be sent on. */
  private cutsAt(pair: Pair, chunk: Buffer): boolean {
    const cut = this.cut;
    if (!cut) return false;
    const seen = Buffer.concat([pair.tail, chunk]);
    pair.tail = seen.subarray(Math.max(0, seen.length - cut.needle.length));
    if (!seen.includes(cut.needle)) return false;
    this.cut = undefined;
    if (cut.point === 'after-answer') {
      pair.answering = Buffer.alloc(0);
      this.answered = cut.done;
      return false;
    }
    void this.refuse().then(cut.done);
    return true;
  }

  /** The server's answer to the statement cut after: kept from the client; once complete, the server goes down. */
  private holdAnswer(pair: Pair, chunk: Buffer): void {
    pair.answering = Buffer.concat([pair.answering ?? Buffer.alloc(0), chunk]);
    const answer = pair.answering;
    if (answer.length < 6 || !answer.subarray(answer.length - 6, answer.length - 1).equals(READY_FOR_QUERY)) return;
    const done = this.answered;
    this.answered = undefined;
    void this.refuse().then(() => done?.());
  }

  private drop(pair: Pair): void {
    if (!this.pairs.delete(pair)) return;
    pair.client.destroy();
    pair.upstream.destroy();
  }
}
