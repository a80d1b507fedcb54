import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const RESVG_PATH = createRequire(import.meta.url).resolve('@resvg/resvg-js');

// A worker of a few lines, given as source so it needs no file of its own beside the compiled
// app: it renders with resvg and encodes the PNG, both CPU-bound work of tens of milliseconds.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { Resvg } = require(${JSON.stringify(RESVG_PATH)});
parentPort.on('message', ({ id, svg, options }) => {
  try {
    const png = new Uint8Array(new Resvg(svg, options).render().asPng());
    parentPort.postMessage({ id, png }, [png.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

const RENDER_OPTIONS = { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } };

type Reply = { id: number; png: Uint8Array; error?: undefined } | { id: number; error: string };
interface Pending {
  resolve(png: Uint8Array): void;
  reject(error: Error): void;
}

/**
 * Renders SVG to PNG on a worker thread. resvg's `renderAsync` renders off the event loop but
 * encodes the PNG on it (about 10 ms for a 1024×576 card), which stalls every request and run
 * step of the instance meanwhile. The worker is started on first use, keeps the process alive only
 * while it renders, and is replaced if it dies.
 */
class SvgRenderer {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  render(svg: string): Promise<Uint8Array> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const worker = this.ensureWorker();
      // Referenced only while it has work: an idle renderer never keeps the process alive.
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, svg, options: RENDER_OPTIONS });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.on('message', (reply: Reply) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.error === undefined) pending?.resolve(reply.png);
      else pending?.reject(new Error(`SVG rendering failed: ${reply.error}`));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The SVG renderer stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}

export const svgRenderer = new SvgRenderer();
