// Preloaded into a service process by the benches' memory measurements (bench/lib/memory.mjs adds
// `--import` of this file to NODE_OPTIONS). It waits for a signal and does nothing else, so the
// process measured is the production one: SIGUSR2 prints one JSON line with process.memoryUsage()
// (heap, external, array buffers) to stdout, beside pino's lines; SIGURG forces a full garbage
// collection first (gc is exposed at that moment, not at start).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collectGarbage;

function report(forcedGc) {
  process.stdout.write(`${JSON.stringify({ memoryProbe: { forcedGc, ...process.memoryUsage() } })}\n`);
}

process.on('SIGUSR2', () => report(false));
process.on('SIGURG', () => {
  if (!collectGarbage) {
    setFlagsFromString('--expose-gc');
    collectGarbage = runInNewContext('gc');
  }
  collectGarbage();
  report(true);
});
