import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DatabaseClock } from '../database/database-clock.js';
import { Metrics } from '../metrics/metrics.service.js';
import { budgetTokensOf } from './budget-counted.js';
import { UsageBuffer } from './usage-buffer.js';
import type { UsageAttribution, UsageKind } from '../llm/usage-attribution.js';

/** What a model call used, as its provider reported it. */
export interface ModelUsage {
  modelId: string;
  inputTokens: number;
  outputTokens: number;
  images: number;
}

/** Told of each call as it is recorded, before it is written (the budget's running totals): the tokens it spends of the budget. */
export type UsageListener = (teamId: string, budgetTokens: number) => void;

interface LedgerRow extends ModelUsage {
  attribution: UsageAttribution;
  kind: UsageKind;
  at: Date;
}

const FLUSH_INTERVAL_MS = 1000;
/** Rows per INSERT; a buffer this full is written at once rather than at the next tick. */
const BATCH_ROWS = 500;
/** Rows kept while the database cannot be written, about 10 MB. */
const BUFFER_CAPACITY = 50_000;

/**
 * The usage ledger's writer. `record` only appends to memory, so metering never waits for the
 * database, and a reply's stream never does; a timer writes the rows in batches of one INSERT
 * each. A failed write keeps its rows for the next try. The last rows are written when the app
 * closes, after the shutdown drain (replies finishing in the grace period are metered too).
 */
@Injectable()
export class UsageLedger implements BeforeApplicationShutdown {
  private readonly logger = new Logger(UsageLedger.name);
  private readonly buffer = new UsageBuffer<LedgerRow>(BUFFER_CAPACITY);
  private readonly timer: NodeJS.Timeout;
  private flushing?: Promise<void>;
  /** The batch being inserted: taken from the buffer, maybe not committed yet. */
  private writing: readonly LedgerRow[] = [];
  private readonly listeners: UsageListener[] = [];
  /** Budget reservations whose calls have ended: deleted once the rows recorded before them are written. */
  private settled: string[] = [];
  private warnedDrop = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly databaseClock: DatabaseClock,
    private readonly metrics: Metrics,
  ) {
    metrics.sampleOnScrape('usage-ledger', () => Promise.resolve(metrics.usageBuffered.set(this.buffer.size)));
    this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS).unref();
  }

  /** Records a call under the attribution its model was handed out with. */
  record(attribution: UsageAttribution, usage: ModelUsage, kind: UsageKind = attribution.kind): void {
    // The database's time (estimated from its last reading, no round trip), as the budget's month
    // is: a row's month is the same on every instance, whatever its own clock says.
    this.buffer.add({ ...usage, attribution, kind, at: this.databaseClock.estimate() });
    for (const listener of this.listeners) listener(attribution.teamId, budgetTokensOf(usage));
    if (this.buffer.dropped > 0 && !this.warnedDrop) {
      this.warnedDrop = true;
      this.logger.warn(`Usage ledger buffer full (${BUFFER_CAPACITY} rows, the database is not taking writes): dropping the oldest rows`);
    }
    if (this.buffer.size >= BATCH_ROWS) void this.flush();
  }

  /**
   * Settles a budget reservation (see BudgetService.reserve) whose calls have all been recorded: it
   * is deleted after their rows are written, so every instance counts the call all along, first as
   * reserved, then as used (both for a moment, never neither).
   */
  settle(reservationId: string): void {
    this.settled.push(reservationId);
    // The database has not taken writes for long: the oldest lapse by their expiry instead.
    if (this.settled.length > BUFFER_CAPACITY) this.settled.shift();
  }

  /** Rows recorded and not written yet. */
  get pendingRows(): number {
    return this.buffer.size;
  }

  onRecorded(listener: UsageListener): void {
    this.listeners.push(listener);
  }

  /**
   * A team's budget tokens recorded here since `since` that a read of the table may not see yet:
   * waiting rows and the batch being written (which a read may also see once it commits: counted
   * twice for that moment, never missed).
   */
  unwrittenBudgetTokens(teamId: string, since: Date): number {
    let tokens = 0;
    for (const row of [...this.writing, ...this.buffer.peek()]) {
      if (row.attribution.teamId === teamId && row.at >= since) tokens += budgetTokensOf(row);
    }
    return tokens;
  }

  /** Writes everything buffered (one flush at a time); resolves when done or when a write failed. */
  flush(): Promise<void> {
    this.flushing ??= this.writeAll().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
    await this.flush();
    if (this.buffer.size > 0) this.logger.error(`${this.buffer.size} usage rows could not be written before shutdown`);
  }

  private async writeAll(): Promise<void> {
    const settling = this.settled.splice(0);
    while (this.buffer.size > 0) {
      const batch = this.buffer.take(BATCH_ROWS);
      this.writing = batch;
      try {
        await this.insert(batch);
      } catch (error) {
        this.buffer.failed(batch);
        this.metrics.usageWriteFailures.inc();
        this.settled.unshift(...settling);
        this.logger.warn(`Usage ledger write failed, ${this.buffer.size} rows kept for the next try: ${String(error)}`);
        return;
      } finally {
        this.writing = [];
      }
      if (this.buffer.dropped > 0) this.logger.warn(`Usage ledger: ${this.buffer.dropped} rows were dropped while the database was not taking writes`);
      this.buffer.written();
      this.warnedDrop = false;
    }
    if (settling.length === 0) return;
    try {
      await this.dataSource.query('DELETE FROM token_reservations WHERE id = ANY($1::bigint[])', [settling]);
    } catch (error) {
      this.settled.unshift(...settling);
      this.logger.warn(`Could not settle ${settling.length} budget reservations, kept for the next try: ${String(error)}`);
    }
  }

  /**
   * One INSERT for the batch, from arrays (one parameter per column, whatever the batch size).
   * Rows of a team deleted meanwhile are skipped: they would fail the whole batch.
   */
  private async insert(rows: LedgerRow[]): Promise<void> {
    const column = <T>(value: (row: LedgerRow) => T) => rows.map(value);
    await this.dataSource.query(
      `INSERT INTO usage_records (team_id, user_id, conversation_id, workflow_id, run_id, step_index, kind, model_id, input_tokens, output_tokens, images, created_at)
       SELECT r.* FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::int[], $6::int[], $7::text[], $8::text[], $9::int[], $10::int[], $11::int[], $12::timestamptz[])
         AS r (team_id, user_id, conversation_id, workflow_id, run_id, step_index, kind, model_id, input_tokens, output_tokens, images, created_at)
       WHERE EXISTS (SELECT 1 FROM teams WHERE teams.id = r.team_id)`,
      [
        column((row) => row.attribution.teamId),
        column((row) => row.attribution.userId),
        column((row) => row.attribution.conversationId ?? null),
        column((row) => row.attribution.workflowId ?? null),
        column((row) => row.attribution.runId ?? null),
        column((row) => row.attribution.stepIndex ?? null),
        column((row) => row.kind),
        column((row) => row.modelId),
        column((row) => row.inputTokens),
        column((row) => row.outputTokens),
        column((row) => row.images),
        column((row) => row.at.toISOString()),
      ],
    );
  }
}
