import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/configuration.js';
import { DatabaseClock } from './database-clock.js';
import { dataSourceOptions } from './data-source.js';
import { PreparedQueries } from './prepared-queries.js';
import { runMigrations } from './run-migrations.js';
import { untilDatabaseAvailable } from './until-database-available.js';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) => {
        const database = config.get('database', { infer: true });
        return { ...dataSourceOptions(database.url, database), autoLoadEntities: true };
      },
      dataSourceFactory: async (options) => {
        if (!options) throw new Error('TypeORM options missing');
        // Migrations on a connection of their own without the timeouts: one may take long, or
        // wait for another instance's under the advisory lock. Then the app's pool, with them.
        const migrator = await untilDatabaseAvailable('migrations', () => new DataSource(dataSourceOptions((options as { url: string }).url)).initialize());
        try {
          await runMigrations(migrator);
        } finally {
          await migrator.destroy();
        }
        return new DataSource(options).initialize();
      },
    }),
  ],
  providers: [PreparedQueries, DatabaseClock],
  exports: [PreparedQueries, DatabaseClock],
})
export class DatabaseModule {}
