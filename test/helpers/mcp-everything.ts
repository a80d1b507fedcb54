import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { waitFor } from './mail-catcher.js';
import { freePort } from './ports.js';

/** The server's entry point: `node EVERYTHING stdio` speaks MCP over stdin and stdout. */
export const EVERYTHING = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');

/** `@modelcontextprotocol/server-everything` in Streamable HTTP mode on a free port, as a real process. */
export class EverythingServer {
  output = '';
  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
  }

  static async start(): Promise<EverythingServer> {
    const port = await freePort();
    const server = new EverythingServer(spawn(process.execPath, [EVERYTHING, 'streamableHttp'], { env: { ...process.env, PORT: String(port) } }), port);
    await waitFor(() => Promise.resolve(server.output.includes(`listening on port ${port}`)), 'the MCP server to listen', 15_000);
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }

  /** How many MCP POST requests it has received so far. */
  get posts(): number {
    return this.output.split('Received MCP POST request').length - 1;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }
}
