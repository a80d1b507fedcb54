import { appSettings, type AppSettings } from './app.config.js';
import { authSettings, type AuthSettings } from './auth.config.js';
import { databaseSettings, type DatabaseSettings } from './database.config.js';
import { validateEnvironment } from './env.validation.js';
import { llmSettings, type LlmSettings } from './llm.config.js';
import { mailSettings, type MailSettings } from './mail.config.js';
import { withSecrets } from './secrets.js';
import { storageSettings, type StorageSettings } from './storage.config.js';
import { throttleSettings, type ThrottleSettings } from './throttle.config.js';

/** The whole validated configuration, read through `ConfigService<AppConfig, true>`. */
export interface AppConfig {
  app: AppSettings;
  database: DatabaseSettings;
  auth: AuthSettings;
  mail: MailSettings;
  storage: StorageSettings;
  llm: LlmSettings;
  throttle: ThrottleSettings;
}

/** Validates the environment once and derives every namespace from it; throws naming bad variables. */
export function loadConfiguration(raw: Record<string, unknown> = process.env): AppConfig {
  const env = validateEnvironment(withSecrets(raw));
  const app = appSettings(env);
  return {
    app,
    database: databaseSettings(env),
    auth: authSettings(env, app.publicUrl),
    mail: mailSettings(env),
    storage: storageSettings(env),
    llm: llmSettings(env),
    throttle: throttleSettings(env),
  };
}
