import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source.js';
import { startEmbeddedPostgresIfUnconfigured } from './embedded-postgres.js';
import { runMigrations } from './run-migrations.js';

/** `npm run migration:run`: applies pending migrations to DATABASE_URL (or the embedded server). */
async function main(): Promise<void> {
  const { env, embedded } = await startEmbeddedPostgresIfUnconfigured();
  const dataSource = await new DataSource(dataSourceOptions(env.DATABASE_URL ?? '')).initialize();
  try {
    await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
