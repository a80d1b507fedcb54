import { Worker } from 'node:worker_threads';

type Reply<Result> = { id: number; result: Result; error?: undefined } | { id: number; error: string };

interface Pending<Result> {
  resolve(result: Result): void;
  reject(error: Error): void;
}

/**
 * CPU-bound work on one worker thread, off the event loop. The worker is given as source (so the
 * compiled app needs no worker file beside it), gets `{id, ...request}` messages and answers
 * `{id, result}` or `{id, error}`. It is started on first use, referenced only while it has work
 * (an idle worker never keeps the process alive), and replaced if it dies. A worker idle for
 * `idleMs` is stopped: it is an isolate of its own with whatever it loaded (zxcvbn's word lists,
 * resvg), 10–17 MB of resident memory for work that comes rarely; the next call starts it again.
 */
export class WorkerThread<Request extends object, Result> {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending<Result>>();
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  /** `what`: what the worker does, for error messages ("SVG rendering"). */
  constructor(
    private readonly source: string,
    private readonly what: string,
    private readonly idleMs = 30_000,
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
      worker.postMessage({ id, ...request });
    });
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    this.failPending(new Error(`The worker for ${this.what} was stopped`));
    await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.source, { eval: true });
    worker.on('message', (reply: Reply<Result>) => {
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
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The worker for ${this.what} stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private failPending(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
