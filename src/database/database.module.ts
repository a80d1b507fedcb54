import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/configuration.js';
import { dataSourceOptions } from './data-source.js';
import { runMigrations } from './run-migrations.js';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) => ({
        ...dataSourceOptions(config.get('database', { infer: true }).url),
        autoLoadEntities: true,
      }),
      dataSourceFactory: async (options) => {
        if (!options) throw new Error('TypeORM options missing');
        const dataSource = await new DataSource(options).initialize();
        await runMigrations(dataSource);
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
