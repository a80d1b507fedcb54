import { WorkerThread } from './worker-thread.js';

/** Doubles `n`, or fails for a negative one. */
const DOUBLER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, n }) => parentPort.postMessage(n < 0 ? { id, error: 'negative' } : { id, result: n * 2 }));
`;

/** DOUBLER as a child process speaks it. */
const PROCESS_DOUBLER = `
process.on('message', ({ id, n }) => process.send(n < 0 ? { id, error: 'negative' } : { id, result: n * 2 }));
`;

describe('WorkerThread', () => {
  // The idle time is a timer the test moves, so a slow machine cannot stretch it; the worker's
  // answers are real messages, awaited.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('answers requests, and stops its worker once idle, starting a new one for the next request', async () => {
    const thread = new WorkerThread<{ n: number }, number>(DOUBLER, 'Doubling', 100);
    expect(thread.started).toBe(false);
    expect(await Promise.all([thread.run({ n: 1 }), thread.run({ n: 2 })])).toEqual([2, 4]);
    expect(thread.started).toBe(true);
    vi.advanceTimersByTime(99);
    expect(thread.started).toBe(true);
    vi.advanceTimersByTime(1);
    expect(thread.started).toBe(false);
    expect(await thread.run({ n: 3 })).toBe(6);
    await thread.close();
  });

  it('keeps a worker that gets work again before its idle time is up', async () => {
    const thread = new WorkerThread<{ n: number }, number>(DOUBLER, 'Doubling', 300);
    for (let round = 0; round < 4; round++) {
      expect(await thread.run({ n: round })).toBe(round * 2);
      vi.advanceTimersByTime(299);
      expect(thread.started).toBe(true);
    }
    await thread.close();
  });

  it("rejects the worker's own errors, and what is pending when it is closed", async () => {
    const thread = new WorkerThread<{ n: number }, number>(DOUBLER, 'Doubling');
    await expect(thread.run({ n: -1 })).rejects.toThrow('Doubling failed: negative');
    const pending = expect(thread.run({ n: 5 })).rejects.toThrow('The worker for Doubling was stopped');
    await thread.close();
    await pending;
    expect(await thread.run({ n: 4 })).toBe(8);
    await thread.close();
  });

  it('runs the same way in a child process, which exits once idle and when closed', async () => {
    const worker = new WorkerThread<{ n: number }, number>(PROCESS_DOUBLER, 'Doubling', 100, 'process');
    expect(await Promise.all([worker.run({ n: 1 }), worker.run({ n: 2 })])).toEqual([2, 4]);
    await expect(worker.run({ n: -1 })).rejects.toThrow('Doubling failed: negative');
    vi.advanceTimersByTime(100);
    expect(worker.started).toBe(false);
    expect(await worker.run({ n: 3 })).toBe(6);
    const pending = expect(worker.run({ n: 5 })).rejects.toThrow('The worker for Doubling was stopped');
    await worker.close();
    await pending;
  });
});
