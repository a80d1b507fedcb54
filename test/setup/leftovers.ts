import { createHook } from 'node:async_hooks';
import { relative } from 'node:path';

/**
 * What a test file leaves running once its own afterAll hooks are done: event-loop resources (an
 * app not closed, an interval, a socket or pool client), listeners on `process`, environment
 * variables written. A worker that runs several files (isolate: false) carries each file's
 * leftovers into the next, whose timers then fire between its tests and whose CPU it pays; a file
 * that leaves nothing can share a worker. `TEST_REPORT_LEFTOVERS=1` prints per file what it left;
 * `TEST_REPORT_LEFTOVERS=stacks` also says where each leftover timer or handle was created (an
 * async hook on every resource: far slower, for one file at a time).
 */
const mode = process.env.TEST_REPORT_LEFTOVERS;

if (mode) {
  // Installed once per worker: without isolation this file runs again before every test file.
  const installed = globalThis as { leftoverTrackers?: Trackers };
  installed.leftoverTrackers ??= install(mode);
  const { intervals, created } = installed.leftoverTrackers;
  let before: Snapshot;
  let file = 'unknown file';
  beforeAll(() => {
    created?.clear();
    intervals.clear();
    before = snapshot();
    file = relative(process.cwd(), expect.getState().testPath ?? file);
  });
  afterAll(async () => {
    // Handles closed by the file's last hooks end on the next turns of the event loop.
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    const left = difference(before, snapshot());
    // Unreferenced intervals do not show among the active resources, but they still fire.
    left.push(...[...intervals.values()].map((stack) => `interval created at\n${stack}`));
    if (created) left.push(...[...created.values()].filter((entry) => entry.alive()).map((entry) => `${entry.type} created at\n${entry.stack}`));
    if (left.length === 0) return;
    process.stderr.write(`[leftovers] ${file} (worker ${process.env.VITEST_POOL_ID}):\n  ${left.join('\n  ')}\n`);
  });
}

interface Trackers {
  intervals: Map<NodeJS.Timeout, string>;
  created?: Map<number, Creation>;
}

function install(mode: string): Trackers {
  if (mode === 'stacks') {
    Error.stackTraceLimit = 40;
    traceProcessListeners();
  }
  return { intervals: trackIntervals(), created: mode === 'stacks' ? trackCreations() : undefined };
}

interface Snapshot {
  resources: Map<string, number>;
  listeners: Map<string, number>;
  env: Record<string, string | undefined>;
}

function snapshot(): Snapshot {
  return {
    resources: counts(process.getActiveResourcesInfo()),
    listeners: new Map(process.eventNames().map((name) => [String(name), process.listenerCount(name)])),
    env: { ...process.env },
  };
}

function difference(before: Snapshot, after: Snapshot): string[] {
  const left: string[] = [];
  for (const [type, count] of after.resources) {
    const added = count - (before.resources.get(type) ?? 0);
    if (added > 0) left.push(`${added} × ${type}`);
  }
  for (const [name, count] of after.listeners) {
    const added = count - (before.listeners.get(name) ?? 0);
    if (added > 0) left.push(`${added} process '${name}' listener(s)`);
  }
  for (const name of new Set([...Object.keys(before.env), ...Object.keys(after.env)])) {
    if (before.env[name] !== after.env[name]) left.push(`env ${name} changed`);
  }
  return left;
}

function counts(names: string[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const name of names) result.set(name, (result.get(name) ?? 0) + 1);
  return result;
}

/** Intervals set and not yet cleared, with where they were set (few are set: a stack each is cheap). */
function trackIntervals(): Map<NodeJS.Timeout, string> {
  const live = new Map<NodeJS.Timeout, string>();
  const { setInterval: set, clearInterval: clear } = globalThis;
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
    const interval = set(...args);
    live.set(interval, ourFrames(new Error().stack));
    return interval;
  });
  globalThis.clearInterval = (interval?: NodeJS.Timeout | string | number) => {
    if (interval !== undefined) live.delete(interval as NodeJS.Timeout);
    clear(interval);
  };
  return live;
}

/** The frames of a stack in this project's code (not node_modules, not this file). */
function ourFrames(stack = ''): string {
  const frames = stack.split('\n').slice(2).filter((frame) => !frame.includes('node_modules') && !frame.includes('leftovers.ts'));
  return frames.slice(0, 6).map((frame) => `      ${frame.trim()}`).join('\n');
}

/** Prints where each listener on `process` is added. */
function traceProcessListeners(): void {
  for (const method of ['on', 'addListener', 'once', 'prependListener'] as const) {
    const add = process[method].bind(process) as (event: string | symbol, listener: (...args: unknown[]) => void) => NodeJS.Process;
    (process as unknown as Record<string, unknown>)[method] = (event: string | symbol, listener: (...args: unknown[]) => void) => {
      process.stderr.write(`[leftovers] process.${method}('${String(event)}') at\n${ourFrames(new Error().stack)}\n${new Error().stack}\n`);
      return add(event, listener);
    };
  }
}

interface Creation {
  type: string;
  stack: string;
  alive: () => boolean;
}

/** Every timer and handle created from now on, with the stack that created it, until it is destroyed. */
function trackCreations(): Map<number, Creation> {
  const live = new Map<number, Creation>();
  createHook({
    init(asyncId, type, _trigger, resource: { hasRef?: () => boolean }) {
      if (type === 'PROMISE' || type === 'TickObject' || type === 'Immediate' || type === 'Microtask') return;
      const stack = (new Error().stack ?? '').split('\n').filter((frame) => frame.includes(' at ') && !frame.includes('node:internal')).join('\n');
      const ref = new WeakRef(resource);
      live.set(asyncId, { type, stack, alive: () => ref.deref()?.hasRef?.() ?? false });
    },
    destroy(asyncId) {
      live.delete(asyncId);
    },
  }).enable();
  return live;
}
