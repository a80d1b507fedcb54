/**
 * A stopwatch of the CPU time this thread spends (user + system), for tests that bound how much
 * work something does (a linear pass, not a quadratic one). Wall time would also count the time a
 * busy machine gives other processes, so such a bound would fail under load; CPU time does not
 * grow with the machine's load, only with the work.
 */
export function startCpuClock(): { ms: () => number } {
  const started = threadCpuMs();
  return { ms: () => threadCpuMs() - started };
}

function threadCpuMs(): number {
  // Node 22's per-thread figure; before it, the process's (also its other threads': an upper bound).
  const { user, system } = typeof process.threadCpuUsage === 'function' ? process.threadCpuUsage() : process.cpuUsage();
  return (user + system) / 1000;
}
