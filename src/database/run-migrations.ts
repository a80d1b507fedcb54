import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/** Any constant works: it names the lock that every instance takes before migrating. */
const MIGRATION_LOCK_ID = 7_245_001;

/**
 * Runs pending migrations while holding a PostgreSQL advisory lock, so instances that start
 * together migrate one after another instead of racing on the same DDL.
 */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0) {
      new Logger('Migrations').log(`Applied ${applied.map((migration) => migration.name).join(', ')}`);
    }
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await runner.release();
  }
}
