import { plainToInstance } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
  validateSync,
} from 'class-validator';
import { Type } from 'class-transformer';

const URL_OPTIONS = { require_tld: false, require_protocol: true };

/**
 * Every environment variable the service reads. A missing or invalid value stops the start
 * with a message naming it; `.env.example` documents each one.
 */
export class EnvironmentVariables {
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: 'development' | 'production' | 'test';

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  METRICS_HOST?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(300)
  METRICS_SAMPLE_INTERVAL_SECONDS?: number;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// connection URL' })
  DATABASE_URL?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(300_000)
  DATABASE_CONNECT_TIMEOUT_MS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(86_400_000)
  DATABASE_STATEMENT_TIMEOUT_MS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(86_400_000)
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(86_400_000)
  DATABASE_QUERY_TIMEOUT_MS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(2)
  @Max(1000)
  DATABASE_POOL_MAX?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(2)
  @Max(1000)
  DATABASE_QUEUE_POOL_MAX?: number;

  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET: string;

  @IsString()
  @MinLength(32, { message: 'APPROVAL_TOKEN_SECRET must be at least 32 characters' })
  APPROVAL_TOKEN_SECRET: string;

  @IsOptional()
  @IsIn(['direct', 'confirm'], { message: 'APPROVAL_LINKS must be direct or confirm' })
  APPROVAL_LINKS?: 'direct' | 'confirm';

  @IsOptional()
  @IsUrl(URL_OPTIONS)
  PUBLIC_URL?: string;

  @IsOptional()
  @IsUrl(URL_OPTIONS)
  FRONTEND_URL?: string;

  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsOptional()
  @IsIn(['smtp', 'outbox'], { message: 'MAIL_DELIVERY must be smtp or outbox' })
  MAIL_DELIVERY?: 'smtp' | 'outbox';

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  MAIL_FROM?: string;

  @IsOptional()
  @IsUrl(URL_OPTIONS)
  S3_ENDPOINT?: string;

  @ValidateIf((env: EnvironmentVariables) => env.S3_ENDPOINT !== undefined)
  @IsString({ message: 'S3_ACCESS_KEY is required when S3_ENDPOINT is set' })
  @IsNotEmpty({ message: 'S3_ACCESS_KEY is required when S3_ENDPOINT is set' })
  S3_ACCESS_KEY?: string;

  @ValidateIf((env: EnvironmentVariables) => env.S3_ENDPOINT !== undefined)
  @IsString({ message: 'S3_SECRET_KEY is required when S3_ENDPOINT is set' })
  @IsNotEmpty({ message: 'S3_SECRET_KEY is required when S3_ENDPOINT is set' })
  S3_SECRET_KEY?: string;

  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a valid bucket name' })
  S3_BUCKET?: string;

  @IsOptional()
  @IsUrl(URL_OPTIONS)
  S3_PUBLIC_URL?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(600_000)
  S3_REQUEST_TIMEOUT_MS?: number;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  OPENAI_API_KEY?: string;

  @IsOptional()
  @IsUrl(URL_OPTIONS)
  OPENAI_BASE_URL?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  DEFAULT_MODEL?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(5000)
  OFFLINE_MODEL_CHUNK_DELAY_MS?: number;

  /** JSON of prices per model; parsed and checked in parseModelPrices. */
  @IsOptional()
  @IsString()
  MODEL_PRICES?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  STREAM_FLUSHES_PER_SECOND?: number;

  /** Input plus output tokens a team of the plan may use per calendar month (UTC); 0 is unlimited. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  MONTHLY_TOKENS_FREE?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  MONTHLY_TOKENS_PRO?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  MONTHLY_TOKENS_ENTERPRISE?: number;

  /** The most tokens one model call of a reply or run step may write; also what a reply reserves of the budget for its output. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(16)
  @Max(1_000_000)
  REPLY_MAX_OUTPUT_TOKENS?: number;

  /** How long a finished reply's store is retried while the database is unavailable, before its client is told it was not saved. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(600)
  REPLY_STORE_RETRY_SECONDS?: number;

  /** How long a budget reservation counts when nobody settles it (its instance died); longer than RUN_STEP_TIMEOUT_SECONDS. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(60)
  @Max(86_400)
  BUDGET_RESERVATION_SECONDS?: number;

  @IsOptional()
  @Matches(/^[1-9]\d*(kb|mb)$/i, { message: 'CHAT_FILE_MAX_SIZE must look like 512kb or 3mb' })
  CHAT_FILE_MAX_SIZE?: string;

  @IsOptional()
  @Matches(/^[1-9]\d*(kb|mb)$/i, { message: 'CHAT_REQUEST_FILES_MAX_SIZE must look like 512kb or 3mb' })
  CHAT_REQUEST_FILES_MAX_SIZE?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3600)
  RUN_STEP_TIMEOUT_SECONDS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10)
  RUN_STEP_ATTEMPTS?: number;

  /** The first pause before a step's failed call is tried again, doubling after each (default 1000 ms). */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(30_000)
  RUN_STEP_RETRY_BASE_MS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3600)
  RUN_SWEEP_SECONDS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LIVE_STREAM_TTL_SECONDS?: number;

  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(50)
  @Max(60_000)
  REDIS_COMMAND_TIMEOUT_MS?: number;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  DATA_DIR?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  DASHBOARD_DIR?: string;

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: string;

  @IsOptional()
  @Matches(/^\d+(kb|mb)$/i, { message: 'BODY_LIMIT must look like 512kb or 5mb' })
  BODY_LIMIT?: string;

  @IsOptional()
  @Matches(/^\d+(kb|mb)$/i, { message: 'DEFAULT_BODY_LIMIT must look like 64kb or 1mb' })
  DEFAULT_BODY_LIMIT?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  TRUST_PROXY_HOPS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(600)
  SHUTDOWN_GRACE_SECONDS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  HEALTH_MIN_FREE_DISK_MB?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(300_000)
  HTTP_HEADERS_TIMEOUT_MS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  HTTP_REQUEST_TIMEOUT_MS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(600_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(10)
  @Max(1_000_000)
  HTTP_MAX_CONNECTIONS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  OPEN_STREAMS_PER_USER?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  OPEN_STREAMS_PER_TEAM?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  OPEN_STREAMS_PER_INSTANCE?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  SESSION_TTL_HOURS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(300)
  SESSION_CACHE_SECONDS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3650)
  API_TOKEN_DEFAULT_DAYS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3650)
  API_TOKEN_MAX_DAYS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(24 * 90)
  INVITATION_TTL_HOURS?: number;

  @IsOptional()
  @IsIn(['open', 'invite', 'closed'], { message: 'SIGNUP must be open, invite or closed' })
  SIGNUP?: 'open' | 'invite' | 'closed';

  @IsOptional()
  @IsIn(['enabled', 'disabled'], { message: 'PASSWORD_LOGIN must be enabled or disabled' })
  PASSWORD_LOGIN?: 'enabled' | 'disabled';

  @IsOptional()
  @IsIn(['optional', 'required'], { message: 'EMAIL_VERIFICATION must be optional or required' })
  EMAIL_VERIFICATION?: 'optional' | 'required';

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(24 * 30)
  EMAIL_VERIFICATION_TTL_HOURS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  INVITATIONS_PER_TEAM_PER_HOUR?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  INVITATIONS_PER_TEAM_PER_DAY?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  INVITATIONS_PER_INVITER_PER_HOUR?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  INVITATIONS_PER_INVITER_PER_DAY?: number;

  /** 0: every re-invite mails a new link. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(7 * 86_400)
  INVITATION_MAIL_INTERVAL_SECONDS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_WINDOW_SECONDS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_FREE?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_PRO?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_ENTERPRISE?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  WORKFLOW_PLANS_PER_HOUR_FREE?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  WORKFLOW_PLANS_PER_HOUR_PRO?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  WORKFLOW_PLANS_PER_HOUR_ENTERPRISE?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RUN_STARTS_PER_HOUR_FREE?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RUN_STARTS_PER_HOUR_PRO?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RUN_STARTS_PER_HOUR_ENTERPRISE?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  RUN_CONCURRENCY_FREE?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  RUN_CONCURRENCY_PRO?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  RUN_CONCURRENCY_ENTERPRISE?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(86_400)
  MIN_SCHEDULE_INTERVAL_SECONDS_FREE?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(86_400)
  MIN_SCHEDULE_INTERVAL_SECONDS_PRO?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(86_400)
  MIN_SCHEDULE_INTERVAL_SECONDS_ENTERPRISE?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  TEAMS_PER_USER?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_RATE_LIMIT_PER_IP?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_FAILURES_PER_IP?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  LOGIN_FREE_ATTEMPTS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(86_400)
  LOGIN_DELAY_SECONDS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(86_400)
  LOGIN_MAX_DELAY_SECONDS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  LOGIN_ACCOUNT_FREE_ATTEMPTS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3600)
  LOGIN_ACCOUNT_DELAY_SECONDS?: number;

  /** Bounded on purpose: it is what the owner at a new address may have to wait. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3600)
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  PASSWORD_CHANGE_ATTEMPTS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_RATE_LIMIT_WINDOW_SECONDS?: number;
}

/** Thrown when the environment is invalid; its message names every offending variable. */
export class InvalidEnvironmentError extends Error {}

/**
 * Validates the raw environment. Empty strings count as unset, so that a `.env` copied from
 * `.env.example` with blank values behaves like an empty environment.
 */
export function validateEnvironment(raw: Record<string, unknown>): EnvironmentVariables {
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ''));
  const env = plainToInstance(EnvironmentVariables, present);
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  if (errors.length > 0) {
    const lines = errors.flatMap((error) =>
      Object.values(error.constraints ?? {}).map((message) =>
        message.startsWith(error.property) ? message : `${error.property}: ${message}`,
      ),
    );
    throw new InvalidEnvironmentError(`Invalid configuration:\n- ${lines.join('\n- ')}`);
  }
  return env;
}
