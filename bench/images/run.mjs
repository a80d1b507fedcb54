// Benchmark: the memory of rendering images (#29). Renders BENCH_IMAGES (1000) offline image cards,
// four at a time as concurrent runs would, and prints the process's resident set before, at its
// peak and after, in processes of their own: "renderer", the service's SVG renderer as it ships
// (src/assistant/tools/svg-renderer.ts, a child process), "thread", the same renderer on a worker
// thread as before, and "baseline", resvg's synchronous render with no collection, as at first.
// RSS counts the process and its children (the renderer's). Target: flat (a plateau, not growth
// with the count) and back within 10% of where it started once the renderer idles out.
// Run with `npm run bench:images` (builds first). Env: BENCH_IMAGES (1000).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const images = Number(process.env.BENCH_IMAGES ?? 1000);
const concurrency = 4;
const MiB = 1024 * 1024;
const pageBytes = 4096;

/** Resident bytes of this process and its children (Linux /proc: the renderer is a child). */
function rss() {
  let total = process.memoryUsage().rss;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields after the name: state, ppid, … rss (in pages) is the 22nd of them.
      if (Number(fields[1]) === process.pid) total += Number(fields[21]) * pageBytes;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

if (process.argv[2]) await soak(process.argv[2]);
else {
  for (const mode of ['baseline', 'thread', 'renderer']) {
    const line = await child(mode);
    console.log(`${mode.padEnd(9)} ${line}`);
  }
}

function child(mode) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [fileURLToPath(import.meta.url), mode], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (data) => (out += data));
    proc.on('error', reject);
    proc.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`${mode} exited with ${code}`))));
  });
}

async function soak(mode) {
  const { buildCardSvg } = await import('../../dist/src/assistant/tools/generate-image.tool.js');
  const render = await renderFunction(mode);
  const svgOf = (index) => buildCardSvg(`a lighthouse on a cliff at dawn, picture ${index}`, ['photo', 'illustration', 'poster'][index % 3]);
  await render(svgOf(images)); // loads the worker and resvg, so "before" is the renderer ready to work
  const before = rss();
  let peak = before;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < images) {
        await render(svgOf(next++));
        peak = Math.max(peak, rss());
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = rss();
  // The renderer's worker stops after 30 s idle; the baseline renders on this thread and has none.
  if (mode !== 'baseline') await new Promise((resolve) => setTimeout(resolve, 32_000));
  const idle = rss();
  const show = (bytes) => `${(bytes / MiB).toFixed(0)} MiB`;
  console.log(
    `${images} images in ${seconds.toFixed(1)} s: RSS before ${show(before)}, peak ${show(peak)}, after ${show(after)}, ` +
      `after idle ${show(idle)} (${(((idle - before) / before) * 100).toFixed(0)}% over before)`,
  );
}

async function renderFunction(mode) {
  if (mode !== 'baseline') {
    const { SvgRenderer } = await import('../../dist/src/assistant/tools/svg-renderer.js');
    const renderer = new SvgRenderer(mode === 'thread' ? 'thread' : 'process');
    return (svg) => renderer.render(svg);
  }
  const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js');
  const options = { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } };
  return async (svg) => new Resvg(svg, options).render().asPng();
}
