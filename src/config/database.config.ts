import type { EnvironmentVariables } from './env.validation.js';

export interface DatabaseSettings {
  /** Set by the operator, or by the embedded PostgreSQL started before the app (see main.ts). */
  url: string;
}

export function databaseSettings(env: EnvironmentVariables): DatabaseSettings {
  if (!env.DATABASE_URL) {
    throw new Error('DATABASE_URL is not set and no embedded PostgreSQL was started');
  }
  return { url: env.DATABASE_URL };
}
