import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ): 100 on Linux for every architecture it runs on here. */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time process `pid` has used so far (user + system, every thread), in milliseconds, read
 * from /proc. Unlike throughput, a process's CPU time per request barely moves when other processes
 * compete for the cores, so it compares builds on a busy machine.
 */
export function processCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, hence the last ')'): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
