import type { DataSource } from 'typeorm';

/**
 * Columns that change with no request behind them: the mail outbox's delivery bookkeeping (its
 * worker polls on its own) and when a session was last used (written at most once a minute).
 */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  mail_outbox: ['status', 'attempts', 'next_attempt_at', 'last_error', 'sent_at', 'message_id'],
  sessions: ['last_used_at'],
};

/** Rows a refused request writes on purpose, left out: a failed sign-in is recorded in the audit trail. */
const RECORDED_REFUSALS: Record<string, string> = {
  audit_events: "action <> 'auth.sign_in_failed'",
};

/**
 * Tables whose rows come and go with no request behind them: a budget reservation is settled when
 * the usage ledger's buffer is written, after the reply that made it has answered.
 */
const SETTLED_LATER = new Set(['token_reservations']);

/** Every application table's row count and a checksum of its rows: `{ table: 'count:md5' }`. */
export async function snapshotDatabase(dataSource: DataSource): Promise<Record<string, string>> {
  const tables = await dataSource.query<{ tablename: string }[]>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations' ORDER BY tablename`,
  );
  const selects = tables.filter(({ tablename }) => !SETTLED_LATER.has(tablename)).map(({ tablename }) => {
    const volatile = (VOLATILE_COLUMNS[tablename] ?? []).map((column) => `'${column}'`).join(', ');
    return `SELECT '${tablename}' AS name, count(*)::text || ':' || md5(coalesce(string_agg(r, ',' ORDER BY r), '')) AS state
              FROM (SELECT (to_jsonb(t) - ARRAY[${volatile}]::text[])::text AS r FROM "${tablename}" t WHERE ${RECORDED_REFUSALS[tablename] ?? 'true'}) rows`;
  });
  const rows = await dataSource.query<{ name: string; state: string }[]>(selects.join(' UNION ALL '));
  return Object.fromEntries(rows.map((row) => [row.name, row.state]));
}
