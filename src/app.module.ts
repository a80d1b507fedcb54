import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { type AppConfig, loadConfiguration } from './config/configuration.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './health/health.module.js';
import { LoggingModule } from './logging/logging.module.js';
import { TeamsModule } from './teams/teams.module.js';

@Module({})
export class AppModule {
  /**
   * Reads and validates the environment when called (not when this file is imported), so an
   * invalid value stops the start with a message naming it, and tests can boot with their own.
   */
  static forRoot(config: AppConfig = loadConfiguration()): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, ignoreEnvVars: true, load: [() => config] }),
        LoggingModule,
        DatabaseModule,
        HealthModule,
        TeamsModule,
      ],
    };
  }
}
