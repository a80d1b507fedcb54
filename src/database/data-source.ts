import { DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import type { DatabaseSettings } from '../config/database.config.js';
import { pgTimeoutOptions } from './pg-timeouts.js';

/**
 * Connection options shared by the app (through TypeOrmModule, which adds the entities each
 * feature registers) and the migration command. The schema comes from migrations only.
 * The app's pool has its size and timeouts (`pool`); migrations run on two connections without them
 * (a migration may take long, and waits for another instance's under the advisory lock).
 */
export function dataSourceOptions(url: string, pool?: Pick<DatabaseSettings, 'timeouts' | 'poolMax'>): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    // Migrations hold two: the advisory lock's and the one TypeORM migrates on.
    extra: pool ? { max: pool.poolMax, ...pgTimeoutOptions(pool.timeouts) } : { max: 2 },
  };
}

/** For the TypeORM CLI (`typeorm migration:create`, `migration:show`). */
export default new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/assistant'));
