/**
 * Rows waiting to be written, oldest first, at most `capacity`: past it the oldest are dropped,
 * since the database has been unreachable for long and memory must not grow without end. A batch
 * taken for writing that fails is handed back, to be written first next time.
 */
export class UsageBuffer<Row> {
  private rows: Row[] = [];
  private droppedSinceWrite = 0;

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.rows.length;
  }

  /** Rows dropped since the last batch was written. */
  get dropped(): number {
    return this.droppedSinceWrite;
  }

  add(row: Row): void {
    this.rows.push(row);
    this.trim();
  }

  /** The rows waiting, oldest first, left where they are. */
  peek(): readonly Row[] {
    return this.rows;
  }

  /** Up to `max` of the oldest rows, taken out. */
  take(max: number): Row[] {
    return this.rows.splice(0, max);
  }

  written(): void {
    this.droppedSinceWrite = 0;
  }

  failed(batch: Row[]): void {
    this.rows.unshift(...batch);
    this.trim();
  }

  private trim(): void {
    const excess = this.rows.length - this.capacity;
    if (excess <= 0) return;
    this.rows.splice(0, excess);
    this.droppedSinceWrite += excess;
  }
}
