import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Empties every table but the migrations table, and the job queue's jobs, so each test file starts
 * from nothing: run ids start again at 1, and no earlier file's job names one of them.
 */
export async function resetDatabase(app: INestApplication): Promise<void> {
  const dataSource = app.get(DataSource);
  const rows: { table: string }[] = await dataSource.query(
    `SELECT format('%I.%I', schemaname, tablename) AS table FROM pg_tables
     WHERE (schemaname = 'public' AND tablename <> 'migrations') OR (schemaname = 'pgboss' AND tablename = 'job')`,
  );
  if (rows.length === 0) return;
  const truncate = `TRUNCATE ${rows.map((row) => row.table).join(', ')} RESTART IDENTITY CASCADE`;
  // The app's own workers (the queue's polling, the sweeper) lock some of these tables while the
  // TRUNCATE locks them one by one, so PostgreSQL may pick the TRUNCATE as a deadlock's victim: the
  // worker's statement goes on, and the TRUNCATE, rolled back whole, is simply tried again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      // The audit trail refuses a TRUNCATE outside retention's transactions (its append-only trigger).
      await dataSource.transaction(async (manager) => {
        await manager.query(`SELECT set_config('audit.retention', 'on', true)`);
        await manager.query(truncate);
      });
      return;
    } catch (error) {
      if (attempt >= 5 || (error as { code?: string }).code !== DEADLOCK_DETECTED) throw error;
    }
  }
}

const DEADLOCK_DETECTED = '40P01';
