import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Abstract, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { AppModule } from '../../src/app.module.js';
import { APP_OPTIONS, configureApp } from '../../src/app.setup.js';
import { loadConfiguration } from '../../src/config/configuration.js';
import { TEST_ENV } from './test-env.js';

export interface TestAppOptions {
  /** Overrides environment variables (small rate limits, Redis, ...) for this app. */
  env?: Record<string, string>;
  /** Extra controllers, for probing shared mechanisms (error filter, rate-limit guard). */
  controllers?: Type[];
  /** Providers replaced by a value (a clock the test moves). */
  overrides?: { provide: Type | Abstract<unknown>; useValue: unknown }[];
  /** Registers AppModule's imports last to first: proves no route depends on which module Nest reads first. */
  reversedModules?: boolean;
}

/** Boots the whole AppModule with the production setup against the run's database. */
export async function createTestApp({ env = {}, controllers = [], overrides = [], reversedModules = false }: TestAppOptions = {}): Promise<NestExpressApplication> {
  const config = loadConfiguration({
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'assistant-test-data-')),
    ...TEST_ENV,
    ...env,
  });
  const appModule = AppModule.forRoot(config);
  if (reversedModules) appModule.imports = [...(appModule.imports ?? [])].reverse();
  const builder = Test.createTestingModule({ imports: [appModule], controllers });
  for (const { provide, useValue } of overrides) builder.overrideProvider(provide).useValue(useValue);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>(APP_OPTIONS);
  configureApp(app);
  await app.init();
  return app;
}
