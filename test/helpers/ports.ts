import { createServer } from 'node:net';

/**
 * Ports are handed out below the kernel's ephemeral range (32768 and up on Linux), from a block of
 * 1,000 of their own per test worker, each at most once per process. A port the kernel picked for
 * `listen(0)` could be picked again at once for another worker's probe (or be in use as an
 * outgoing connection's local port) before a server started on it binds; then a health check
 * could be answered by another file's server while this one fails to bind.
 * The fault files run in a vitest process of their own beside the app files' (CI runs both lanes
 * at once), whose worker ids start at 1 again: worker n of a lane takes block TEST_PORT_BLOCK + n
 * (the app lane's TEST_PORT_BLOCK is the caller's, 0 unless set, the faults' five more, set by their
 * projects), or both lanes' first workers would hand out the same ports. Blocks stay below 12: 32768 and up is the kernel's.
 */
const BLOCK_SIZE = 1000;
const FIRST_BLOCK = 20_000;
const blockIndex = Number(process.env.TEST_PORT_BLOCK ?? 0) + Number(process.env.VITEST_POOL_ID ?? 0);
if (blockIndex > 11) throw new Error(`Port block ${blockIndex} would reach the kernel's ephemeral ports (32768 and up)`);
const block = FIRST_BLOCK + blockIndex * BLOCK_SIZE;
let next = 0;

/** A loopback port nothing listens on (for now): for a server to start on, or a refused connection. */
export async function freePort(): Promise<number> {
  while (next < BLOCK_SIZE) {
    const port = block + next++;
    if (await bindable(port)) return port;
  }
  throw new Error(`No free port left in ${block}–${block + BLOCK_SIZE - 1}`);
}

async function bindable(port: number): Promise<boolean> {
  const probe = createServer();
  const bound = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (bound) await new Promise<void>((resolve) => probe.close(() => resolve()));
  return bound;
}
