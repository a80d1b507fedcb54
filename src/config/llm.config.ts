import { type EnvironmentVariables, InvalidEnvironmentError } from './env.validation.js';
import { type ModelPrices, parseModelPrices } from './model-prices.js';
import type { Plan } from './plans.js';

/** Files a chat request may carry, in bytes (decoded: a data URL is a third larger). */
export interface AttachmentLimits {
  maxFileBytes: number;
  maxRequestBytes: number;
}

export interface LlmSettings {
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  /** Model id used when neither the request nor the agent names one. */
  defaultModel: string;
  /** Pause between the offline model's streamed chunks (0: as fast as possible). */
  offlineChunkDelayMs: number;
  /**
   * The instance's budget of model stream flushes per second, shared by the streams running;
   * tokens that arrive between two flushes of a stream go out together (0: every token alone).
   */
  streamFlushesPerSecond: number;
  /** How long one workflow step (its model calls and tools) may take before the run fails. */
  runStepTimeoutSeconds: number;
  /** Model calls a workflow step may make when they fail transiently (rate limits, 5xx, dropped connections). */
  runStepAttempts: number;
  /** The first pause before a failed call of a step is made again (RUN_STEP_RETRY_BASE_MS), doubling after each. */
  runStepRetryBaseMs: number;
  /** How often an instance looks for runs in progress that no job will execute (see RunSweeperService). */
  runSweepSeconds: number;
  attachments: AttachmentLimits;
  /** What each model costs, for the cost column of the usage API (MODEL_PRICES). */
  modelPrices: ModelPrices;
  /** Input plus output tokens a team may use per calendar month (UTC), by plan; null is unlimited. */
  monthlyTokens: Record<Plan, number | null>;
  /** The most tokens one model call of a reply or run step may write (REPLY_MAX_OUTPUT_TOKENS), and a reply's output estimate for its budget reservation. */
  replyMaxOutputTokens: number;
  /** How long a budget reservation counts when it is never settled (its instance died). */
  budgetReservationSeconds: number;
  /** How long storing a finished reply is retried while the database is unavailable (REPLY_STORE_RETRY_SECONDS); its end is held back meanwhile. */
  replyStoreRetrySeconds: number;
}

export function llmSettings(env: EnvironmentVariables): LlmSettings {
  const runStepTimeoutSeconds = env.RUN_STEP_TIMEOUT_SECONDS ?? 300;
  const budgetReservationSeconds = env.BUDGET_RESERVATION_SECONDS ?? 900;
  if (budgetReservationSeconds <= runStepTimeoutSeconds) {
    throw new InvalidEnvironmentError(
      `Invalid configuration:\n- BUDGET_RESERVATION_SECONDS (${budgetReservationSeconds}) must be longer than RUN_STEP_TIMEOUT_SECONDS (${runStepTimeoutSeconds}): a step's reservation would lapse while it runs`,
    );
  }
  return {
    openaiApiKey: env.OPENAI_API_KEY,
    openaiBaseUrl: env.OPENAI_BASE_URL,
    defaultModel: env.DEFAULT_MODEL ?? (env.OPENAI_API_KEY ? 'openai:gpt-4o-mini' : 'offline'),
    offlineChunkDelayMs: env.OFFLINE_MODEL_CHUNK_DELAY_MS ?? 0,
    streamFlushesPerSecond: env.STREAM_FLUSHES_PER_SECOND ?? 500,
    runStepTimeoutSeconds,
    runStepAttempts: env.RUN_STEP_ATTEMPTS ?? 3,
    runStepRetryBaseMs: env.RUN_STEP_RETRY_BASE_MS ?? 1000,
    runSweepSeconds: env.RUN_SWEEP_SECONDS ?? 15,
    attachments: attachmentLimits(env),
    modelPrices: parseModelPrices(env.MODEL_PRICES),
    monthlyTokens: {
      free: tokenBudget(env.MONTHLY_TOKENS_FREE, 2_000_000),
      pro: tokenBudget(env.MONTHLY_TOKENS_PRO, 20_000_000),
      enterprise: tokenBudget(env.MONTHLY_TOKENS_ENTERPRISE, 0),
    },
    replyMaxOutputTokens: env.REPLY_MAX_OUTPUT_TOKENS ?? 4096,
    budgetReservationSeconds,
    replyStoreRetrySeconds: env.REPLY_STORE_RETRY_SECONDS ?? 60,
  };
}

/** A plan's monthly tokens: the default when unset, and 0 for unlimited. */
function tokenBudget(value: number | undefined, fallback: number): number | null {
  const tokens = value ?? fallback;
  return tokens === 0 ? null : tokens;
}

function attachmentLimits(env: EnvironmentVariables): AttachmentLimits {
  const limits = { maxFileBytes: bytesOf(env.CHAT_FILE_MAX_SIZE ?? '3mb'), maxRequestBytes: bytesOf(env.CHAT_REQUEST_FILES_MAX_SIZE ?? '3mb') };
  if (limits.maxRequestBytes < limits.maxFileBytes) {
    throw new InvalidEnvironmentError(
      `Invalid configuration:\n- CHAT_REQUEST_FILES_MAX_SIZE (${limits.maxRequestBytes} bytes) must be at least CHAT_FILE_MAX_SIZE (${limits.maxFileBytes} bytes)`,
    );
  }
  return limits;
}

/** `512kb` or `3mb` (validated), in bytes as body-parser counts them: 1 kb = 1024 bytes. */
function bytesOf(size: string): number {
  const match = /^(\d+)(kb|mb)$/i.exec(size);
  if (!match) throw new InvalidEnvironmentError(`Invalid configuration:\n- not a size: ${size}`);
  return Number(match[1]) * (match[2].toLowerCase() === 'kb' ? 1024 : 1024 * 1024);
}
