import { createRequire } from 'node:module';
import { WorkerThread } from '../../common/worker-thread.js';

/** Native pixmap memory a worker may hold before it collects: about 6 of the 1024×576 cards. */
const UNCOLLECTED_PIXMAP_BYTES = 16 * 1024 * 1024;

const RESVG_PATH = createRequire(import.meta.url).resolve('@resvg/resvg-js');

// A worker of a few lines, given as source so it needs no file of its own beside the compiled
// app: it renders with resvg and encodes the PNG, both CPU-bound work of tens of milliseconds.
// resvg-js keeps each render's pixmap (2.4 MB for a 1024×576 card) in native memory that it never
// reports to V8, so no collection is ever due and an instance grew by that much with every image
// (#29). The worker collects its own heap once the pixmaps rendered since the last collection
// pass a bound, which frees them. Its synchronous \`render()\` leaks even then, so it renders with
// \`renderAsync\`, whose result is freed with its object.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { setFlagsFromString } = require('node:v8');
const { runInNewContext } = require('node:vm');
const { renderAsync } = require(${JSON.stringify(RESVG_PATH)});
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc');
let uncollectedBytes = 0;
parentPort.on('message', async ({ id, svg, options }) => {
  try {
    const image = await renderAsync(svg, options);
    const png = new Uint8Array(image.asPng());
    uncollectedBytes += image.width * image.height * 4;
    if (uncollectedBytes > ${UNCOLLECTED_PIXMAP_BYTES}) {
      uncollectedBytes = 0;
      collect();
    }
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
