import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

type Reply<Result> = { id: number; result: Result; error?: undefined } | { id: number; error: string };

interface Pending<Result> {
  resolve(result: Result): void;
  reject(error: Error): void;
}

/**
 * Where the work runs: a worker thread of this process, or a child process of its own (whose
 * memory, native allocations included, goes back to the system when it exits).
 */
export type WorkerKind = 'thread' | 'process';

/** A started worker, thread or process: the few things done with either. */
interface Started {
  readonly events: Worker | ChildProcess;
  post(message: object): void;
  ref(): void;
  unref(): void;
  stop(): Promise<void>;
}

/**
 * CPU-bound work on one worker, off the event loop. The worker is given as source (so the
 * compiled app needs no worker file beside it), gets `{id, ...request}` messages and answers
 * `{id, result}` or `{id, error}` (a thread through `parentPort`, a process through
 * `process.on('message')` and `process.send`). It is started on first use, referenced only while
 * it has work (an idle worker never keeps the process alive), and replaced if it dies. A worker
 * idle for `idleMs` is stopped: it is an isolate of its own with whatever it loaded (zxcvbn's word
 * lists, resvg), 10–17 MB of resident memory for work that comes rarely; the next call starts it again.
 */
export class WorkerThread<Request extends object, Result> {
  private worker: Started | undefined;
  private readonly pending = new Map<number, Pending<Result>>();
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  /** `what`: what the worker does, for error messages ("SVG rendering"). */
  constructor(
    private readonly source: string,
    private readonly what: string,
    private readonly idleMs = 30_000,
    private readonly kind: WorkerKind = 'thread',
  ) {}

  /** Whether a worker is started (for tests: an idle one is stopped). */
  get started(): boolean {
    return this.worker !== undefined;
  }

  run(request: Request): Promise<Result> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const worker = this.ensureWorker();
      clearTimeout(this.idleTimer);
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.post({ id, ...request });
    });
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    this.failPending(new Error(`The worker for ${this.what} was stopped`));
    await worker.stop();
  }

  private ensureWorker(): Started {
    if (this.worker) return this.worker;
    const worker = this.kind === 'thread' ? startThread(this.source) : startProcess(this.source);
    worker.events.on('message', (reply: Reply<Result>) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) {
        worker.unref();
        this.idleTimer = setTimeout(() => void this.close(), this.idleMs).unref();
      }
      if (reply.error === undefined) pending?.resolve(reply.result);
      else pending?.reject(new Error(`${this.what} failed: ${reply.error}`));
    });
    // A worker that is no longer the current one (stopped when idle or at close) is not news.
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failPending(error);
    };
    worker.events.on('error', fail);
    worker.events.on('exit', (code: number | null) => fail(new Error(`The worker for ${this.what} stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private failPending(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

function startThread(source: string): Started {
  const worker = new Worker(source, { eval: true });
  return {
    events: worker,
    post: (message) => worker.postMessage(message),
    ref: () => worker.ref(),
    unref: () => worker.unref(),
    stop: async () => {
      await worker.terminate();
    },
  };
}

/**
 * Node running `source` with an IPC channel; structured-clone serialization, so typed arrays
 * (a PNG) cross as they are, not as JSON. Its output goes to this process's.
 */
function startProcess(source: string): Started {
  const child = spawn(process.execPath, ['--expose-gc', '-e', source], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  // The IPC channel holds the event loop open by itself: it follows ref and unref as the process does.
  const channel = () => child.channel as { ref(): void; unref(): void } | null | undefined;
  return {
    events: child,
    post: (message) => child.send(message),
    ref: () => {
      child.ref();
      channel()?.ref();
    },
    unref: () => {
      child.unref();
      channel()?.unref();
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    },
  };
}
