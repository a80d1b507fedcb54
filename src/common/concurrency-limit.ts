/**
 * Runs at most `limit` tasks at once; the others wait their turn in order. For bursts that would
 * otherwise all wait on the database pool at once (and time out there).
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` never drops and rises again.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
