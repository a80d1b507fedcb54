import { createRequire } from 'node:module';
import { type WorkerKind, WorkerThread } from '../../common/worker-thread.js';

/** Native pixmap memory a worker may hold before it collects: about 6 of the 1024×576 cards. */
const UNCOLLECTED_PIXMAP_BYTES = 16 * 1024 * 1024;

/** A renderer idle this long exits, and its memory with it; the next image starts one (~100 ms). */
const IDLE_MS = 30_000;

const RESVG_PATH = createRequire(import.meta.url).resolve('@resvg/resvg-js');

// A worker of a few lines, given as source so it needs no file of its own beside the compiled
// app: it renders with resvg and encodes the PNG, both CPU-bound work of tens of milliseconds.
// resvg-js keeps each render's pixmap (2.4 MB for a 1024×576 card) in native memory that it never
// reports to V8, so no collection is ever due and an instance grew by that much with every image
// (#29). The worker collects its own heap once the pixmaps rendered since the last collection
// pass a bound, which frees them. Its synchronous \`render()\` leaks even then, so it renders with
// \`renderAsync\`, whose result is freed with its object. It is a child process, not a thread:
// glibc keeps the arenas a thread freed, so a thread's renders left the instance ~80 MB larger
// for good; a process's memory leaves with it when it idles out. (The source runs as a thread too,
// for the benchmark's comparison.)
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { renderAsync } = require(${JSON.stringify(RESVG_PATH)});
// A process is started with --expose-gc; a thread exposes it to itself.
const collect = globalThis.gc ?? (require('node:v8').setFlagsFromString('--expose-gc'), require('node:vm').runInNewContext('gc'));
const reply = (message) => (parentPort ? parentPort.postMessage(message) : process.send(message));
let uncollectedBytes = 0;
(parentPort ?? process).on('message', async ({ id, svg, options }) => {
  try {
    const image = await renderAsync(svg, options);
    const png = new Uint8Array(image.asPng());
    uncollectedBytes += image.width * image.height * 4;
    if (uncollectedBytes > ${UNCOLLECTED_PIXMAP_BYTES}) {
      uncollectedBytes = 0;
      collect();
    }
    reply({ id, result: png });
  } catch (error) {
    reply({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

const RENDER_OPTIONS = { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } };

/**
 * Renders SVG to PNG in a child process. resvg's `renderAsync` renders off the event loop but
 * encodes the PNG on it (about 10 ms for a 1024×576 card), which stalls every request and run
 * step of the instance meanwhile.
 */
export class SvgRenderer {
  private readonly worker: WorkerThread<{ svg: string; options: typeof RENDER_OPTIONS }, Uint8Array>;

  constructor(kind: WorkerKind = 'process') {
    this.worker = new WorkerThread(WORKER_SOURCE, 'SVG rendering', IDLE_MS, kind);
  }

  render(svg: string): Promise<Uint8Array> {
    return this.worker.run({ svg, options: RENDER_OPTIONS });
  }
}

export const svgRenderer = new SvgRenderer();
