import { DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import type { DatabaseTimeouts } from '../config/database.config.js';
import { pgTimeoutOptions } from './pg-timeouts.js';

/**
 * Connection options shared by the app (through TypeOrmModule, which adds the entities each
 * feature registers) and the migration command. The schema comes from migrations only.
 * The app's pool has `timeouts`; migrations run without them (a migration may take long, and
 * waits for another instance's under the advisory lock).
 */
export function dataSourceOptions(url: string, timeouts?: DatabaseTimeouts): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    extra: { max: 20, ...(timeouts ? pgTimeoutOptions(timeouts) : {}) },
  };
}

/** For the TypeORM CLI (`typeorm migration:create`, `migration:show`). */
export default new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/assistant'));
