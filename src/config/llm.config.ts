import { integer, invalid, namespace, size, text, url, type ValuesOf } from './environment.js';
import { type ModelPrices, parseModelPrices } from './model-prices.js';

export const LLM_VARIABLES = namespace('Language models', {
  openaiApiKey: text({ name: 'OPENAI_API_KEY', doc: 'OpenAI key. Unset: the built-in offline model answers (deterministic, no network).' }),
  openaiBaseUrl: url({ name: 'OPENAI_BASE_URL', doc: 'Any OpenAI-compatible server (Ollama, vLLM, LM Studio), e.g. http://localhost:11434/v1' }),
  defaultModel: text({
    name: 'DEFAULT_MODEL',
    doc: 'Model used when neither the request nor the agent names one: `offline` or `openai:<model>`. Default: openai:gpt-4o-mini with OPENAI_API_KEY, else offline.',
  }),
  offlineChunkDelayMs: integer({
    name: 'OFFLINE_MODEL_CHUNK_DELAY_MS',
    default: 0,
    min: 0,
    max: 5000,
    doc: "Pause in ms between the offline model's streamed words, to mimic a remote model.",
  }),
  modelPrices: text({
    name: 'MODEL_PRICES',
    doc:
      "Prices for the usage API's cost column (GET /api/usage), as JSON by model id: per million input and output tokens, and per image, in " +
      'your currency; a price left out is 0. The offline model is free unless listed; a model not listed has no cost shown. Example: ' +
      '{"openai:gpt-4o-mini": {"input": 0.15, "output": 0.6}, "openai:gpt-image-1": {"image": 0.04}}',
  }),
  replyMaxOutputTokens: integer({
    name: 'REPLY_MAX_OUTPUT_TOKENS',
    default: 4096,
    min: 16,
    max: 1_000_000,
    doc:
      "The most tokens one model call of a chat reply or run step may write. A reply or step reserves its prompt's tokens plus this much of " +
      "the team's budget when it starts, in PostgreSQL, so concurrent replies on every instance cannot pass the budget together.",
  }),
  budgetReservationSeconds: integer({
    name: 'BUDGET_RESERVATION_SECONDS',
    default: 900,
    min: 60,
    max: 86_400,
    doc: 'How long such a reservation counts if it is never settled (its instance died), in seconds; longer than RUN_STEP_TIMEOUT_SECONDS.',
  }),
  replyStoreRetrySeconds: integer({
    name: 'REPLY_STORE_RETRY_SECONDS',
    default: 60,
    min: 1,
    max: 600,
    doc:
      "How long a finished reply's store is retried while the database is unavailable, in seconds: the client's stream ends only once " +
      'the reply is stored, or with an error part saying it could not be saved.',
  }),
  streamFlushesPerSecond: integer({
    name: 'STREAM_FLUSHES_PER_SECOND',
    default: 500,
    min: 0,
    max: 1_000_000,
    doc:
      'Instance-wide budget of model stream flushes per second, shared by the replies being streamed: tokens that arrive between two ' +
      'flushes of a reply go out as one chunk, so many concurrent replies cannot saturate the event loop (0: every token on its own).',
  }),
  maxFileBytes: size({
    name: 'CHAT_FILE_MAX_SIZE',
    default: '3mb',
    example: '512kb or 3mb',
    doc:
      'The largest file a chat message may carry (PDF, PNG, JPEG, WebP, GIF, plain text, Markdown, CSV; as data: URLs or links to this ' +
      "service's stored files), e.g. 512kb or 3mb. Files travel base64-encoded, a third larger: keep BODY_LIMIT well above CHAT_REQUEST_FILES_MAX_SIZE.",
  }),
  maxRequestBytes: size({
    name: 'CHAT_REQUEST_FILES_MAX_SIZE',
    default: '3mb',
    example: '512kb or 3mb',
    doc: "The largest sum of the files of one request's new messages; at least CHAT_FILE_MAX_SIZE.",
  }),
});

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
  attachments: AttachmentLimits;
  /** What each model costs, for the cost column of the usage API (MODEL_PRICES). */
  modelPrices: ModelPrices;
  /** The most tokens one model call of a reply or run step may write (REPLY_MAX_OUTPUT_TOKENS), and a reply's output estimate for its budget reservation. */
  replyMaxOutputTokens: number;
  /** How long a budget reservation counts when it is never settled (its instance died). */
  budgetReservationSeconds: number;
  /** How long storing a finished reply is retried while the database is unavailable (REPLY_STORE_RETRY_SECONDS); its end is held back meanwhile. */
  replyStoreRetrySeconds: number;
}

export function llmSettings(values: ValuesOf<typeof LLM_VARIABLES>, runStepTimeoutSeconds: number): LlmSettings {
  const { budgetReservationSeconds, maxFileBytes, maxRequestBytes } = values;
  if (budgetReservationSeconds <= runStepTimeoutSeconds) {
    throw invalid(
      `BUDGET_RESERVATION_SECONDS (${budgetReservationSeconds}) must be longer than RUN_STEP_TIMEOUT_SECONDS (${runStepTimeoutSeconds}): a step's reservation would lapse while it runs`,
    );
  }
  if (maxRequestBytes < maxFileBytes) {
    throw invalid(`CHAT_REQUEST_FILES_MAX_SIZE (${maxRequestBytes} bytes) must be at least CHAT_FILE_MAX_SIZE (${maxFileBytes} bytes)`);
  }
  return {
    openaiApiKey: values.openaiApiKey,
    openaiBaseUrl: values.openaiBaseUrl,
    defaultModel: values.defaultModel ?? (values.openaiApiKey ? 'openai:gpt-4o-mini' : 'offline'),
    offlineChunkDelayMs: values.offlineChunkDelayMs,
    streamFlushesPerSecond: values.streamFlushesPerSecond,
    attachments: { maxFileBytes, maxRequestBytes },
    modelPrices: parseModelPrices(values.modelPrices),
    replyMaxOutputTokens: values.replyMaxOutputTokens,
    budgetReservationSeconds,
    replyStoreRetrySeconds: values.replyStoreRetrySeconds,
  };
}
