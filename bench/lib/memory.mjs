import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const probe = fileURLToPath(new URL('./memory-probe.mjs', import.meta.url));
const MiB = 1024 * 1024;

/** The resident set of process `pid` now, in bytes: VmRSS, read from /proc (nothing runs in the process). */
export function residentBytes(pid) {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

export const mebibytes = (bytes) => `${(bytes / MiB).toFixed(1)} MiB`;

/** "heap used 50.1 of 80.0 MiB, external 5.0 MiB, array buffers 1.2 MiB" from process.memoryUsage(). */
export function formatBreakdown({ heapUsed, heapTotal, external, arrayBuffers }) {
  return `heap used ${(heapUsed / MiB).toFixed(1)} of ${mebibytes(heapTotal)}, external ${mebibytes(external)} (array buffers ${mebibytes(arrayBuffers)})`;
}

/**
 * The memory of a service process, watched from outside: its resident set from /proc, and on
 * request the process's own breakdown from bench/lib/memory-probe.mjs. Start the process with
 * `nodeOptions` in its NODE_OPTIONS and hand its stdout lines to `onLog`, then `attach` its pid.
 */
export class MemoryWatch {
  nodeOptions = `--import=${probe}`;
  #pid;
  #waiting = [];

  onLog = (entry) => {
    if (entry.memoryProbe) this.#waiting.shift()?.(entry.memoryProbe);
  };

  attach(pid) {
    this.#pid = pid;
  }

  resident() {
    return residentBytes(this.#pid);
  }

  /** process.memoryUsage() of the process, after a full garbage collection if `forceGc`. */
  breakdown({ forceGc = false } = {}) {
    const reported = new Promise((resolve) => this.#waiting.push(resolve));
    process.kill(this.#pid, forceGc ? 'SIGURG' : 'SIGUSR2');
    return reported;
  }

  /**
   * Samples the resident set every `everyMs` and the breakdown every `breakdownEveryMs` until
   * `stop()`, which resolves with the peak and the breakdown sampled with the largest resident set.
   */
  sample({ everyMs = 100, breakdownEveryMs = 1000 } = {}) {
    let peak = this.resident();
    const breakdowns = [];
    // A process that died meanwhile fails `stop()`, rather than the bench before it cleans up.
    let failure;
    const guarded = (read) => () => {
      try {
        if (!failure) read();
      } catch (error) {
        failure = new Error(`process ${this.#pid} could not be sampled (did it exit?)`, { cause: error });
      }
    };
    const residentTimer = setInterval(guarded(() => (peak = Math.max(peak, this.resident()))), everyMs);
    const breakdownTimer = setInterval(guarded(() => breakdowns.push(this.breakdown())), breakdownEveryMs);
    return {
      stop: async () => {
        clearInterval(residentTimer);
        clearInterval(breakdownTimer);
        if (failure) throw failure;
        const reported = await Promise.all(breakdowns);
        return { peak, breakdownAtPeak: reported.reduce((largest, next) => (next.rss > (largest?.rss ?? 0) ? next : largest), undefined) };
      },
    };
  }
}
