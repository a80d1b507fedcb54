import { DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';

/**
 * Connection options shared by the app (through TypeOrmModule, which adds the entities each
 * feature registers) and the migration command. The schema comes from migrations only.
 */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    extra: { max: 20 },
  };
}

/** For the TypeORM CLI (`typeorm migration:create`, `migration:show`). */
export default new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/assistant'));
