import { APP_VARIABLES, appSettings, type AppSettings } from './app.config.js';
import { AUTH_VARIABLES, authSettings, type AuthSettings } from './auth.config.js';
import { DATABASE_VARIABLES, databaseSettings, type DatabaseSettings } from './database.config.js';
import { readEnvironment, type RawEnvironment } from './environment.js';
import { HTTP_VARIABLES, httpSettings, type HttpSettings } from './http.config.js';
import { INVITATIONS_VARIABLES, type InvitationQuotas } from './invitations.config.js';
import { LIVE_VARIABLES, type LiveSettings } from './live.config.js';
import { LLM_VARIABLES, llmSettings, type LlmSettings } from './llm.config.js';
import { LOGIN_VARIABLES, type LoginSettings } from './login.config.js';
import { OIDC_VARIABLES, oidcSettings, type OidcSettings } from './oidc.config.js';
import { MAIL_VARIABLES, mailSettings, type MailSettings } from './mail.config.js';
import { MCP_VARIABLES, mcpSettings, type McpSettings } from './mcp.config.js';
import { OUTBOUND_VARIABLES, type OutboundSettings } from './outbound.config.js';
import { PLANS_VARIABLES, planSettings, type PlanSettings } from './plans.config.js';
import { REDIS_VARIABLES, type RedisSettings } from './redis.config.js';
import { RUNS_VARIABLES, type RunSettings } from './runs.config.js';
import { withSecrets } from './secrets.js';
import { TRACING_VARIABLES } from './tracing.config.js';
import { WEBHOOKS_VARIABLES, type WebhookSettings } from './webhooks.config.js';
import { STORAGE_VARIABLES, storageSettings, type StorageSettings } from './storage.config.js';

/** Every namespace's variables, in the order `.env.example` lists them. */
export const NAMESPACES = {
  app: APP_VARIABLES,
  http: HTTP_VARIABLES,
  database: DATABASE_VARIABLES,
  auth: AUTH_VARIABLES,
  oidc: OIDC_VARIABLES,
  invitations: INVITATIONS_VARIABLES,
  mail: MAIL_VARIABLES,
  storage: STORAGE_VARIABLES,
  llm: LLM_VARIABLES,
  runs: RUNS_VARIABLES,
  redis: REDIS_VARIABLES,
  live: LIVE_VARIABLES,
  plans: PLANS_VARIABLES,
  login: LOGIN_VARIABLES,
  outbound: OUTBOUND_VARIABLES,
  webhooks: WEBHOOKS_VARIABLES,
  mcp: MCP_VARIABLES,
  tracing: TRACING_VARIABLES,
};

/** The whole validated configuration, read through `ConfigService<AppConfig, true>`; one namespace per owner. */
export interface AppConfig {
  app: AppSettings;
  http: HttpSettings;
  database: DatabaseSettings;
  auth: AuthSettings;
  /** Null: single sign-on is off. */
  oidc: OidcSettings | null;
  invitations: InvitationQuotas;
  mail: MailSettings;
  storage: StorageSettings;
  llm: LlmSettings;
  runs: RunSettings;
  redis: RedisSettings;
  live: LiveSettings;
  plans: PlanSettings;
  login: LoginSettings;
  outbound: OutboundSettings;
  webhooks: WebhookSettings;
  mcp: McpSettings;
}

/**
 * Validates the environment once and derives every namespace from it; throws naming bad variables.
 * Entry points pass `process.env` with the embedded PostgreSQL's DATABASE_URL when they started one.
 */
export function loadConfiguration(raw: RawEnvironment = process.env): AppConfig {
  const values = readEnvironment(withSecrets(raw), NAMESPACES);
  const app = appSettings(values.app);
  return {
    app,
    http: httpSettings(values.http),
    database: databaseSettings(values.database),
    auth: authSettings(values.auth, app.publicUrl),
    oidc: oidcSettings(values.oidc, app.nodeEnv === 'production'),
    invitations: values.invitations,
    mail: mailSettings(values.mail, app.nodeEnv === 'production'),
    storage: storageSettings(values.storage),
    llm: llmSettings(values.llm, values.runs.stepTimeoutSeconds),
    runs: values.runs,
    redis: values.redis,
    live: values.live,
    plans: planSettings(values.plans),
    login: values.login,
    outbound: values.outbound,
    webhooks: values.webhooks,
    mcp: mcpSettings(values.mcp, app.nodeEnv === 'production', values.auth.jwtSecret ?? ''),
  };
}
