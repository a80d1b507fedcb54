import { createRequire } from 'node:module';
import { WorkerThread } from '../../common/worker-thread.js';

const RESVG_PATH = createRequire(import.meta.url).resolve('@resvg/resvg-js');

// A worker of a few lines, given as source so it needs no file of its own beside the compiled
// app: it renders with resvg and encodes the PNG, both CPU-bound work of tens of milliseconds.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { Resvg } = require(${JSON.stringify(RESVG_PATH)});
parentPort.on('message', ({ id, svg, options }) => {
  try {
    const png = new Uint8Array(new Resvg(svg, options).render().asPng());
    parentPort.postMessage({ id, result: png }, [png.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

const RENDER_OPTIONS = { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } };

/**
 * Renders SVG to PNG on a worker thread. resvg's `renderAsync` renders off the event loop but
 * encodes the PNG on it (about 10 ms for a 1024×576 card), which stalls every request and run
 * step of the instance meanwhile.
 */
class SvgRenderer {
  private readonly worker = new WorkerThread<{ svg: string; options: typeof RENDER_OPTIONS }, Uint8Array>(WORKER_SOURCE, 'SVG rendering');

  render(svg: string): Promise<Uint8Array> {
    return this.worker.run({ svg, options: RENDER_OPTIONS });
  }
}

export const svgRenderer = new SvgRenderer();
